import type { ClientCommissionStats, ClientPendingItems } from '@atelier/contract';
import { and, eq, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { commissions, quotes, type quoteStatus } from '../../db/schema.ts';

type QuoteStatus = (typeof quoteStatus.enumValues)[number];

/** Quotes still moving: neither finished (converted, sold) nor closed (rejected, counterfeit). */
export const OPEN_QUOTE_STATUSES = [
  'pending_authentication',
  'authentication_in_progress',
  'authenticated_no_offer',
  'authenticated_with_offer',
  'needs_more_info',
  'offer_pending',
  'offer_accepted',
  'in_transit',
  'received',
] as const satisfies readonly QuoteStatus[];

/** "Quotes to Review": offers waiting to be presented to or answered by the client. */
export const PENDING_REVIEW_STATUSES = [
  'authenticated_with_offer',
  'offer_pending',
] as const satisfies readonly QuoteStatus[];

/** The client took an offer. */
export const ACCEPTED_OFFER_TYPES = ['consignment', 'buyout'] as const;

/** "Stuff to Ship": accepted, and neither picked up nor on a shipment yet. */
export const isPendingShipment = and(
  eq(quotes.status, 'offer_accepted'),
  isNull(quotes.pickupType),
  isNull(quotes.shipmentId),
) as SQL;

export function countWhere(condition: SQL) {
  return sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
}

/** The columns of §3's `pendingItems`, aggregated over whatever quotes the query groups. */
export const pendingItemsColumns = {
  open: countWhere(inArray(quotes.status, OPEN_QUOTE_STATUSES)),
  accepted: countWhere(inArray(quotes.acceptedOfferType, ACCEPTED_OFFER_TYPES)),
  total: sql<number>`count(*)`.mapWith(Number),
  itemsSold: countWhere(eq(quotes.status, 'sold')),
  pendingReviewTotal: countWhere(inArray(quotes.status, PENDING_REVIEW_STATUSES)),
  pendingShipmentTotal: countWhere(isPendingShipment),
};

/**
 * `column = any($1)` with the ids as one array parameter: the statement's text is the same for
 * any number of ids, so it stays preparable (an IN list has a placeholder per id).
 */
export function anyOf(column: AnyColumn, ids: readonly number[]): SQL {
  return sql`${column} = any(${sql.param([...ids])}::int[])`;
}

/** A sum of integer cents; sum() of an integer column is a bigint, which the drivers hand over as text. */
export function sumCents(column: AnyColumn, condition?: SQL) {
  return condition
    ? sql<number>`coalesce(sum(${column}) filter (where ${condition}), 0)`.mapWith(Number)
    : sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

export interface ClientStats {
  commissions: ClientCommissionStats;
  pendingItems: ClientPendingItems;
}

export const NO_CLIENT_STATS: ClientStats = {
  commissions: { number: 0, total: 0 },
  pendingItems: {
    open: 0,
    accepted: 0,
    total: 0,
    itemsSold: 0,
    pendingReviewTotal: 0,
    pendingShipmentTotal: 0,
  },
};

/** Past this many ids the stats are read for all of the stylist's clients rather than by an id list. */
const MAX_LISTED_IDS = 1000;

/**
 * Stats of some of a stylist's clients, in one grouped query for quotes and one for commissions
 * (never a query per client). Clients with no quotes or commissions get zeros.
 */
export async function loadClientStats(
  db: Db,
  stylistId: number,
  clientIds: readonly number[],
): Promise<Map<number, ClientStats>> {
  const stats = new Map<number, ClientStats>();
  if (clientIds.length === 0) return stats;
  const byId = clientIds.length <= MAX_LISTED_IDS;
  const [quoteRows, commissionRows] = await Promise.all([
    db
      .select({ clientId: quotes.clientId, ...pendingItemsColumns })
      .from(quotes)
      .where(
        and(eq(quotes.stylistId, stylistId), byId ? anyOf(quotes.clientId, clientIds) : undefined),
      )
      .groupBy(quotes.clientId),
    db
      .select({
        clientId: commissions.clientId,
        number: sql<number>`count(*)`.mapWith(Number),
        totalCents: sumCents(commissions.amountCents),
      })
      .from(commissions)
      .where(
        and(
          eq(commissions.stylistId, stylistId),
          byId ? anyOf(commissions.clientId, clientIds) : undefined,
        ),
      )
      .groupBy(commissions.clientId),
  ]);
  for (const id of clientIds) stats.set(id, NO_CLIENT_STATS);
  for (const { clientId, ...pendingItems } of quoteRows) {
    const current = stats.get(clientId);
    if (current) stats.set(clientId, { ...current, pendingItems });
  }
  for (const { clientId, number, totalCents } of commissionRows) {
    const current = stats.get(clientId);
    if (current)
      stats.set(clientId, {
        ...current,
        commissions: { number, total: centsToDollars(totalCents) },
      });
  }
  return stats;
}
