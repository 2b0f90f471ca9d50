import { z } from 'zod';
import { estimatedTimeline } from './quote-status.ts';

/*
 * An item's dated life and the offers' window (docs/decisions/0029), shared by the stylist's quote
 * card and the client's hub.
 */

/* ---------- An item's dated timeline ---------- */

/**
 * Who moves a quote along: a status change's actor and a timeline step's `by` (the database's
 * `quote_status_history.actor_kind`).
 */
export const QUOTE_ACTORS = ['stylist', 'admin', 'client', 'system'] as const;
export const QuoteActorSchema = z.enum(QUOTE_ACTORS);
export type QuoteActor = z.infer<typeof QuoteActorSchema>;

export const TIMELINE_STEP_KINDS = [
  'submitted',
  'authentication_started',
  'more_info_needed',
  'authenticated',
  'not_authenticated',
  'offers_made',
  'offers_renewed',
  'offers_presented',
  'question',
  'accepted',
  'declined',
  'picked_up',
  'shipped',
  'received',
  'listed',
  'sold',
  'paid',
] as const;
export const TimelineStepKindSchema = z.enum(TIMELINE_STEP_KINDS);
export type TimelineStepKind = z.infer<typeof TimelineStepKindSchema>;

/**
 * One dated step of an item's life, worded for whoever reads it (the client or the stylist): the
 * title says what happened, the details the amounts, reasons and comments meant for the client.
 * Internal notes of the back office never appear here.
 */
export const TimelineStepSchema = z.object({
  kind: TimelineStepKindSchema,
  at: z.iso.datetime({ offset: true }),
  /** Who took the step; null when nobody in particular did (the warehouse, the shop). */
  by: QuoteActorSchema.nullable(),
  title: z.string(),
  details: z.array(z.string()),
  /** A document of the step, e.g. the signed pickup receipt. */
  link: z.object({ label: z.string(), url: z.string() }).nullable(),
});
export type TimelineStep = z.infer<typeof TimelineStepSchema>;

/** What comes next and roughly when (§4 "Estimated timelines shown per status"). */
export const NextStepSchema = z.object({
  title: z.string(),
  /** "1-3 business days" */
  estimate: z.string(),
  /** The last business day of the estimate (YYYY-MM-DD), counted from when the status began. */
  by: z.iso.date(),
});
export type NextStep = z.infer<typeof NextStepSchema>;

export const ItemTimelineSchema = z.object({
  /** Oldest first. */
  steps: z.array(TimelineStepSchema),
  next: NextStepSchema.nullable(),
});
export type ItemTimeline = z.infer<typeof ItemTimelineSchema>;

/** What the next step of a status is called, for the statuses §4 gives an estimate for. */
const NEXT_STEP_TITLES: Readonly<Record<string, string>> = {
  pending_authentication: 'Authentication begins',
  authentication_in_progress: 'Authentication result',
  authenticated_no_offer: 'An offer from our buyers',
  offer_accepted: 'Pickup or shipping label',
  in_transit: 'Arrival at the warehouse',
  received: 'Listed for sale',
};

/** `days` business days (Monday to Friday) after the calendar day `day` (YYYY-MM-DD). */
export function addBusinessDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a day: ${day}`);
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}

/**
 * The next step of a quote in `status` since the calendar day `since` (YYYY-MM-DD), with §4's
 * estimate; null for a status §4 gives no estimate for.
 */
export function nextStep(status: string, since: string): NextStep | null {
  const estimate = estimatedTimeline(status);
  const title = NEXT_STEP_TITLES[status];
  const most = estimate ? /-(\d+)\s/.exec(estimate) : null;
  if (!estimate || !title || !most) return null;
  return { title, estimate, by: addBusinessDays(since, Number(most[1])) };
}

/* ---------- Offers that do not go stale ---------- */

/** How long offers stay open unless the back office says otherwise (OFFER_EXPIRY_DAYS). */
export const DEFAULT_OFFER_EXPIRY_DAYS = 14;
/** How long before the expiry the client is reminded, once (OFFER_REMINDER_HOURS). */
export const DEFAULT_OFFER_REMINDER_HOURS = 72;
/** Within this many hours of the expiry, the stylist's card says "Expiring soon". */
export const EXPIRING_SOON_HOURS = DEFAULT_OFFER_REMINDER_HOURS;

/** Whether offers open until `expireAt` are past it at `now`; offers without an expiry never are. */
export function offersExpired(expireAt: Date | string | null, now: Date): boolean {
  if (expireAt === null) return false;
  const at = new Date(expireAt).getTime();
  return !Number.isNaN(at) && at <= now.getTime();
}

/** Days an offer stays open, as the back office gives it. */
export const OfferExpiryDaysSchema = z
  .number({ error: 'Give the days the offers stay open' })
  .int('Give whole days')
  .min(1, 'Offers stay open at least 1 day')
  .max(365, 'Offers stay open at most 365 days');

/** When the client first and last opened a page showing the open offers. */
export const OffersViewedSchema = z.object({
  firstAt: z.iso.datetime({ offset: true }),
  lastAt: z.iso.datetime({ offset: true }),
});
export type OffersViewed = z.infer<typeof OffersViewedSchema>;

/* ---------- What the client tells the stylist ---------- */

export const DECLINE_REASONS = {
  price_too_low: 'The offer is lower than I hoped',
  keeping: 'I have decided to keep it',
  selling_elsewhere: 'I am selling it elsewhere',
  other: 'Another reason',
} as const;
export type DeclineReason = keyof typeof DECLINE_REASONS;
export const DeclineReasonSchema = z.enum(
  Object.keys(DECLINE_REASONS) as [DeclineReason, ...DeclineReason[]],
  { error: 'Choose a reason' },
);

/** What the client sent: a question, or a reason for declining (the database's `client_messages.kind`). */
export const CLIENT_MESSAGE_KINDS = ['question', 'decline'] as const;
export const ClientMessageKindSchema = z.enum(CLIENT_MESSAGE_KINDS);

/** A question or a reason for declining, as the stylist's quote card shows it. */
export const ClientMessageSchema = z.object({
  kind: ClientMessageKindSchema,
  reason: DeclineReasonSchema.nullable(),
  text: z.string(),
  at: z.iso.datetime({ offset: true }),
});
export type ClientMessage = z.infer<typeof ClientMessageSchema>;
