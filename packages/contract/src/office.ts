import { z } from 'zod';
import { PaymentMethodSchema } from './payment-method.ts';
import { LifecycleStatusSchema, type LifecycleStatus } from './quotes.ts';

/* ---------- The back office's staff, their rights, and the queues they work (`/office`) ---------- */

/**
 * The company's staff. `operations` is the lead, with every office right, as `admin` (which keeps
 * working); an authenticator authenticates and a pricer prices (docs/decisions/0036).
 */
export const OFFICE_ROLES = ['operations', 'authenticator', 'pricer', 'admin'] as const;
export type OfficeRole = (typeof OFFICE_ROLES)[number];

export const isOfficeRole = (role: string): role is OfficeRole =>
  (OFFICE_ROLES as readonly string[]).includes(role);

/** What a staff member may do, each right one kind of decision. */
export const OFFICE_RIGHTS = ['authenticate', 'price', 'receive', 'pay', 'reassign'] as const;
export type OfficeRight = (typeof OFFICE_RIGHTS)[number];

const RIGHTS: Readonly<Record<OfficeRole, readonly OfficeRight[]>> = {
  operations: OFFICE_RIGHTS,
  admin: OFFICE_RIGHTS,
  authenticator: ['authenticate'],
  pricer: ['price'],
};

/** Whether `role` holds `right`; any other role (a stylist, a shopper) holds none. */
export const hasOfficeRight = (role: string, right: OfficeRight): boolean =>
  isOfficeRole(role) && RIGHTS[role].includes(right);

export const OFFICE_ROLE_LABELS: Readonly<Record<OfficeRole, string>> = {
  operations: 'Operations',
  authenticator: 'Authenticator',
  pricer: 'Pricer',
  admin: 'Admin',
};

/** The queues, in the order an item moves through them. */
export const OFFICE_STAGES = [
  'to_authenticate',
  'needs_info',
  'to_price',
  'offers_out',
  'accepted',
  'in_transit',
  'at_warehouse',
  'sold',
] as const;
export const OfficeStageSchema = z.enum(OFFICE_STAGES, {
  error: `stage must be one of ${OFFICE_STAGES.join(', ')}`,
});
export type OfficeStage = z.infer<typeof OfficeStageSchema>;

export const OFFICE_STAGE_LABELS: Readonly<Record<OfficeStage, string>> = {
  to_authenticate: 'To authenticate',
  needs_info: 'Needs more info',
  to_price: 'To price',
  offers_out: 'Offers out',
  accepted: 'Accepted',
  in_transit: 'In transit',
  at_warehouse: 'At warehouse',
  sold: 'Sold',
};

/**
 * The tabs of /office: one per queue, and "Second opinion", the decisions waiting for a second
 * staff member's approval whatever their queue.
 */
export const OFFICE_QUEUE_TABS = [...OFFICE_STAGES, 'second_opinion'] as const;
export const OfficeQueueTabSchema = z.enum(OFFICE_QUEUE_TABS, {
  error: `stage must be one of ${OFFICE_QUEUE_TABS.join(', ')}`,
});
export type OfficeQueueTab = z.infer<typeof OfficeQueueTabSchema>;

export const OFFICE_QUEUE_TAB_LABELS: Readonly<Record<OfficeQueueTab, string>> = {
  ...OFFICE_STAGE_LABELS,
  second_opinion: 'Second opinion',
};

/** The statuses each queue holds; `fake` and `rejected` are done and in no queue. */
export const OFFICE_STAGE_STATUSES: Readonly<Record<OfficeStage, readonly LifecycleStatus[]>> = {
  to_authenticate: ['pending_authentication', 'authentication_in_progress'],
  needs_info: ['needs_more_info'],
  to_price: ['authenticated_no_offer'],
  offers_out: ['authenticated_with_offer', 'offer_pending'],
  accepted: ['offer_accepted'],
  in_transit: ['in_transit'],
  at_warehouse: ['received', 'converted'],
  sold: ['sold'],
};

