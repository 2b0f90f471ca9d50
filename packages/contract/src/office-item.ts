import { z } from 'zod';
import { RecordSaleBodySchema } from './commissions.ts';
import {
  OfficeHolderSchema,
  OfficePersonSchema,
  OfficeStageSchema,
  SLA_STATES,
  type OfficeRight,
} from './office.ts';
import { OffersInputSchema, QuoteResourceSchema, type LifecycleStatus } from './quotes.ts';
import { OfferExpiryDaysSchema } from './timeline.ts';

/* ---------- One item in the back office: its workspace, decisions and internal notes ---------- */

/** The decisions the workspace offers, in the order an item meets them. */
export const OFFICE_DECISIONS = [
  'start_authentication',
  'authentic',
  'counterfeit',
  'request_more_info',
  'make_offers',
  'renew_offers',
  'receive',
  'convert',
  'record_sale',
] as const;
export type OfficeDecision = (typeof OFFICE_DECISIONS)[number];

export const OFFICE_DECISION_LABELS: Readonly<Record<OfficeDecision, string>> = {
  start_authentication: 'Start authentication',
  authentic: 'Authentic',
  counterfeit: 'Counterfeit',
  request_more_info: 'Request more info',
  make_offers: 'Make offers',
  renew_offers: 'Renew offers',
  receive: 'Receive',
  convert: 'Convert',
  record_sale: 'Record sale',
};

/** The right each decision needs. */
export const OFFICE_DECISION_RIGHTS: Readonly<Record<OfficeDecision, OfficeRight>> = {
  start_authentication: 'authenticate',
  authentic: 'authenticate',
  counterfeit: 'authenticate',
  request_more_info: 'authenticate',
  make_offers: 'price',
  renew_offers: 'price',
  receive: 'receive',
  convert: 'receive',
  record_sale: 'pay',
};

/** Where each decision applies. */
export const OFFICE_DECISION_FROM: Readonly<Record<OfficeDecision, readonly LifecycleStatus[]>> = {
  start_authentication: ['pending_authentication'],
  authentic: ['authentication_in_progress'],
  counterfeit: ['authentication_in_progress'],
  request_more_info: ['authentication_in_progress'],
  make_offers: ['authenticated_no_offer', 'authenticated_with_offer'],
  renew_offers: ['authenticated_with_offer', 'offer_pending'],
  receive: ['in_transit'],
  convert: ['received'],
  record_sale: ['converted'],
};

const note = z.string().trim().max(1000, 'Keep the note under 1000 characters').optional();
/**
 * What the caller saw: the item's version when it loaded. A decision on an item someone else
 * changed since answers 409.
 */
const version = z.number({ error: 'Send the version of the item you saw' }).int().min(0);

/** POST /api/office/items/{quoteId}/decisions */
export const OfficeDecisionBodySchema = z.discriminatedUnion(
  'decision',
  [
    z.strictObject({ decision: z.literal('start_authentication'), version, note }),
    z.strictObject({ decision: z.literal('authentic'), version, note }),
    z.strictObject({
      decision: z.literal('counterfeit'),
      version,
      /** Why, for the record (internal); required: without one the answer is 422. */
      reason: z.string().trim().max(1000, 'Keep the reason under 1000 characters').optional(),
      /** What the client is told; a plain default when left out. */
      commentToCustomer: z
        .string()
        .trim()
        .max(2000, 'Keep the comment under 2000 characters')
        .optional(),
    }),
    z.strictObject({
      decision: z.literal('request_more_info'),
      version,
      /** What is missing, in a few words: "a photo of the date code". */
      missing: z
        .string({ error: 'Say what is missing' })
        .trim()
        .min(1, 'Say what is missing')
        .max(200, 'Say it in under 200 characters'),
      /** The message to the stylist and the client. */
      message: z
        .string({ error: 'Write a message' })
        .trim()
        .min(1, 'Write a message')
        .max(2000, 'Keep the message under 2000 characters'),
    }),
    z.strictObject({
      decision: z.literal('make_offers'),
      version,
      offers: OffersInputSchema,
      expiresInDays: OfferExpiryDaysSchema.optional(),
      note,
    }),
    z.strictObject({
      decision: z.literal('renew_offers'),
      version,
      expiresInDays: OfferExpiryDaysSchema.optional(),
      note,
    }),
    z.strictObject({ decision: z.literal('receive'), version, note }),
    z.strictObject({ decision: z.literal('convert'), version, note }),
    RecordSaleBodySchema.extend({ decision: z.literal('record_sale'), version }),
  ],
  { error: `decision must be one of ${OFFICE_DECISIONS.join(', ')}` },
);
export type OfficeDecisionBody = z.input<typeof OfficeDecisionBodySchema>;

