import { z } from 'zod';
import { MoreInfoSchema } from './more-info.ts';
import { AcceptedOfferTypeSchema, OfferFieldsSchema } from './offers.ts';
import { PROFILE_IMAGE_TYPES } from './profile-image.ts';
import { QuoteStatusSchema } from './quote-status.ts';
import { ReviewResponseItemSchema } from './review-response.ts';
import {
  ClientMessageSchema,
  ItemTimelineSchema,
  NextStepSchema,
  OfferExpiryDaysSchema,
  OffersViewedSchema,
  QuoteActorSchema,
  TimelineStepSchema,
} from './timeline.ts';

/* ---------- Statuses the server's life cycle uses (ARCHITECTURE.md "Quote life cycle") ---------- */

/** The statuses a quote takes on this server; §4's other values only arrive from older systems. */
export const LIFECYCLE_STATUSES = [
  'pending_authentication',
  'authentication_in_progress',
  'authenticated_no_offer',
  'authenticated_with_offer',
  'fake',
  'needs_more_info',
  'offer_pending',
  'offer_accepted',
  'rejected',
  'in_transit',
  'received',
  'converted',
  'sold',
] as const;
export const LifecycleStatusSchema = QuoteStatusSchema.extract(LIFECYCLE_STATUSES);
export type LifecycleStatus = z.infer<typeof LifecycleStatusSchema>;

/** Statuses in which a client's answer to the offers may be recorded (stylist or client page). */
export const ANSWERABLE_STATUSES: readonly LifecycleStatus[] = [
  'authenticated_with_offer',
  'offer_pending',
];

/** Whether a quote in `status` waits for the client's answer to its offers (decision 0005). */
export function isAwaitingAnswer(status: string | null | undefined): boolean {
  return (ANSWERABLE_STATUSES as readonly (string | null | undefined)[]).includes(status);
}

export const AuthenticationStatusSchema = z.enum(['pending', 'authentic', 'counterfeit']);
export type AuthenticationStatus = z.infer<typeof AuthenticationStatusSchema>;

/** The quote card's authentication status text (§2). */
export const AUTHENTICATION_STATUS_TEXT: Readonly<Record<AuthenticationStatus, string>> = {
  pending: 'Authentication pending',
  authentic: 'Authenticated',
  counterfeit: 'Could not be authenticated',
};

/* ---------- Images ---------- */

/** Largest quote photo the server accepts, before re-encoding. */
export const QUOTE_IMAGE_MAX_BYTES = 15 * 1024 * 1024;
/** Largest photo in pixels (width × height) the server decodes. */
export const QUOTE_IMAGE_MAX_PIXELS = 50_000_000;
/** The same formats as profile photos. */
export const QUOTE_IMAGE_TYPES = PROFILE_IMAGE_TYPES;
export const QUOTE_MAX_IMAGES = 10;

/**
 * POST /api/stylist/white-glove-quotes/images, multipart field `image` (§3 "Uploaded image").
 * The image belongs to the uploading stylist until a quote takes it.
 */
export const UploadedImageSchema = z.object({
  id: z.number().int(),
  /** The re-encoded photo, at most 2048 px on its longest side. */
  url: z.string(),
  /** A 400 px square for cards and previews. */
  thumbnailUrl: z.string(),
});
export type UploadedImage = z.infer<typeof UploadedImageSchema>;

/* ---------- The quote resource ---------- */

export const QuoteImageSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  thumbnailUrl: z.string(),
});
export type QuoteImage = z.infer<typeof QuoteImageSchema>;

/** Offers in dollars; null where the back office made no such offer. */
export const QuoteOffersSchema = z.object({
  consignmentEstimate: z.number().nullable(),
  buyoutQuote: z.number().nullable(),
  buybackQuote: z.number().nullable(),
  acceptedOfferType: AcceptedOfferTypeSchema.nullable(),
});
export type QuoteOffers = z.infer<typeof QuoteOffersSchema>;

/** A label the stylist ships with, or a pickup (the database's `shipments.kind`). */
export const SHIPMENT_KINDS = ['label', 'pickup'] as const;
export const ShipmentKindSchema = z.enum(SHIPMENT_KINDS);
export type ShipmentKind = z.infer<typeof ShipmentKindSchema>;

