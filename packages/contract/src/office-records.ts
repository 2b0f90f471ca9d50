import { z } from 'zod';
import { OfficePersonSchema, OfficeStageSchema, SLA_STATES } from './office.ts';
import { PaymentMethodSchema } from './payment-method.ts';
import { LifecycleStatusSchema } from './quotes.ts';

/* ---------- The back office's records of a client and of a stylist (/office/clients, /office/stylists) ---------- */

/** A stage lists at most this many of its items (oldest in stage first); its count says how many. */
export const OFFICE_RECORD_ITEMS_PER_STAGE = 10;
/** A stylist's record lists at most this many clients (by name); the total says how many. */
export const OFFICE_RECORD_CLIENTS = 50;
/** A record lists at most this many commissions (newest first), and a client this many links. */
export const OFFICE_RECORD_COMMISSIONS = 20;
export const OFFICE_RECORD_LINKS = 20;

export const StylistIdParamsSchema = z.strictObject({
  stylistId: z.coerce
    .number({ error: 'Stylist id must be a number' })
    .int('Stylist id must be a whole number')
    .positive('Stylist id must be a whole number')
    .max(2_147_483_647, 'No such stylist'),
});

/** One item on a record, linking to its workspace. */
export const OfficeRecordItemSchema = z.object({
  quoteId: z.number().int(),
  name: z.string(),
  designer: z.string(),
  status: LifecycleStatusSchema,
  /** When the item came into its stage (ISO 8601). */
  enteredAt: z.iso.datetime(),
  /** Business hours in its stage; with its SLA while it waits in a queue. */
  businessHours: z.number(),
  sla: z.enum(SLA_STATES).nullable(),
});
export type OfficeRecordItem = z.infer<typeof OfficeRecordItemSchema>;

/** The items of one stage; `stage` null holds those done (counterfeit, declined). */
export const OfficeRecordStageSchema = z.object({
  stage: OfficeStageSchema.nullable(),
  count: z.number().int(),
  /** The oldest in the stage first, at most OFFICE_RECORD_ITEMS_PER_STAGE. */
  items: z.array(OfficeRecordItemSchema),
});
export type OfficeRecordStage = z.infer<typeof OfficeRecordStageSchema>;

export const OfficeRecordCommissionSchema = z.object({
  id: z.number().int(),
  quoteId: z.number().int().nullable(),
  productName: z.string(),
  brand: z.string(),
  amountCents: z.number().int(),
  /** ISO 8601: when the sale was recorded, and when the commission was paid (null: pending). */
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  /** The stylist's record names each commission's client. */
  client: OfficePersonSchema.optional(),
});

const TotalSchema = z.object({ count: z.number().int(), totalCents: z.number().int() });

export const OfficeRecordCommissionsSchema = z.object({
  pending: TotalSchema,
  paid: TotalSchema,
  /** Newest first, at most OFFICE_RECORD_COMMISSIONS. */
  latest: z.array(OfficeRecordCommissionSchema),
});
export type OfficeRecordCommissions = z.infer<typeof OfficeRecordCommissionsSchema>;

export const OFFICE_LINK_PURPOSE_LABELS = {
  hub: 'Hub',
  'client-response': 'Curated For',
  'quote-share': 'Quote share',
  'offer-approval': 'Offer approval',
  manifest: 'Manifest',
} as const;
export type OfficeLinkPurpose = keyof typeof OFFICE_LINK_PURPOSE_LABELS;
const OFFICE_LINK_PURPOSES = Object.keys(OFFICE_LINK_PURPOSE_LABELS) as [
  OfficeLinkPurpose,
  ...OfficeLinkPurpose[],
];

export const OFFICE_LINK_STATES = ['live', 'revoked', 'expired'] as const;
export type OfficeLinkState = (typeof OFFICE_LINK_STATES)[number];

/** One of the client's access links: what it opens and whether it still does (never its token). */
export const OfficeRecordLinkSchema = z.object({
  id: z.number().int(),
  purpose: z.enum(OFFICE_LINK_PURPOSES),
  state: z.enum(OFFICE_LINK_STATES),
  /** ISO 8601 */
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  revokedAt: z.iso.datetime().nullable(),
});
export type OfficeRecordLink = z.infer<typeof OfficeRecordLinkSchema>;

/** GET /api/office/clients/{clientId}: the §2 "admin supplier record". */
export const OfficeClientRecordDocumentSchema = z.object({
  data: z.object({
    client: z.object({
      id: z.number().int(),
      name: z.string(),
      email: z.string(),
      phone: z.string(),
      address: z.string(),
      city: z.string(),
      state: z.string(),
      postalCode: z.string(),
      /** ISO 8601: when the client's personal data was erased, or null. */
      erasedAt: z.iso.datetime().nullable(),
      createdAt: z.iso.datetime(),
    }),
    stylist: OfficePersonSchema.extend({ email: z.string() }),
    /** Every stage with items, in the queues' order, then the items done. */
    stages: z.array(OfficeRecordStageSchema),
    links: z.object({
      live: z.number().int(),
      /** Newest first, at most OFFICE_RECORD_LINKS. */
      latest: z.array(OfficeRecordLinkSchema),
      total: z.number().int(),
    }),
    commissions: OfficeRecordCommissionsSchema,
  }),
});
export type OfficeClientRecordDocument = z.infer<typeof OfficeClientRecordDocumentSchema>;

/** GET /api/office/stylists/{stylistId}: a stylist, their clients, items and commissions. */
export const OfficeStylistRecordDocumentSchema = z.object({
  data: z.object({
    stylist: z.object({
      id: z.number().int(),
      name: z.string(),
      email: z.string(),
      /** The postal address as one line, or null without one. */
      address: z.string().nullable(),
      payoutMethod: PaymentMethodSchema,
      paypalAddress: z.string().nullable(),
      createdAt: z.iso.datetime(),
    }),
    clients: z.object({
      total: z.number().int(),
      /** By last name, at most OFFICE_RECORD_CLIENTS. */
      list: z.array(OfficePersonSchema.extend({ email: z.string() })),
    }),
    stages: z.array(OfficeRecordStageSchema),
    commissions: OfficeRecordCommissionsSchema,
  }),
});
export type OfficeStylistRecordDocument = z.infer<typeof OfficeStylistRecordDocumentSchema>;

/** POST /api/office/clients/{clientId}/links/revoke: how many live links it ended. */
export const OfficeRevokedLinksDocumentSchema = z.object({
  data: z.object({ clientId: z.number().int(), revoked: z.number().int().min(0) }),
});
export type OfficeRevokedLinksDocument = z.infer<typeof OfficeRevokedLinksDocumentSchema>;
