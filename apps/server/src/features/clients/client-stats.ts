import { centsToDollars, OFFER_TYPES } from '@atelier/contract';
import type { ClientCommissionStats, ClientPendingItems } from '@atelier/contract';
import { and, eq, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
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
  // The client took an offer.
  accepted: countWhere(inArray(quotes.acceptedOfferType, OFFER_TYPES)),
  total: sql<number>`count(*)`.mapWith(Number),
  itemsSold: countWhere(eq(quotes.status, 'sold')),
  pendingReviewTotal: countWhere(inArray(quotes.status, PENDING_REVIEW_STATUSES)),
  pendingShipmentTotal: countWhere(isPendingShipment),
};

/** A sum of integer cents; sum() of an integer column is a bigint, which the drivers hand over as text. */
export function sumCents(column: AnyColumn, condition?: SQL) {
  return condition
    ? sql<number>`coalesce(sum(${column}) filter (where ${condition}), 0)`.mapWith(Number)
    : sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
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

function quoteStatsQuery(db: Db, where: SQL) {
  return db
    .select({ clientId: quotes.clientId, ...pendingItemsColumns })
    .from(quotes)
    .where(where)
    .groupBy(quotes.clientId);
}

function commissionStatsQuery(db: Db, where: SQL) {
  return db
    .select({
      clientId: commissions.clientId,
      number: sql<number>`count(*)`.mapWith(Number),
      totalCents: sumCents(commissions.amountCents),
    })
    .from(commissions)
    .where(where)
    .groupBy(commissions.clientId);
}

type PendingItemsKey = keyof typeof pendingItemsColumns;

/**
 * A client's quote and commission figures, as two subqueries to join laterally after a FROM whose
 * row is the client (`clientId` is its id): a lookup by client in each table, and aggregates
 * without a group answer zeros for a client with none.
 */
export function listedStatsSubqueries(db: Db, clientId: AnyColumn | SQL) {
  const stylistId = sql.placeholder('stylistId');
  const quoteFigures = db
    .select(
      Object.fromEntries(
        Object.entries(pendingItemsColumns).map(([key, column]) => [key, column.as(key)]),
      ) as { [Key in PendingItemsKey]: SQL.Aliased<number> },
    )
    .from(quotes)
    .where(and(eq(quotes.stylistId, stylistId), eq(quotes.clientId, clientId)))
    .as('q');
  const commissionFigures = db
    .select({
      number: sql<number>`count(*)`.mapWith(Number).as('number'),
      totalCents: sumCents(commissions.amountCents).as('total_cents'),
    })
    .from(commissions)
    .where(and(eq(commissions.stylistId, stylistId), eq(commissions.clientId, clientId)))
    .as('c');
  return {
    quoteFigures,
    commissionFigures,
    /** What the two add to a select. */
    fields: { ...quoteFigures._.selectedFields, ...commissionFigures._.selectedFields },
  };
}

type ListedStatsRow = Record<PendingItemsKey | 'number' | 'totalCents', number>;

/** A client's stats from the fields of `listedStatsSubqueries`. */
export function statsOfRow(row: ListedStatsRow): ClientStats {
  return {
    commissions: { number: row.number, total: centsToDollars(row.totalCents) },
    pendingItems: {
      open: row.open,
      accepted: row.accepted,
      total: row.total,
      itemsSold: row.itemsSold,
      pendingReviewTotal: row.pendingReviewTotal,
      pendingShipmentTotal: row.pendingShipmentTotal,
    },
  };
}

/**
 * Each listed client's quote and commission figures in one statement. The ids go in as one array,
 * so the text never changes.
 */
const listedClientStatsStatement = preparedStatement((db, name) => {
  const { quoteFigures, commissionFigures, fields } = listedStatsSubqueries(db, sql`ids.id`);
  return db
    .select({ clientId: sql<number>`ids.id`, ...fields })
    .from(sql`unnest(${sql.placeholder('ids')}::int[]) as ids(id)`)
    .crossJoinLateral(quoteFigures)
    .crossJoinLateral(commissionFigures)
    .prepare(name);
}, 'listed_client_stats');

/**
 * Stats of some of a stylist's clients (never a query per client): a page's or one client's in one
 * statement; past MAX_LISTED_IDS, all of the stylist's in one grouped query for quotes and one for
 * commissions. Clients with no quotes or commissions get zeros.
 */
export async function loadClientStats(
  db: Db,
  stylistId: number,
  clientIds: readonly number[],
): Promise<Map<number, ClientStats>> {
  const stats = new Map<number, ClientStats>();
  if (clientIds.length === 0) return stats;
  if (clientIds.length <= MAX_LISTED_IDS) {
    const rows = await listedClientStatsStatement(db).execute({ stylistId, ids: [...clientIds] });
    for (const { clientId, ...figures } of rows) stats.set(clientId, statsOfRow(figures));
    return stats;
  }
  const [quoteRows, commissionRows] = await Promise.all([
    quoteStatsQuery(db, eq(quotes.stylistId, stylistId)),
    commissionStatsQuery(db, eq(commissions.stylistId, stylistId)),
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