export const QuoteShipmentSchema = z.object({
  id: z.number().int(),
  kind: ShipmentKindSchema,
  labelUrl: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  shiplistPDFLink: z.string().nullable(),
  /** The signed pickup receipt (PDF); null for a label, or a pickup made before receipts. */
  receiptUrl: z.string().nullable(),
  shippedDate: z.string(),
});
export type QuoteShipment = z.infer<typeof QuoteShipmentSchema>;

export const QuoteHistoryEntrySchema = z.object({
  from: LifecycleStatusSchema.nullable(),
  to: LifecycleStatusSchema,
  actor: QuoteActorSchema,
  note: z.string().nullable(),
  at: z.string(),
});
export type QuoteHistoryEntry = z.infer<typeof QuoteHistoryEntrySchema>;

/** §3 "Quote / pending item", as this server sends it. */
export const QuoteAttributesSchema = z.object({
  name: z.string(),
  description: z.string(),
  brand: z.string(),
  brandId: z.number().int(),
  category: z.string(),
  categoryId: z.number().int(),
  images: z.array(QuoteImageSchema),
  /** The first image's thumbnail and full size; null when the quote has no image. */
  thumbnail_url: z.string().nullable(),
  image_url: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: LifecycleStatusSchema,
  /** `concierge` once the stylist picked the item up in person. */
  pickup_type: z.string().nullable(),
  authenticationStatus: AuthenticationStatusSchema.nullable(),
  hasPurchaseOffer: z.boolean(),
  /** The back office approved the offers for presentation to the client. */
  isApproved: z.boolean(),
  barCode: z.string(),
  offers: QuoteOffersSchema,
  commenter: z.string().nullable(),
  commentToCustomer: z.string().nullable(),
  shipment: QuoteShipmentSchema.nullable(),
  /** Every status change, oldest first. */
  statusHistory: z.array(QuoteHistoryEntrySchema),
  /** The dated steps the client also sees on their hub, and what comes next (decision 0029). */
  timeline: ItemTimelineSchema,
  /** When the offers stop being open to an answer; null when they do not expire. */
  offersExpireAt: z.string().nullable(),
  /** When the client opened a page showing the open offers, first and last; null if never. */
  offersViewed: OffersViewedSchema.nullable(),
  /** The client's questions and reasons for declining, oldest first. */
  clientMessages: z.array(ClientMessageSchema),
  /** The back office's latest request for more information and the stylist's answer; null if none. */
  moreInfo: MoreInfoSchema.nullable(),
});
export type QuoteAttributes = z.infer<typeof QuoteAttributesSchema>;

export const QuoteResourceSchema = z.object({
  id: z.number().int(),
  type: z.literal('white-glove-quotes'),
  attributes: QuoteAttributesSchema,
  links: z.object({
    /** The admin pending-item record; null when no admin site is configured. */
    admin: z.string().nullable(),
  }),
});
export type QuoteResource = z.infer<typeof QuoteResourceSchema>;

export const QuoteDocumentSchema = z.object({ data: QuoteResourceSchema });
export type QuoteDocument = z.infer<typeof QuoteDocumentSchema>;

export const QuoteListClientSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
});

/** GET /api/stylist/clients/{clientId}/quotes: the client's quotes, newest first. */
export const QuoteListDocumentSchema = z.object({
  data: z.array(QuoteResourceSchema),
  meta: z.object({ client: QuoteListClientSchema }),
});
export type QuoteListDocument = z.infer<typeof QuoteListDocumentSchema>;

/* ---------- What the web reads: §7 lets the list come as an array, data or data.data ---------- */

const LooseId = z.union([z.number(), z.string()]);
const LooseText = z.string().nullish().catch(null);

type Lenient<Shape extends Record<string, z.ZodType>> = {
  [Key in keyof Shape]: z.ZodCatch<z.ZodOptional<z.ZodNullable<Shape[Key]>>>;
};

/** Each field as it is, or null when an older record lacks or garbles it. */
function lenient<Shape extends Record<string, z.ZodType>>(shape: Shape): Lenient<Shape> {
  return Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [key, field.nullish().catch(null)]),
  ) as Lenient<Shape>;
}

const LooseImage = z.looseObject({
  id: LooseId.nullish(),
  url: z.string(),
  thumbnailUrl: z.string().nullish(),
});

/**
 * A quote as the web reads it: every §3 field may be missing or null, so the sanity checks of §5
 * can name what is wrong instead of the whole list failing to parse. Beyond that, only the legacy
 * fields are read loosely: older records carry §4's other statuses, alternate offer names, text
 * ids and the ship-list link's other spelling.
 */
