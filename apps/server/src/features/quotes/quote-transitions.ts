import {
  officeStageOf,
  statusLabel,
  type LifecycleStatus,
  type QuoteActor,
} from '@atelier/contract';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { quotes, quoteStatusHistory, type QuoteStepDetail } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

/** Who moves a quote: the kind of actor, and their account when they have one (the CLI has none). */
export interface QuoteActorRef {
  kind: QuoteActor;
  userId: string | null;
}

interface Moves {
  from: readonly LifecycleStatus[];
  to: readonly LifecycleStatus[];
  actors: readonly QuoteActor[];
}

/** The life cycle of ARCHITECTURE.md: every move a quote may make, and who may make it. */
const MOVES: readonly Moves[] = [
  { from: ['pending_authentication'], to: ['authentication_in_progress'], actors: ['admin'] },
  {
    from: ['authentication_in_progress'],
    to: ['authenticated_no_offer', 'authenticated_with_offer', 'fake', 'needs_more_info'],
    actors: ['admin'],
  },
  // The stylist's answer (photos and a note) sends it back to the authenticator who asked.
  { from: ['needs_more_info'], to: ['authentication_in_progress'], actors: ['admin', 'stylist'] },
  // Offers made after an authentication that had none.
  { from: ['authenticated_no_offer'], to: ['authenticated_with_offer'], actors: ['admin'] },
  // Revised offers: the status stays, and the history still records the revision.
  { from: ['authenticated_with_offer'], to: ['authenticated_with_offer'], actors: ['admin'] },
  { from: ['authenticated_with_offer'], to: ['offer_pending'], actors: ['stylist', 'system'] },
  {
    from: ['authenticated_with_offer', 'offer_pending'],
    to: ['offer_accepted', 'rejected'],
    actors: ['stylist', 'client'],
  },
  { from: ['offer_accepted'], to: ['in_transit'], actors: ['stylist'] },
  { from: ['in_transit'], to: ['received'], actors: ['admin'] },
  { from: ['received'], to: ['converted'], actors: ['admin'] },
  { from: ['converted'], to: ['sold'], actors: ['system', 'admin'] },
];

export interface QuoteTransition {
  from: LifecycleStatus;
  to: LifecycleStatus;
  actors: readonly QuoteActor[];
}

/** Every legal move, one entry per `from → to` pair. */
export const QUOTE_TRANSITIONS: readonly QuoteTransition[] = MOVES.flatMap(({ from, to, actors }) =>
  from.flatMap((source) => to.map((target) => ({ from: source, to: target, actors }))),
);

const ACTORS_BY_MOVE = new Map(QUOTE_TRANSITIONS.map((t) => [`${t.from}>${t.to}`, t.actors]));

const ACTOR_NAMES: Record<QuoteActor, string> = {
  stylist: 'the stylist',
  client: 'the client',
  admin: 'the back office',
  system: 'the system',
};

const quoted = (status: LifecycleStatus) => `"${statusLabel(status) ?? status}"`;

/** Why `actor` may not move a quote from `from` to `to`, or null when the move is allowed. */
export function transitionRefusal(
  from: LifecycleStatus,
  to: LifecycleStatus,
  actor: QuoteActor,
): string | null {
  const actors = ACTORS_BY_MOVE.get(`${from}>${to}`);
  if (!actors) {
    return from === to
      ? `The quote is already ${quoted(from)}.`
      : `A quote that is ${quoted(from)} cannot become ${quoted(to)}.`;
  }
  if (actors.includes(actor)) return null;
  const who = actors.map((kind) => ACTOR_NAMES[kind]).join(' or ');
  return `Only ${who} can move a quote from ${quoted(from)} to ${quoted(to)}.`;
}

/** Columns a move may set besides the status. */
export type QuoteChanges = Partial<
  Pick<
    typeof quotes.$inferInsert,
    | 'acceptedOfferType'
    | 'authenticationStatus'
    | 'isApproved'
    | 'commenter'
    | 'commentToCustomer'
    | 'pickupType'
    | 'shipmentId'
    | 'offersExpireAt'
    | 'offersRemindedAt'
    | 'offersFirstViewedAt'
    | 'offersLastViewedAt'
    | 'answeredAt'
  >
>;

export interface StatusChange {
  quoteId: number;
  from: LifecycleStatus | null;
  to: LifecycleStatus;
  actor: QuoteActorRef;
  note?: string | null | undefined;
  /** Facts of the step that the timeline shows (offers, their expiry). */
  detail?: QuoteStepDetail | null | undefined;
}

/** Writes one row of a quote's status history. */
export async function recordStatusChange(tx: Tx, change: StatusChange) {
  await tx.insert(quoteStatusHistory).values({
    quoteId: change.quoteId,
    fromStatus: change.from,
    toStatus: change.to,
    actorKind: change.actor.kind,
    actorUserId: change.actor.userId,
    note: change.note || null,
    detail: change.detail ?? null,
  });
}

/**
 * Moves a quote that the caller has locked (`for update`) in `tx`, and records the move in the
 * quote's history. A move the life cycle does not allow throws a 409 and changes nothing.
 */
export async function applyTransition(
  tx: Tx,
  input: {
    quote: { id: number; status: LifecycleStatus };
    to: LifecycleStatus;
    actor: QuoteActorRef;
    note?: string | null | undefined;
    changes?: QuoteChanges;
    detail?: QuoteStepDetail | null | undefined;
  },
) {
  const { quote, to, actor } = input;
  const refusal = transitionRefusal(quote.status, to, actor.kind);
  if (refusal) throw AppError.conflict(refusal);
  // The status guard catches a caller that forgot to lock the row.
  // A move into another office queue restarts its SLA clock and drops the "Answered" marker.
  const entersQueue = officeStageOf(quote.status) !== officeStageOf(to);
  const updated = await tx
    .update(quotes)
    .set({
      ...(entersQueue && { stageEnteredAt: new Date(), answeredAt: null }),
      ...input.changes,
      status: to,
    })
    .where(and(eq(quotes.id, quote.id), eq(quotes.status, quote.status)))
    .returning({ id: quotes.id });
  if (updated.length === 0) {
    throw AppError.conflict('The quote changed meanwhile. Reload it and try again.');
  }
  await recordStatusChange(tx, {
    quoteId: quote.id,
    from: quote.status,
    to,
    actor,
    note: input.note,
    detail: input.detail,
  });
}