/** A staff member's internal note on an item: never shown to the stylist or the client. */
export const OfficeNoteSchema = z.object({
  id: z.number().int(),
  author: z.object({ userId: z.string(), name: z.string() }),
  text: z.string(),
  /** ISO 8601 */
  createdAt: z.iso.datetime(),
});
export type OfficeNote = z.infer<typeof OfficeNoteSchema>;

/** POST /api/office/items/{quoteId}/notes */
export const OfficeNoteBodySchema = z.strictObject({
  text: z
    .string({ error: 'Write the note' })
    .trim()
    .min(1, 'Write the note')
    .max(4000, 'Keep the note under 4000 characters'),
});
export type OfficeNoteBody = z.infer<typeof OfficeNoteBodySchema>;

export const OfficeNoteDocumentSchema = z.object({ data: OfficeNoteSchema });

export const SECOND_OPINION_VERDICTS = ['approve', 'reject'] as const;
export type SecondOpinionVerdict = (typeof SECOND_OPINION_VERDICTS)[number];

/** A decision waiting for a second opinion, as the workspace and the tab show it. */
export const OfficeSecondOpinionSchema = z.object({
  id: z.number().int(),
  decision: z.enum(OFFICE_DECISIONS),
  /** The decision in one line ("Offers: consignment $6,500.00, buyout $5,200.00"). */
  summary: z.string(),
  author: z.object({ userId: z.string(), name: z.string() }),
  /** ISO 8601 */
  createdAt: z.iso.datetime(),
  /** Whether the caller may approve or send it back: not its author, and holding its right. */
  canResolve: z.boolean(),
});
export type OfficeSecondOpinion = z.infer<typeof OfficeSecondOpinionSchema>;

/** GET /api/office/items/{quoteId}: the item as the stylist sees it, and the office's own facts. */
export const OfficeItemDocumentSchema = z.object({
  data: z.object({
    quote: QuoteResourceSchema,
    stylist: OfficePersonSchema.extend({ email: z.string() }),
    client: OfficePersonSchema.extend({
      email: z.string().nullable(),
      phone: z.string().nullable(),
    }),
    /** Null once the item is done (counterfeit, declined). */
    stage: OfficeStageSchema.nullable(),
    enteredAt: z.iso.datetime(),
    businessHours: z.number(),
    sla: z.object({ state: z.enum(SLA_STATES), targetHours: z.number() }).nullable(),
    holder: OfficeHolderSchema.nullable(),
    /** The decisions the caller may take now (their rights and the item's status). */
    decisions: z.array(z.enum(OFFICE_DECISIONS)),
    /** Oldest first. */
    notes: z.array(OfficeNoteSchema),
    /** A decision on it waiting for a second staff member's approval (issue 30), or null. */
    secondOpinion: OfficeSecondOpinionSchema.nullable(),
    /** Send it back with a decision: it changes with every step of the item. */
    version: z.number().int(),
  }),
});
export type OfficeItemDocument = z.infer<typeof OfficeItemDocumentSchema>;