export const LooseQuoteAttributesSchema = OfferFieldsSchema.partial().extend({
  ...lenient(QuoteAttributesSchema.shape),
  status: LooseText,
  images: z.array(LooseImage).nullish().catch(null),
  offers: OfferFieldsSchema.partial().nullish().catch(null),
  shipment: z
    .looseObject({
      id: LooseId.nullish(),
      ...lenient(
        QuoteShipmentSchema.pick({
          labelUrl: true,
          trackingNumber: true,
          shiplistPDFLink: true,
          receiptUrl: true,
        }).shape,
      ),
      shiplistPdfLink: LooseText,
    })
    .nullish()
    .catch(null),
  // A malformed step or message is left out (null) rather than losing the rest.
  timeline: z
    .object({
      steps: z.array(TimelineStepSchema.nullable().catch(null)).catch([]),
      next: NextStepSchema.pick({ title: true, estimate: true }).nullable().catch(null),
    })
    .nullish()
    .catch(null),
  clientMessages: z
    .array(
      ClientMessageSchema.extend({
        // A reason this page does not know reads as none; the message itself still shows.
        reason: ClientMessageSchema.shape.reason.catch(null),
        text: z.string().catch(''),
      })
        .nullable()
        .catch(null),
    )
    .nullish()
    .catch(null),
});
export type LooseQuoteAttributes = z.infer<typeof LooseQuoteAttributesSchema>;

export const LooseQuoteResourceSchema = z.preprocess(
  // A bare quote (no `attributes`) is read as its own attributes.
  (value) =>
    value !== null && typeof value === 'object' && !('attributes' in value)
      ? { id: (value as { id?: unknown }).id, attributes: value }
      : value,
  z.object({
    id: LooseId,
    attributes: LooseQuoteAttributesSchema,
    links: z.object({ admin: z.string().nullish() }).nullish().catch(null),
  }),
);
export type LooseQuoteResource = z.infer<typeof LooseQuoteResourceSchema>;

const LooseQuoteList = z.array(LooseQuoteResourceSchema);
const LooseMeta = z
  .object({ client: QuoteListClientSchema.nullish().catch(null) })
  .nullish()
  .catch(null);

/** The quote list as the web reads it: `[…]`, `{data: […]}` or `{data: {data: […]}}`. */
export const QuoteListAnswerSchema = z
  .union([
    LooseQuoteList,
    z.object({ data: LooseQuoteList, meta: LooseMeta }),
    z.object({ data: z.object({ data: LooseQuoteList }), meta: LooseMeta }),
  ])
  .transform((answer) => {
    if (Array.isArray(answer)) return { quotes: answer, client: null };
    const quotes = Array.isArray(answer.data) ? answer.data : answer.data.data;
    return { quotes, client: answer.meta?.client ?? null };
  });
export type QuoteListAnswer = z.infer<typeof QuoteListAnswerSchema>;

/* ---------- Requests ---------- */

const recordId = (what: string) =>
  z
    .number({ error: `Choose ${what}` })
    .int(`Choose ${what}`)
    .positive(`Choose ${what}`)
    .max(2_147_483_647, `No such ${what.replace(/^(a|an|the) /, '')}`);

export const QUOTE_NAME_MAX_LENGTH = 200;
export const QUOTE_DESCRIPTION_MAX_LENGTH = 2000;

