import { z } from 'zod';
import { PaymentMethodSchema } from './account.ts';
import { TimeZoneSchema } from './time-zone.ts';

/* ---------- Constants of §9 ---------- */

/** The chart covers 12 months (§9): the range's end month and the 11 before it. */
export const COMMISSION_TIMELINE_MONTHS = 12;
/** Commissions per page; the web's "View Next {n}" shows min(remaining, per_page). */
export const COMMISSIONS_PER_PAGE = 20;
/** Month abbreviations of the timeline, in calendar order. */
export const MONTH_ABBREVIATIONS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/* ---------- GET /api/stylist/commissions (§3 "Commission", §7) ---------- */

/** STATUS UPDATES: each entry a single `{label: text}` pair (§3), oldest first. */
export const CommissionStatusSchema = z.record(z.string(), z.string());
export type CommissionStatus = z.infer<typeof CommissionStatusSchema>;

export const CommissionAttributesSchema = z.object({
  clientId: z.number().int(),
  /** The client's name, for the list rows and the client row of the detail. */
  clientName: z.string(),
  productName: z.string(),
  /** The stylist's commission, dollars. */
  amount: z.number(),
  /** Set when the company bought the item outright: "Purchased for Client" (§2). */
  orderId: z.string().nullable(),
  /** When the item sold or was purchased (the range filters on it). */
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  statuses: z.array(CommissionStatusSchema),
  /** When each entry of `statuses` was recorded (ISO 8601): same order, same length (§2 dates). */
  statusDates: z.array(z.string()),
  /** The payout to the client, dollars. */
  purchasePrice: z.number(),
});
export type CommissionAttributes = z.infer<typeof CommissionAttributesSchema>;

export const CommissionResourceSchema = z.object({
  id: z.number().int(),
  type: z.literal('commissions'),
  attributes: CommissionAttributesSchema,
});
export type CommissionResource = z.infer<typeof CommissionResourceSchema>;

export const TimelinePointSchema = z.object({
  /** Month abbreviation (§3), e.g. "Mar". */
  month: z.string(),
  year: z.number().int(),
  /** Commissions earned that month, dollars. */
  amount: z.number(),
});
export type TimelinePoint = z.infer<typeof TimelinePointSchema>;

export const CommissionListMetaSchema = z.object({
  /** Commissions paid in the range, dollars. */
  paid: z.number(),
  /** Commissions not yet paid in the range, dollars. */
  unpaid: z.number(),
  /** How many commissions of the range are paid, and how many pending. */
  paidPayments: z.number().int(),
  unpaidPayments: z.number().int(),
  timelineData: z.array(TimelinePointSchema).length(COMMISSION_TIMELINE_MONTHS),
  pagination: z.object({ total: z.number().int(), per_page: z.number().int() }),
});
export type CommissionListMeta = z.infer<typeof CommissionListMetaSchema>;

/**
 * The commissions of a range: pending first, then paid; newest first within each. `links.next`
 * is the absolute URL of the next page, null on the last.
 */
export const CommissionListDocumentSchema = z.object({
  data: z.array(CommissionResourceSchema),
  meta: CommissionListMetaSchema,
  links: z.object({ next: z.string().nullable() }),
});
export type CommissionListDocument = z.infer<typeof CommissionListDocumentSchema>;

/** A calendar date as the date range picker sends it, YYYY-MM-DD, checked to exist. */
const CalendarDate = z
  .string({ error: 'Use a date like 2026-03-31' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date like 2026-03-31', abort: true })
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
  }, 'No such date');

/**
 * The range of the list and of its CSV export: calendar days in `timeZone` (the viewer's; UTC
 * when not given), both ends inclusive. The zone also draws the timeline's months and the CSV's dates.
 */
const commissionRangeFields = {
  startDate: CalendarDate.optional(),
  endDate: CalendarDate.optional(),
  timeZone: TimeZoneSchema.optional(),
};

function checkCommissionRange(
  range: { startDate?: string | undefined; endDate?: string | undefined },
  context: z.RefinementCtx,
) {
  // §5: a range applies only when a start date is set.
  if (range.endDate && !range.startDate) {
    context.addIssue({ code: 'custom', path: ['startDate'], message: 'Choose a start date' });
  }
  if (range.startDate && range.endDate && range.startDate > range.endDate) {
    context.addIssue({
      code: 'custom',
      path: ['endDate'],
      message: 'The end date comes before the start date',
    });
  }
}

export const CommissionListQuerySchema = z
  .strictObject({
    ...commissionRangeFields,
    page: z.coerce
      .number({ error: 'Pages start at 1' })
      .int('Pages start at 1')
      .min(1, 'Pages start at 1')
      .max(100_000, 'That page is out of range')
      .optional(),
  })
  .superRefine(checkCommissionRange);
