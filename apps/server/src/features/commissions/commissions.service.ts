import {
  calendarDay,
  commissionsApi,
  endpointUrl,
  COMMISSION_TIMELINE_MONTHS,
  COMMISSIONS_PER_PAGE,
  DEFAULT_TIME_ZONE,
  MONTH_ABBREVIATIONS,
  nextDay,
  startOfDay,
  type CommissionDocument,
  type CommissionExportQuerySchema,
  type CommissionListDocument,
  type CommissionListQuerySchema,
  type TimelinePoint,
  centsToDollars,
} from '@atelier/contract';
import { and, desc, eq, gte, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { StylistActor } from '../../auth/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { clients, commissions, stylistTotals } from '../../db/schema.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  NO_COMMISSION_SUMS,
  rangeParams,
  sumCommissions,
  type RangeParams,
  type CommissionSums,
  type InstantRange,
} from './commission-sums.ts';
import {
  commissionWithClientColumns,
  loadCommissionResources,
  toCommissionResources,
} from './commission-resource.ts';

export type CommissionListInput = z.output<typeof CommissionListQuerySchema>;
export type CommissionRange = z.output<typeof CommissionExportQuerySchema>;

/** The zone whose calendar days the range names: the viewer's, UTC when the query names none. */
export function rangeTimeZone(range: CommissionRange): string {
  return range.timeZone ?? DEFAULT_TIME_ZONE;
}

/** The range's instants: from its start's first instant to the first instant after its end. */
function rangeInstants(range: CommissionRange): InstantRange | null {
  if (!range.startDate) return null;
  const timeZone = rangeTimeZone(range);
  return {
    start: startOfDay(range.startDate, timeZone),
    end: range.endDate ? startOfDay(nextDay(range.endDate), timeZone) : null,
  };
}

/** Both ends inclusive, in whole days of the range's zone: [start's first instant, the day after end's). */
function createdInRange(range: CommissionRange): SQL | undefined {
  const instants = rangeInstants(range);
  if (instants === null) return undefined;
  return and(
    gte(commissions.createdAt, instants.start),
    instants.end ? lt(commissions.createdAt, instants.end) : undefined,
  );
}

/** The stylist's commissions created in the range: what the list, its totals and the export count. */
export function commissionsInRange(stylistId: number, range: CommissionRange): SQL | undefined {
  return and(eq(commissions.stylistId, stylistId), createdInRange(range));
}

/** The list's order: pending first, then paid; newest first within each, id breaking ties. */
export const commissionListOrder = [
  sql`${commissions.paidAt} is not null`,
  desc(commissions.createdAt),
  desc(commissions.id),
];

export interface CommissionTotals extends CommissionSums {
  /** paidPayments + unpaidPayments: the "Products Sold & Purchased" count. */
  total: number;
}

const keptTotalsStatement = preparedStatement(
  (db, name) =>
    db
      .select({
        paidCents: stylistTotals.paidCents,
        unpaidCents: stylistTotals.unpaidCents,
        paidPayments: stylistTotals.paidCount,
        unpaidPayments: stylistTotals.unpaidCount,
      })
      .from(stylistTotals)
      .where(eq(stylistTotals.stylistId, sql.placeholder('stylistId')))
      .prepare(name),
  'stylist_commission_totals',
);

/** The totals of the whole range (not a page): the kept whole-history row, or summed days. */
export async function loadCommissionTotals(
  db: Db,
  stylistId: number,
  range: CommissionRange,
): Promise<CommissionTotals> {
  const instants = rangeInstants(range);
  let sums: CommissionSums;
  if (instants === null) {
    const [kept] = await keptTotalsStatement(db).execute({ stylistId });
    sums = kept ?? NO_COMMISSION_SUMS;
  } else {
    [sums = NO_COMMISSION_SUMS] = await sumCommissions(db, stylistId, rangeParams([instants]));
  }
  return { ...sums, total: sums.paidPayments + sums.unpaidPayments };
}

/** The YYYY-MM-DD first day of the month `offset` months after the month of `day`. */
function firstOfMonth(day: string, offset: number): string {
  const [year = 0, month = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1 + offset)).toISOString().slice(0, 10);
}

interface TimelineMonths {
  labels: { month: string; year: number }[];
  params: RangeParams;
}

/** How many (day, zone) timelines are remembered: every request of a day in a zone asks the same. */
const TIMELINES_KEPT = 256;
const timelines = new Map<string, TimelineMonths>();

/**
 * The 12 months of a zone ending with the month of `endDay`, bounded by the zone's first instants
 * of months, as labels and as the sums statement's ranges. Settled once per day and zone: a pure
 * function of both, so every instance may remember it.
 */
