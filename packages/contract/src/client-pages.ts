import { z } from 'zod';
import { PAYMENT_METHOD_WORDS, PaymentMethodSchema, type PaymentMethod } from './account.ts';
import { ErrorBodySchema } from './errors.ts';
import { CLIENT_RESPONSE_ROUTE } from './http.ts';
import { ACCESS_TOKEN_PATTERN } from './pickup.ts';
import { AcceptedOfferTypeSchema, ClientResponseSchema } from './offers.ts';
import { RecordResponsesBodySchema } from './quotes.ts';

/*
 * The pages a client opens from an email, without signing in (§2, §6, §7
 * `/api/client/{routeName}/{token}`; docs/decisions/0008). Each page's route name is part of its
 * API path, and its `:id` is a link token, never a sequential id.
 */

/** Route names of the three client pages; each is also the `{routeName}` of its API path. */
export const CLIENT_PAGE_ROUTES = {
  /** "Curated For" (§2 Client response page): Yes/No to each buyout offer. */
  curated: CLIENT_RESPONSE_ROUTE,
  /** "Quote Share" (§2 `/quote/:id`, route name `quotes`): every quote, read-only. */
  quoteShare: 'quotes',
  /** "Approve White Glove Offers" (§2 `/quotes/:id`, route name `quote-offer`): consign or buyout. */
  offerApproval: 'quote-offer',
} as const;
export type ClientPageRoute = (typeof CLIENT_PAGE_ROUTES)[keyof typeof CLIENT_PAGE_ROUTES];

export const ClientPageParamsSchema = z.strictObject({
  token: z.string().regex(ACCESS_TOKEN_PATTERN, 'Not a valid link'),
});

/* ---------- Texts of §2 and of the states the spec leaves to us ---------- */

export const CLIENT_PAGE_TEXT = {
  curatedFor: 'Curated For',
  sellQuestion: 'would you like to sell this item?',
  yes: 'Yes',
  no: 'No',
  yourStylist: 'Your Stylist',
  confirm: 'confirm quotes',
  thanks: (firstName: string, stylistName: string) =>
    `Thanks, ${firstName}! Your Quotes are now confirmed. We will notify your stylist ${stylistName} immediately.`,
  nothingToReview: (firstName: string) =>
    `Sorry, ${firstName}, there are no quotes to review at this time.`,
  counter: (position: number, total: number) => `${position} of ${total}`,
  /** A link that is unknown, expired or revoked: said plainly, with what to do. */
  linkNotValid: 'This link has expired or is no longer valid.',
  linkNotValidHelp: 'Ask your stylist to send you a new link.',
  yourAnswers: 'Your answers',
  loadFailed: "We couldn't load your quotes.",
  loadFailedHelp: 'Check your connection, then try again.',
  confirmFailed: "We couldn't confirm your answers. Please try again.",
  /** A confirm refused because the quotes were answered first, e.g. from another device (409). */
  alreadyAnsweredTitle: 'Already answered',
  alreadyAnsweredHelp:
    'These quotes were answered before, perhaps on another device. Your answers here were not recorded.',
  answeredBefore: (answer: string, when: string) => `Answered ${answer} on ${when}.`,
  notRecorded: (answer: string) => `Your ${answer} here was not recorded.`,
  whatHappensNext: 'What happens next',
  nextCollect: (stylistName: string) =>
    `${stylistName} will collect the items you are selling, or send you a shipping label for them.`,
  nextPayment: (amount: string, method: PaymentMethod | null) =>
    method === null
      ? `You will receive ${amount}; your stylist will confirm how you are paid.`
      : `You will receive ${amount} by ${PAYMENT_METHOD_WORDS[method]}.`,
  nextKeep: 'The items you said No to stay with you; there is nothing more to do for them.',
  quoteShareHeading: 'Quote Share',
  offerApprovalHeading: 'Approve White Glove Offers',
  responseRequiredTitle: 'Response Required',
  responseRequired: 'Please respond to all offers for each quote',
  submitResponses: 'Submit Responses',
  responsesSubmitted: 'Responses submitted successfully!',
  submitFailed: 'Failed to submit responses. Please try again.',
  noOffersToApprove: (firstName: string) =>
    `Sorry, ${firstName}, there are no offers to approve at this time.`,
  noQuotesToShare: (firstName: string) => `Sorry, ${firstName}, there are no quotes to show yet.`,
} as const;

/* ---------- What the pages show ---------- */

/** The people a client page names: the client in its header, the stylist in its footer. */
export const ClientPageMetaSchema = z.object({
  client: z.object({
    firstName: z.string(),
    lastName: z.string(),
    /** How the client chose to be paid for what they sell; null when they never chose. */
    paymentMethod: PaymentMethodSchema.nullable(),
  }),
  stylist: z.object({
    firstName: z.string(),
    name: z.string(),
    initials: z.string(),
    thumbnailUrl: z.string().nullable(),
  }),
  /** When the link stops working (ISO 8601). */
  expiresAt: z.iso.datetime({ offset: true }),
});
export type ClientPageMeta = z.infer<typeof ClientPageMetaSchema>;