export type CommissionListQuery = z.input<typeof CommissionListQuerySchema>;

/* ---------- GET /api/stylist/commissions/export (CSV) ---------- */

/** The list's range without a page: the export holds every commission of the range. */
export const CommissionExportQuerySchema = z
  .strictObject(commissionRangeFields)
  .superRefine(checkCommissionRange);
export type CommissionExportQuery = z.input<typeof CommissionExportQuerySchema>;

/** The download's name, e.g. `commissions-2026-03-01-to-2026-03-31.csv`; no start means all time (§5). */
export function commissionsCsvFilename(range: {
  startDate?: string | undefined;
  endDate?: string | undefined;
}): string {
  if (!range.startDate) return 'commissions-all-time.csv';
  if (!range.endDate) return `commissions-since-${range.startDate}.csv`;
  return `commissions-${range.startDate}-to-${range.endDate}.csv`;
}

/* ---------- GET /api/stylist/commissions/{id}?include=product ---------- */

export const CommissionProductSchema = z.object({
  id: z.string(),
  type: z.literal('products'),
  attributes: z.object({
    purchasePrice: z.number(),
    thumbnailUrl: z.string().nullable(),
    brand: z.string(),
    titleWithoutBrand: z.string(),
  }),
});
export type CommissionProduct = z.infer<typeof CommissionProductSchema>;

export const CommissionDocumentSchema = z.object({
  data: CommissionResourceSchema,
  /** The product when `include=product` was asked, else empty. */
  included: z.array(CommissionProductSchema),
});
export type CommissionDocument = z.infer<typeof CommissionDocumentSchema>;

export const CommissionIdParamsSchema = z.strictObject({
  commissionId: z.coerce
    .number({ error: 'Commission id must be a number' })
    .int('Commission id must be a whole number')
    .positive('Commission id must be a whole number')
    .max(2_147_483_647, 'No such commission'),
});
export const CommissionQuerySchema = z.strictObject({ include: z.enum(['product']).optional() });

/* ---------- Back office: sales and payouts ---------- */

const dollars = (what: string) =>
  z
    .number({ error: `${what} must be an amount in dollars` })
    .positive(`${what} must be above $0`)
    .max(10_000_000, `${what} is too large`)
    .refine((amount) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6, {
      error: `${what} must be in whole cents`,
    });

/**
 * POST /api/admin/quotes/{quoteId}/sale: a converted item sold (consignment) or was bought outright
 * (buyout, with its order id). Moves the quote to sold and creates the stylist's commission.
 */
export const RecordSaleBodySchema = z.strictObject({
  /** The stylist's commission. */
  commission: dollars('The commission'),
  /** What the client is paid; defaults to the offer the client accepted. */
  purchasePrice: dollars('The payout to the client').optional(),
  /** The shop order of a buyout purchase; one is made up when omitted. Refused for a consignment sale. */
  orderId: z.string().trim().min(1).max(64).optional(),
});
export type RecordSaleBody = z.input<typeof RecordSaleBodySchema>;

/** POST /api/admin/commissions/mark-paid: pays out commissions in bulk. */
export const MarkPaidBodySchema = z.strictObject({
  commissionIds: z
    .array(z.number().int().positive().max(2_147_483_647), { error: 'List the commissions' })
    .min(1, 'List the commissions')
    .max(1000, 'Pay at most 1000 commissions at once')
    .refine((ids) => new Set(ids).size === ids.length, 'Each commission may be listed once'),
});
export type MarkPaidBody = z.input<typeof MarkPaidBodySchema>;

export const MarkPaidAnswerSchema = z.object({
  /** Commissions this call paid. */
  paid: z.array(z.number().int()),
  /** Commissions that were paid already and were left as they were. */
  alreadyPaid: z.array(z.number().int()),
});
export type MarkPaidAnswer = z.infer<typeof MarkPaidAnswerSchema>;

/* ---------- PATCH /api/account/payment-options (§7) ---------- */

export const PAYPAL_ADDRESS_REQUIRED = 'Enter the email address of your PayPal account';

export const PaymentOptionsBodySchema = z
  .strictObject({
    paymentMethod: PaymentMethodSchema,
    paypalAddress: z.string().trim().max(254).nullish(),
  })
  .superRefine((body, context) => {
    if (body.paymentMethod !== 'paypal') return;
    if (!body.paypalAddress || !z.email().safeParse(body.paypalAddress).success) {
      context.addIssue({
        code: 'custom',
        path: ['paypalAddress'],
        message: PAYPAL_ADDRESS_REQUIRED,
      });
    }
  });
export type PaymentOptionsBody = z.input<typeof PaymentOptionsBodySchema>;