function timelineMonths(endDay: string, timeZone: string): TimelineMonths {
  const key = `${endDay} ${timeZone}`;
  const known = timelines.get(key);
  if (known) return known;
  // The 12 months' first days and the first day after them: each month ends where the next starts.
  const firsts = Array.from({ length: COMMISSION_TIMELINE_MONTHS + 1 }, (_, index) =>
    firstOfMonth(endDay, index + 1 - COMMISSION_TIMELINE_MONTHS),
  );
  const starts = firsts.map((first) => startOfDay(first, timeZone));
  const months = firsts.slice(0, COMMISSION_TIMELINE_MONTHS);
  const settled = {
    labels: months.map((first) => {
      const [year = 0, month = 1] = first.split('-').map(Number);
      return { month: MONTH_ABBREVIATIONS[month - 1] ?? '', year };
    }),
    params: rangeParams(
      months.map((_, index) => ({ start: starts[index] as Date, end: starts[index + 1] as Date })),
    ),
  };
  if (timelines.size >= TIMELINES_KEPT) timelines.delete(timelines.keys().next().value as string);
  timelines.set(key, settled);
  return settled;
}

/**
 * The 12 months of the zone ending with the month of `endDate` (else the zone's current month),
 * each with its total (summed from kept days).
 */
async function loadTimeline(
  db: Db,
  stylistId: number,
  range: CommissionRange,
  now: Date,
): Promise<TimelinePoint[]> {
  const timeZone = rangeTimeZone(range);
  const { labels, params } = timelineMonths(range.endDate ?? calendarDay(now, timeZone), timeZone);
  const sums = await sumCommissions(db, stylistId, params);
  return labels.map((label, index) => ({
    ...label,
    amount: centsToDollars((sums[index]?.paidCents ?? 0) + (sums[index]?.unpaidCents ?? 0)),
  }));
}

function nextPageUrl(publicUrl: string, range: CommissionRange, page: number) {
  const next = endpointUrl(commissionsApi.listCommissions, undefined, {
    startDate: range.startDate || undefined,
    endDate: range.endDate || undefined,
    timeZone: range.timeZone || undefined,
    page,
  });
  return `${publicUrl.replace(/\/+$/, '')}${next}`;
}

/** A page of the commissions `where` selects, in list order, with their clients' names. */
function commissionPageQuery(db: Db | Tx, where: SQL | undefined, offset: number | Placeholder) {
  return db
    .select(commissionWithClientColumns)
    .from(commissions)
    .innerJoin(clients, eq(clients.id, commissions.clientId))
    .where(where)
    .orderBy(...commissionListOrder)
    .limit(COMMISSIONS_PER_PAGE)
    .offset(offset);
}

// The list's first view names no range: all of the stylist's commissions.
const commissionPageStatement = preparedStatement(
  (db, name) =>
    commissionPageQuery(
      db,
      eq(commissions.stylistId, sql.placeholder('stylistId')),
      sql.placeholder('offset'),
    ).prepare(name),
  'commission_page',
);

/**
 * One page of the stylist's commissions created in the range (pending first, then paid; newest
 * first within each), the range's totals in one aggregate, and the 12-month timeline.
 */
export async function listCommissions(
  db: Db,
  actor: StylistActor,
  range: CommissionListInput,
  deps: { publicUrl: string; now?: Date },
): Promise<CommissionListDocument> {
  const page = range.page ?? 1;
  const offset = (page - 1) * COMMISSIONS_PER_PAGE;
  const [totals, rows, timelineData] = await Promise.all([
    loadCommissionTotals(db, actor.stylistId, range),
    rangeInstants(range) === null
      ? commissionPageStatement(db).execute({ stylistId: actor.stylistId, offset })
      : commissionPageQuery(db, commissionsInRange(actor.stylistId, range), offset),
    loadTimeline(db, actor.stylistId, range, deps.now ?? new Date()),
  ]);
  const data = await toCommissionResources(db, rows);
  const { total } = totals;
  return {
    data,
    meta: {
      paid: centsToDollars(totals.paidCents),
      unpaid: centsToDollars(totals.unpaidCents),
      paidPayments: totals.paidPayments,
      unpaidPayments: totals.unpaidPayments,
      timelineData,
      pagination: { total, per_page: COMMISSIONS_PER_PAGE },
    },
    links: {
      next:
        page * COMMISSIONS_PER_PAGE < total ? nextPageUrl(deps.publicUrl, range, page + 1) : null,
    },
  };
}

/** One of the stylist's commissions; another stylist's answers exactly as a missing one. */
export async function getCommission(
  db: Db,
  actor: StylistActor,
  commissionId: number,
  options: { includeProduct: boolean; storage: Pick<FileStorage, 'linkFor'> },
): Promise<CommissionDocument> {
  const [commission] = await db
    .select()
    .from(commissions)
    .where(and(eq(commissions.id, commissionId), eq(commissions.stylistId, actor.stylistId)));
  if (!commission) throw AppError.notFound('Commission');
  const [data] = await loadCommissionResources(db, [commission.id]);
  if (!data) throw AppError.notFound('Commission');
  return {
    data,
    included: options.includeProduct
      ? [
          {
            id: commission.productId,
            type: 'products',
            attributes: {
              purchasePrice: centsToDollars(commission.purchasePriceCents),
              thumbnailUrl: options.storage.linkFor(commission.productThumbnailUrl),
              brand: commission.brand,
              titleWithoutBrand: commission.titleWithoutBrand,
            },
          },
        ]
      : [],
  };
}
