import {
  DEFAULT_OFFER_EXPIRY_DAYS,
  formatMoney,
  statusLabel,
  type AdminQuoteAction,
  type AdminQuoteActionName,
  type LifecycleStatus,
  type OffersInput,
  type QuoteDocument,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { quoteOffers, quotes, type QuoteStepDetail } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { loadQuoteResources, type QuoteLinkDeps } from './quote-resource.ts';
import {
  applyTransition,
  recordStatusChange,
  transitionRefusal,
  type QuoteActorRef,
  type QuoteChanges,
} from './quote-transitions.ts';

/** Who signs the comments the back office writes to the client. */
export const AUTHENTICATION_TEAM = 'Authentication team';

const OFFER_FIELDS = [
  ['consignmentEstimate', 'consignment'],
  ['buyoutQuote', 'buyout'],
  ['buybackQuote', 'buyback'],
] as const;

/**
 * Where each action applies. The life cycle allows some of these moves from elsewhere too (offers
 * are set by `authenticate` during authentication), but each action names one step.
 */
export const ADMIN_ACTION_FROM: Readonly<Record<AdminQuoteActionName, readonly LifecycleStatus[]>> =
  {
    start_authentication: ['pending_authentication'],
    authenticate: ['authentication_in_progress'],
    set_offers: ['authenticated_no_offer', 'authenticated_with_offer'],
    renew_offers: ['authenticated_with_offer', 'offer_pending'],
    mark_counterfeit: ['authentication_in_progress'],
    request_more_info: ['authentication_in_progress'],
    resume_authentication: ['needs_more_info'],
    receive: ['in_transit'],
    convert: ['received'],
  };

/** What an action does: the status it moves the quote to, what else it sets, and its history note. */
interface Step {
  /** Null when the status stays (a renewal of the offers). */
  to: LifecycleStatus | null;
  changes?: QuoteChanges;
  offers?: OffersInput;
  /** The offers (made or renewed) are open for this many days; the default when undefined. */
  opensOffers?: { days: number | undefined };
  note: string;
}

/** Where the back office sends offers and how long they stay open unless it says otherwise. */
export interface OfferDeps {
  /** OFFER_EXPIRY_DAYS */
  offerExpiryDays?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** "consignment $1,200.00, buyout $800.00": the offers made, in dollars. */
export function describeOffers(
  offers: Partial<Record<(typeof OFFER_FIELDS)[number][0], number | null>>,
) {
  return OFFER_FIELDS.flatMap(([field, type]) => {
    const amount = offers[field];
    return amount == null ? [] : [`${type} ${formatMoney(amount)}`];
  }).join(', ');
}

function stepOf(action: AdminQuoteAction): Step {
  switch (action.action) {
    case 'start_authentication':
      return { to: 'authentication_in_progress', note: 'Authentication started.' };
    case 'authenticate':
      return action.offers
        ? {
            to: 'authenticated_with_offer',
            changes: { authenticationStatus: 'authentic', isApproved: true },
            offers: action.offers,
            opensOffers: { days: action.expiresInDays },
            note: `Authentic. Offers approved for presentation: ${describeOffers(action.offers)}.`,
          }
        : {
            to: 'authenticated_no_offer',
            changes: { authenticationStatus: 'authentic', isApproved: false },
            note: 'Authentic. No offer made.',
          };
    case 'set_offers':
      return {
        to: 'authenticated_with_offer',
        changes: { isApproved: true },
        offers: action.offers,
        opensOffers: { days: action.expiresInDays },
        note: `Offers approved for presentation: ${describeOffers(action.offers)}.`,
      };
    case 'renew_offers':
      return { to: null, opensOffers: { days: action.expiresInDays }, note: 'Offers renewed.' };
    case 'mark_counterfeit':
      return {
        to: 'fake',
        changes: {
          authenticationStatus: 'counterfeit',
          commenter: AUTHENTICATION_TEAM,
          commentToCustomer: action.commentToCustomer,
        },
        note: 'Could not be authenticated.',
      };
    case 'request_more_info':
      return {
        to: 'needs_more_info',
        changes: { commenter: AUTHENTICATION_TEAM, commentToCustomer: action.commentToCustomer },
        note: 'More information requested from the client.',
      };
    case 'resume_authentication':
      // The request for more information has been answered, so the client no longer sees it.
      return {
        to: 'authentication_in_progress',
        changes: { commenter: null, commentToCustomer: null },
        note: 'Authentication resumed.',
      };
    case 'receive':
      return { to: 'received', note: 'Received at the warehouse.' };
    case 'convert':
      return { to: 'converted', note: 'Converted to a product.' };
  }
}

function offerRows(quoteId: number, offers: OffersInput) {
  return OFFER_FIELDS.flatMap(([field, type]) => {
    const amount = offers[field];
    return amount == null ? [] : [{ quoteId, type, amountCents: Math.round(amount * 100) }];
  });
}

async function replaceOffers(tx: Tx, rows: ReturnType<typeof offerRows>) {
  const [first] = rows;
  if (!first) return;
  await tx.delete(quoteOffers).where(eq(quoteOffers.quoteId, first.quoteId));
  await tx.insert(quoteOffers).values(rows);
}

/** Any stylist's quote, for the back office. */
export async function getQuote(
  db: Db,
  quoteId: number,
  deps: QuoteLinkDeps,
): Promise<QuoteDocument> {
  const [data] = await loadQuoteResources(db, eq(quotes.id, quoteId), deps);
  if (!data) throw AppError.notFound('Quote');
  return { data };
}

/**
 * One back-office step of a quote's life cycle (authentication, offers, receipt, conversion). A
 * move the life cycle does not allow, or an action outside its step, answers 409 and changes
 * nothing.
 */
export async function applyQuoteAction(
  db: Db,
  actor: QuoteActorRef,
  input: { quoteId: number; action: AdminQuoteAction },
  deps: QuoteLinkDeps & OfferDeps,
  now = new Date(),
): Promise<QuoteDocument> {
  await db.transaction((tx) => applyQuoteActionIn(tx, actor, input, deps, now));
  return getQuote(db, input.quoteId, deps);
}

/** `applyQuoteAction` in the caller's transaction (the office's decisions check more first). */
export async function applyQuoteActionIn(
  tx: Tx,
  actor: QuoteActorRef,
  input: { quoteId: number; action: AdminQuoteAction; detail?: QuoteStepDetail },
  deps: OfferDeps,
  now = new Date(),
): Promise<void> {
  const [quote] = await tx
    .select({ id: quotes.id, status: quotes.status })
    .from(quotes)
    .where(eq(quotes.id, input.quoteId))
    .for('update');
  if (!quote) throw AppError.notFound('Quote');
  const { action } = input.action;
  const step = stepOf(input.action);
  const renewal = step.to === null;
  const refusal =
    (step.to === null ? null : transitionRefusal(quote.status, step.to, actor.kind)) ??
    (ADMIN_ACTION_FROM[action].includes(quote.status)
      ? null
      : `The action "${action}" does not apply to a quote that is "${statusLabel(quote.status)}".`);
  if (refusal) throw AppError.conflict(refusal);
  const rows = step.offers ? offerRows(quote.id, step.offers) : [];
  const opens = step.opensOffers
    ? new Date(
        now.getTime() +
          (step.opensOffers.days ?? deps.offerExpiryDays ?? DEFAULT_OFFER_EXPIRY_DAYS) * DAY_MS,
      )
    : null;
  const detail: QuoteStepDetail | null =
    opens || input.detail
      ? {
          ...input.detail,
          ...(rows.length > 0 && {
            offers: Object.fromEntries(rows.map((row) => [row.type, row.amountCents])),
          }),
          ...(opens && { offersExpireAt: opens.toISOString() }),
          ...(renewal && { renewed: true as const }),
        }
      : null;
  // New offers are unseen and not yet reminded of; a renewal keeps what the client saw.
  const window: QuoteChanges = opens
    ? {
        offersExpireAt: opens,
        offersRemindedAt: null,
        ...(!renewal && { offersFirstViewedAt: null, offersLastViewedAt: null }),
      }
    : {};
  const note = input.action.note || step.note;
  if (step.to === null) {
    await tx.update(quotes).set(window).where(eq(quotes.id, quote.id));
    await recordStatusChange(tx, {
      quoteId: quote.id,
      from: quote.status,
      to: quote.status,
      actor,
      note,
      detail,
    });
  } else {
    await applyTransition(tx, {
      quote,
      to: step.to,
      actor,
      note,
      changes: { ...step.changes, ...window },
      detail,
    });
  }
  await replaceOffers(tx, rows);
}