const STAGE_BY_STATUS = new Map<LifecycleStatus, OfficeStage>(
  OFFICE_STAGES.flatMap((stage) => OFFICE_STAGE_STATUSES[stage].map((s) => [s, stage] as const)),
);

/** The queue a quote in `status` waits in, or null once it is done (counterfeit, declined). */
export const officeStageOf = (status: LifecycleStatus): OfficeStage | null =>
  STAGE_BY_STATUS.get(status) ?? null;

/** The right it takes to hold ("Assign to me") an item of each queue: the work it waits for. */
export const OFFICE_STAGE_RIGHTS: Readonly<Record<OfficeStage, OfficeRight>> = {
  to_authenticate: 'authenticate',
  needs_info: 'authenticate',
  to_price: 'price',
  offers_out: 'price',
  accepted: 'receive',
  in_transit: 'receive',
  at_warehouse: 'receive',
  sold: 'pay',
};

/**
 * How long an item may wait in each queue, in business hours (8 a working day), before its SLA is
 * breached: the upper ends of §4's estimated timelines (authentication 1-3 days → 24 h, an offer
 * 1-2 → 16, accepted 1-3 → 24, in transit 3-7 → 56, received 2-5 → 40). `OFFICE_SLA_HOURS`
 * overrides any of them, e.g. `to_authenticate=16,to_price=8`.
 */
export const DEFAULT_OFFICE_SLA_HOURS: Readonly<Record<OfficeStage, number>> = {
  to_authenticate: 24,
  needs_info: 16,
  to_price: 16,
  offers_out: 40,
  accepted: 24,
  in_transit: 56,
  at_warehouse: 40,
  sold: 40,
};

/** One value per queue, each named (the API document lists them). */
const perStage = <T extends z.ZodType>(schema: T) =>
  z.object(
    Object.fromEntries(OFFICE_STAGES.map((stage) => [stage, schema])) as Record<OfficeStage, T>,
  );

/** "At risk" from this share of the target on. */
export const SLA_AT_RISK_SHARE = 0.75;

export const SLA_STATES = ['on_track', 'at_risk', 'breached'] as const;
export type SlaState = (typeof SLA_STATES)[number];
export const SLA_LABELS: Readonly<Record<SlaState, string>> = {
  on_track: 'On track',
  at_risk: 'At risk',
  breached: 'Breached',
};

export function slaState(businessHours: number, targetHours: number): SlaState {
  if (businessHours >= targetHours) return 'breached';
  return businessHours >= targetHours * SLA_AT_RISK_SHARE ? 'at_risk' : 'on_track';
}

/** One queue page holds this many rows. */
export const OFFICE_QUEUE_PAGE_SIZE = 25;

const PositiveIdSchema = (what: string) =>
  z.coerce
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .positive(`${what} must be a whole number`)
    .max(2_147_483_647, `No such ${what.toLowerCase().replace(' id', '')}`);