/** POST /api/stylist/white-glove-quotes (§3 "New quote payload"). */
export const CreateQuoteBodySchema = z.strictObject({
  brandId: recordId('a designer'),
  categoryId: recordId('a category'),
  name: z
    .string({ error: 'Enter the item name' })
    .trim()
    .min(1, { error: 'Enter the item name', abort: true })
    .max(QUOTE_NAME_MAX_LENGTH, `Keep the name under ${QUOTE_NAME_MAX_LENGTH} characters`),
  description: z
    .string({ error: 'The description must be text' })
    .trim()
    .max(
      QUOTE_DESCRIPTION_MAX_LENGTH,
      `Keep the description under ${QUOTE_DESCRIPTION_MAX_LENGTH} characters`,
    )
    .nullish()
    .transform((text) => text ?? ''),
  imageIds: z
    .array(recordId('a photo'), { error: 'Add at least one photo' })
    .min(1, 'Add at least one photo')
    .max(QUOTE_MAX_IMAGES, `Add at most ${QUOTE_MAX_IMAGES} photos`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each photo may be added once'),
  clientId: recordId('a client'),
});
export type CreateQuoteBody = z.input<typeof CreateQuoteBodySchema>;

/** A quote id as the response payload sends it: a numeric string (or a number). */
const QuoteIdInput = z
  .union([z.number(), z.string().regex(/^\d{1,10}$/, 'Not a quote id')])
  .transform(Number)
  .pipe(z.number().int().positive('Not a quote id').max(2_147_483_647, 'Not a quote id'));

export const RecordResponseItemSchema = ReviewResponseItemSchema.extend({
  id: QuoteIdInput,
}).refine(
  ({ attributes: a }) =>
    a.is_rejected === (a.accepted_offer_type === 'rejected') && a.is_accepted === !a.is_rejected,
  {
    message: 'accepted_offer_type, is_accepted and is_rejected disagree',
    path: ['attributes'],
  },
);

/** PATCH /api/stylist/clients/{clientId}/quotes: the client's answers, recorded all or nothing. */
export const RecordResponsesBodySchema = z.strictObject({
  data: z
    .array(RecordResponseItemSchema, { error: 'Send at least one answer' })
    .min(1, 'Send at least one answer')
    .max(200, 'Send at most 200 answers at once')
    .refine(
      (items) => new Set(items.map((item) => item.id)).size === items.length,
      'Each quote may be answered once',
    ),
});
export type RecordResponsesBody = z.input<typeof RecordResponsesBodySchema>;

export const QuoteListDataSchema = z.object({ data: z.array(QuoteResourceSchema) });
export type QuoteListData = z.infer<typeof QuoteListDataSchema>;

/* ---------- Back office (admin role): moving a quote through its life cycle ---------- */

const dollars = (what: string) =>
  z
    .number({ error: `${what} must be an amount in dollars` })
    .positive(`${what} must be above $0`)
    .max(10_000_000, `${what} is too large`)
    .refine((amount) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6, {
      error: `${what} must be in whole cents`,
    });

export const OffersInputSchema = z
  .strictObject({
    consignmentEstimate: dollars('The consignment estimate').nullish(),
    buyoutQuote: dollars('The buyout quote').nullish(),
    buybackQuote: dollars('The buyback quote').nullish(),
  })
  .refine(
    (offers) => Object.values(offers).some((amount) => amount != null),
    'Make at least one offer',
  );
export type OffersInput = z.infer<typeof OffersInputSchema>;

const note = z.string().trim().max(1000, 'Keep the note under 1000 characters').optional();
const commentToCustomer = z
  .string({ error: 'Write what the client should be told' })
  .trim()
  .min(1, 'Write what the client should be told')
  .max(2000, 'Keep the comment under 2000 characters');

/** POST /api/admin/quotes/{quoteId}/actions: one step of the life cycle. */
export const AdminQuoteActionSchema = z.discriminatedUnion(
  'action',
  [
    z.strictObject({ action: z.literal('start_authentication'), note }),
    /** With offers → authenticated_with_offer (approved for presentation); without → no offer. */
    z.strictObject({
      action: z.literal('authenticate'),
      offers: OffersInputSchema.optional(),
      /** How long the offers stay open; the server's default (OFFER_EXPIRY_DAYS) otherwise. */
      expiresInDays: OfferExpiryDaysSchema.optional(),
      note,
    }),
    /** Make or revise offers on an authenticated quote that the client has not answered. */
    z.strictObject({
      action: z.literal('set_offers'),
      offers: OffersInputSchema,
      expiresInDays: OfferExpiryDaysSchema.optional(),
      note,
    }),
    /** Open the offers again for `expiresInDays` (expired or not), with a new reminder. */
    z.strictObject({
      action: z.literal('renew_offers'),
      expiresInDays: OfferExpiryDaysSchema.optional(),
      note,
    }),
    z.strictObject({ action: z.literal('mark_counterfeit'), commentToCustomer, note }),
    z.strictObject({ action: z.literal('request_more_info'), commentToCustomer, note }),
    z.strictObject({ action: z.literal('resume_authentication'), note }),
    z.strictObject({ action: z.literal('receive'), note }),
    z.strictObject({ action: z.literal('convert'), note }),
  ],
  { error: 'Choose an action' },
);
export type AdminQuoteAction = z.infer<typeof AdminQuoteActionSchema>;
export type AdminQuoteActionName = AdminQuoteAction['action'];
export const ADMIN_QUOTE_ACTIONS = AdminQuoteActionSchema.options.map(
  (option) => option.shape.action.value,
);
