import { z } from 'zod';
import { PaymentMethodSchema } from './account.ts';
import { US_STATE_CODES } from './us-states.ts';

/** §9: the clients list pages by 30; the web reads the size from `meta.pagination.per_page`. */
export const CLIENTS_PAGE_SIZE = 30;
/**
 * A search term of up to this many characters matches the start of a word of a client's names,
 * email or phone; a longer one matches anywhere in them.
 */
export const CLIENT_SEARCH_WORD_START_MAX_LENGTH = 2;

/** Whether a search term matches only the start of words (see CLIENT_SEARCH_WORD_START_MAX_LENGTH). */
export function isWordStartSearch(term: string): boolean {
  return [...term].length <= CLIENT_SEARCH_WORD_START_MAX_LENGTH;
}
export const CLIENT_COMMENT_MAX_LENGTH = 5000;

/** §3 client stats, amounts in dollars. */
export const ClientCommissionStatsSchema = z.object({
  number: z.number().int(),
  total: z.number(),
});
export type ClientCommissionStats = z.infer<typeof ClientCommissionStatsSchema>;

export const ClientPendingItemsSchema = z.object({
  /** Quotes still moving: neither finished (converted, sold) nor closed (rejected, counterfeit). */
  open: z.number().int(),
  /** Quotes whose client took an offer (consignment or buyout)… */
  accepted: z.number().int(),
  /** …out of all the client's quotes. */
  total: z.number().int(),
  itemsSold: z.number().int(),
  /** "Quotes to Review": offers waiting to be presented to or answered by the client. */
  pendingReviewTotal: z.number().int(),
  /** "Stuff to Ship": accepted items not yet shipped or picked up. */
  pendingShipmentTotal: z.number().int(),
});
export type ClientPendingItems = z.infer<typeof ClientPendingItemsSchema>;

export const ClientAttributesSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  initials: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  thumbnailUrl: z.string().nullable(),
  comment: z.string(),
  shopifyCustomerId: z.string().nullable(),
  paymentMethod: PaymentMethodSchema.nullable(),
  /** The client's shop account id (the `{userId}` of the shop sign-in and photo upload calls). */
  userId: z.string(),
  createdAt: z.string(),
  commissions: z.tuple([ClientCommissionStatsSchema]),
  pendingItems: z.tuple([ClientPendingItemsSchema]),
});
export type ClientAttributes = z.infer<typeof ClientAttributesSchema>;

/** Where the client's buttons lead; null when that site is not configured on this server. */
export const ClientLinksSchema = z.object({
  /** The admin supplier record. */
  admin: z.string().nullable(),
  /** The client's shop account dashboard (Buy). */
  shopAccount: z.string().nullable(),
  /** The shop account's quotes page (Quotes to Review). */
  shopQuotes: z.string().nullable(),
  /** The shop account's ship-list page (Stuff to Ship). */
  shopShipList: z.string().nullable(),
});
export type ClientLinks = z.infer<typeof ClientLinksSchema>;

export const ClientResourceSchema = z.object({
  id: z.number().int(),
  type: z.literal('clients'),
  attributes: ClientAttributesSchema,
  links: ClientLinksSchema,
});
export type ClientResource = z.infer<typeof ClientResourceSchema>;

export const ClientDocumentSchema = z.object({ data: ClientResourceSchema });
export type ClientDocument = z.infer<typeof ClientDocumentSchema>;

export const PaginationSchema = z.object({
  current_page: z.number().int(),
  total_pages: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type Pagination = z.infer<typeof PaginationSchema>;

export const ClientListDocumentSchema = z.object({
  data: z.array(ClientResourceSchema),
  meta: z.object({ pagination: PaginationSchema }),
});
export type ClientListDocument = z.infer<typeof ClientListDocumentSchema>;

/**
 * GET /api/stylist/clients. With `page`, one page of CLIENTS_PAGE_SIZE; without it, the full list.
 * `search` is trimmed and ignored when empty (§5).
 */
export const ClientListQuerySchema = z.strictObject({
  page: z.coerce
    .number({ error: 'Page must be a whole number' })
    .int('Page must be a whole number')
    .min(1, 'Pages start at 1')
    .max(1_000_000, 'That page is out of range')
    .optional(),
  search: z
    .string({ error: 'Search for one term' })
    .trim()
    .optional()
    .transform((term) => (term ? term : undefined)),
});
export type ClientListQuery = z.input<typeof ClientListQuerySchema>;

const required = (what: string, max: number) =>
  z
    .string({ error: `Enter ${what}` })
    .trim()
    .min(1, { error: `Enter ${what}`, abort: true })
    .max(max, `Keep it under ${max} characters`);

function usPhoneDigits(value: string): string | null {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 10) return digits;
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  return null;
}

/** POST /api/stylist/clients (§7). The phone is stored as (212) 555-0101. */
export const CreateClientBodySchema = z.strictObject({
  firstName: required("the client's first name", 100),
  lastName: required("the client's last name", 100),
  email: z
    .string({ error: "Enter the client's email address" })
    .trim()
    .min(1, "Enter the client's email address")
    .max(254, 'Keep it under 254 characters')
    .pipe(z.email('Enter a valid email address, like name@example.com')),
  phone: required("the client's phone number", 40)
    .refine(
      (value) => /^[\d\s().+-]+$/.test(value) && usPhoneDigits(value) !== null,
      'Enter a 10-digit US phone number, like (212) 555-0101',
    )
    .transform((value) => {
      const digits = usPhoneDigits(value) ?? '';
      return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
    }),
  address: required('the street address', 200),
  city: required('the city', 100),
  state: z.enum(US_STATE_CODES, { error: 'Choose a state' }),
  postalCode: z
    .string({ error: 'Enter the ZIP code' })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code, like 10012'),
});
export type CreateClientBody = z.input<typeof CreateClientBodySchema>;

/** PUT /api/stylist/clients/{clientId}: the stylist's notes on the client. */
export const UpdateClientBodySchema = z.strictObject({
  comment: z
    .string({ error: 'Notes must be text' })
    .max(CLIENT_COMMENT_MAX_LENGTH, `Keep notes under ${CLIENT_COMMENT_MAX_LENGTH} characters`),
});
export type UpdateClientBody = z.infer<typeof UpdateClientBodySchema>;

/**
 * Message of the email field error when the address already has an account: the same words for a
 * shop account, another stylist's client, staff and stylists, so it names nobody (docs/decisions/0017).
 */
export const DUPLICATE_CLIENT_EMAIL_MESSAGE = 'This email already has an account';

/** The stylist's own client has the address already: that, they may know. */
export const ownClientEmailMessage = (name: string) =>
  `You already have this client: ${name}. Search your clients for them.`;