/** An answer the client gave on one of these pages, and when (the audit keeps which link). */
export const ClientAnswerSchema = z.object({
  response: AcceptedOfferTypeSchema,
  answeredAt: z.iso.datetime({ offset: true }),
});
export type ClientAnswer = z.infer<typeof ClientAnswerSchema>;

/** One quote as a client sees it: no internal notes, bar codes or admin links. */
export const ClientQuoteSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  brand: z.string(),
  category: z.string(),
  /** First image and its thumbnail; null when the quote has none. */
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  status: z.string(),
  pickupType: z.string().nullable(),
  /** Offers in dollars, only once approved for presentation; buyback is shown as buyout (§9). */
  offers: z.object({ consignment: z.number().nullable(), buyout: z.number().nullable() }),
  acceptedOfferType: AcceptedOfferTypeSchema.nullable(),
  /** The back office's note to the client, when there is one. */
  commentToCustomer: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** The client's own answer on a client page, or null (the stylist may have recorded one). */
  answer: ClientAnswerSchema.nullable(),
});
export type ClientQuote = z.infer<typeof ClientQuoteSchema>;

/** "Curated For" card (§2, §3 "Client page: buyoutQuote"). */
export const CuratedQuoteSchema = ClientQuoteSchema.pick({
  id: true,
  name: true,
  brand: true,
  imageUrl: true,
  thumbnailUrl: true,
  answer: true,
}).extend({ buyoutQuote: z.number().positive() });
export type CuratedQuote = z.infer<typeof CuratedQuoteSchema>;

/**
 * GET /api/client/curated/{token}: `data` holds the quotes awaiting a Yes or No (they have a
 * buyout offer); `meta.answered` the ones this link already answered, read-only.
 */
export const CuratedDocumentSchema = z.object({
  data: z.array(CuratedQuoteSchema),
  meta: ClientPageMetaSchema.extend({ answered: z.array(CuratedQuoteSchema) }),
});
export type CuratedDocument = z.infer<typeof CuratedDocumentSchema>;

const QuoteIdInput = z
  .union([z.number(), z.string().regex(/^\d{1,10}$/, 'Not a quote id')])
  .transform(Number)
  .pipe(z.number().int().positive('Not a quote id').max(2_147_483_647, 'Not a quote id'));

/** §3 Client response item. */
export const ClientResponseItemSchema = z.strictObject({
  id: QuoteIdInput,
  clientResponse: ClientResponseSchema,
});

/** The JSON inside POST /api/client/curated/{token}'s multipart field `data` (§7). */
export const CuratedAnswerBodySchema = z.strictObject({
  pendingItems: z
    .array(ClientResponseItemSchema, { error: 'Answer at least one quote' })
    .min(1, 'Answer at least one quote')
    .max(100, 'Answer at most 100 quotes at once')
    .refine(
      (items) => new Set(items.map((item) => item.id)).size === items.length,
      'Each quote may be answered once',
    ),
});
export type CuratedAnswerBody = z.input<typeof CuratedAnswerBodySchema>;
/** The multipart field that carries the answers (§7). */
export const CURATED_ANSWER_FIELD = 'data';

/** A quote whose answer was not recorded, with the answer a client page recorded before, if any. */
export const RefusedAnswerSchema = z.object({
  id: z.number().int().positive(),
  brand: z.string(),
  name: z.string(),
  answer: ClientAnswerSchema.nullable(),
});
export type RefusedAnswer = z.infer<typeof RefusedAnswerSchema>;

/**
 * The 409 of both answering pages: the error shape (`errors` keyed by quote id) and `refused`,
 * each quote that could not take its answer: answered already (e.g. on another device: which
 * answer, when) or no longer waiting. Nothing of the confirm was recorded.
 */
export const ClientAnswerConflictSchema = ErrorBodySchema.extend({
  refused: z.array(RefusedAnswerSchema).optional(),
});
export type ClientAnswerConflict = z.infer<typeof ClientAnswerConflictSchema>;

/** GET /api/client/quotes/{token}: every quote of the client with this stylist, read-only. */
export const QuoteShareDocumentSchema = z.object({
  data: z.array(ClientQuoteSchema),
  meta: ClientPageMetaSchema,
});
export type QuoteShareDocument = z.infer<typeof QuoteShareDocumentSchema>;

/**
 * GET /api/client/quote-offer/{token}: `data` holds the quotes whose offers await an answer;
 * `meta.answered` the ones this link already answered.
 */
export const OfferApprovalDocumentSchema = z.object({
  data: z.array(ClientQuoteSchema),
  meta: ClientPageMetaSchema.extend({ answered: z.array(ClientQuoteSchema) }),
});
export type OfferApprovalDocument = z.infer<typeof OfferApprovalDocumentSchema>;

/**
 * POST /api/client/quote-offer/{token}: the review-response payload the stylist's modal sends
 * (§4 "Client answers per offer"), so both record answers by one rule.
 */
export const OfferApprovalBodySchema = RecordResponsesBodySchema;