/** GET /api/office/queues/{stage}: one page, oldest first, filtered and searched. */
export const OfficeQueueQuerySchema = z.strictObject({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page starts at 1')
    .max(100_000, 'That page is out of range')
    .default(1),
  /** Only the items the caller holds. */
  mine: z
    .enum(['true', 'false'], { error: 'mine must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
  stylistId: PositiveIdSchema('Stylist id').optional(),
  designerId: PositiveIdSchema('Designer id').optional(),
  /** A quote id (with or without "#"), an item's barcode or a label's tracking number. */
  q: z.string().trim().max(100, 'Search at most 100 characters').optional(),
});
export type OfficeQueueQuery = z.input<typeof OfficeQueueQuerySchema>;

export const OfficeQueueParamsSchema = z.strictObject({ stage: OfficeQueueTabSchema });

export const OfficePersonSchema = z.object({ id: z.number().int(), name: z.string() });

/** Who holds an item: a staff member's claim, live until it has been idle too long. */
export const OfficeHolderSchema = z.object({
  userId: z.string(),
  name: z.string(),
  /** ISO 8601 */
  claimedAt: z.iso.datetime(),
});
export type OfficeHolder = z.infer<typeof OfficeHolderSchema>;

export const OfficeQueueRowSchema = z.object({
  quoteId: z.number().int(),
  name: z.string(),
  designer: z.string(),
  category: z.string(),
  /** The first photo's link, or null without one. */
  photoUrl: z.string().nullable(),
  barCode: z.string(),
  status: LifecycleStatusSchema,
  stylist: OfficePersonSchema,
  client: OfficePersonSchema,
  /** When the item came into this queue (ISO 8601). */
  enteredAt: z.iso.datetime(),
  /** Business hours since then. */
  businessHours: z.number(),
  sla: z.object({ state: z.enum(SLA_STATES), targetHours: z.number() }),
  holder: OfficeHolderSchema.nullable(),
  /** Offers out: when they close. */
  offersExpireAt: z.iso.datetime().nullable(),
  /** In transit and after: the label's tracking number, when shipped. */
  trackingNumber: z.string().nullable(),
  /** The stylist answered a request for more information since: first in "To authenticate". */
  answered: z.boolean(),
  /** Sold: the stylist's commission to pay, and how the stylist is paid. */
  commission: z
    .object({
      id: z.number().int(),
      amountCents: z.number().int(),
      payoutMethod: PaymentMethodSchema,
      /** Where PayPal pays, when that is the method. */
      paypalAddress: z.string().nullable(),
    })
    .nullable(),
  /** A decision on it waiting for a second opinion, or null. */
  secondOpinion: z
    .object({
      /** The decision in one line ("Offers: consignment $6,500.00, buyout $5,200.00"). */
      summary: z.string(),
      author: z.object({ userId: z.string(), name: z.string() }),
      /** ISO 8601 */
      createdAt: z.iso.datetime(),
    })
    .nullable(),
});
export type OfficeQueueRow = z.infer<typeof OfficeQueueRowSchema>;

export const OfficeQueueDocumentSchema = z.object({
  data: z.array(OfficeQueueRowSchema),
  meta: z.object({
    stage: OfficeQueueTabSchema,
    /** Every queue's count (the filters apply to all of them). */
    counts: perStage(z.number().int()),
    /** The "Second opinion" tab's count: decisions waiting, across queues, under the same filters. */
    waitingSecondOpinions: z.number().int(),
    pagination: z.object({
      page: z.number().int(),
      perPage: z.number().int(),
      total: z.number().int(),
      totalPages: z.number().int(),
    }),
  }),
});
export type OfficeQueueDocument = z.infer<typeof OfficeQueueDocumentSchema>;

/** GET /api/office/me: who works, and what they may do. */
export const OfficeMeDocumentSchema = z.object({
  data: z.object({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(OFFICE_ROLES),
    rights: z.array(z.enum(OFFICE_RIGHTS)),
    /** The stylists and designers the queues can be filtered by. */
    stylists: z.array(OfficePersonSchema),
    designers: z.array(OfficePersonSchema),
    slaHours: perStage(z.number()),
    claimIdleMinutes: z.number().int(),
  }),
});
export type OfficeMeDocument = z.infer<typeof OfficeMeDocumentSchema>;

/** POST /api/office/items/{quoteId}/claim: "Assign to me", or operations assigns someone. */
export const ClaimBodySchema = z.strictObject({
  /** Operations only: the staff member to hand the item to (their user id). */
  userId: z.string().trim().min(1).max(100).optional(),
});
export type ClaimBody = z.infer<typeof ClaimBodySchema>;

export const ClaimDocumentSchema = z.object({
  data: z.object({ quoteId: z.number().int(), holder: OfficeHolderSchema.nullable() }),
});
export type ClaimDocument = z.infer<typeof ClaimDocumentSchema>;
