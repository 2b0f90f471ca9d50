import {
  COMMISSION_TIMELINE_MONTHS,
  COMMISSIONS_PER_PAGE,
  MONTH_ABBREVIATIONS,
  type CommissionDocument,
  type CommissionExportQuerySchema,
  type CommissionListDocument,
  type CommissionListQuerySchema,
  type TimelinePoint,
} from '@atelier/contract';
import { and, desc, eq, gte, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { StylistActor } from '../../auth/auth.plugin.ts';
import type { Db } from '../../db/client.ts';
import { commissions } from '../../db/schema.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { AppError } from '../../lib/app-error.ts';
import { centsToDollars, countWhere, sumCents } from '../clients/client-stats.ts';
import { loadCommissionResources } from './commission-resource.ts';

export type CommissionListInput = z.output<typeof CommissionListQuerySchema>;
export type CommissionRange = z.output<typeof CommissionExportQuerySchema>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The start of a YYYY-MM-DD day in UTC. */
function startOfUtcDay(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** Both ends inclusive, in whole UTC days: [start 00:00Z, end + 1 day 00:00Z). */
function createdInRange(range: CommissionRange): SQL | undefined {
  if (!range.startDate) return undefined;
  return and(
    gte(commissions.createdAt, startOfUtcDay(range.startDate)),
    range.endDate
      ? lt(commissions.createdAt, new Date(startOfUtcDay(range.endDate).getTime() + DAY_MS))
      : undefined,
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

export interface CommissionTotals {
  paidCents: number;
  unpaidCents: number;
  paidPayments: number;
  unpaidPayments: number;
  /** paidPayments + unpaidPayments: the "Products Sold & Purchased" count. */
  total: number;
}

/** The totals of the whole range (not a page), in one statement. */
export async function loadCommissionTotals(
  db: Db,
  inScope: SQL | undefined,
): Promise<CommissionTotals> {
  const [totals] = await db
    .select({
      paidCents: sumCents(commissions.amountCents, isNotNull(commissions.paidAt)),
      unpaidCents: sumCents(commissions.amountCents, isNull(commissions.paidAt)),
      paidPayments: countWhere(isNotNull(commissions.paidAt)),
      unpaidPayments: countWhere(isNull(commissions.paidAt)),
      total: sql<number>`count(*)`.mapWith(Number),
    })
    .from(commissions)
    .where(inScope);
  return totals ?? { paidCents: 0, unpaidCents: 0, paidPayments: 0, unpaidPayments: 0, total: 0 };
}

function monthKey(year: number, monthIndex: number) {
  return `${year}-${String(monthIndex + 1).padStart(2, '0')}`;
}

/** The 12 UTC months ending with the month of `endDate` (else the current month), each with its total. */
async function loadTimeline(
  db: Db,
  stylistId: number,
  endDate: string | undefined,
  now: Date,
): Promise<TimelinePoint[]> {
  const end = endDate ? startOfUtcDay(endDate) : now;
  const monthStart = (offset: number) =>
    new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + offset));
  const first = monthStart(1 - COMMISSION_TIMELINE_MONTHS);
  const afterLast = monthStart(1);
  const months = Array.from({ length: COMMISSION_TIMELINE_MONTHS }, (_, index) => {
    const start = monthStart(index + 1 - COMMISSION_TIMELINE_MONTHS);
    return { year: start.getUTCFullYear(), monthIndex: start.getUTCMonth() };
  });
  // Literal SQL without parameters, so the grouped expression is the selected one.
  const month = sql<string>`to_char(date_trunc('month', ${commissions.createdAt} at time zone 'UTC'), 'YYYY-MM')`;
  const rows = await db
    .select({ month, cents: sumCents(commissions.amountCents) })
    .from(commissions)
    .where(
      and(
        eq(commissions.stylistId, stylistId),
        gte(commissions.createdAt, first),
        lt(commissions.createdAt, afterLast),
      ),
    )
    .groupBy(month);
  const cents = new Map(rows.map((row) => [row.month, row.cents]));
  return months.map(({ year, monthIndex }) => ({
    month: MONTH_ABBREVIATIONS[monthIndex] ?? '',
    year,
    amount: centsToDollars(cents.get(monthKey(year, monthIndex)) ?? 0),
  }));
}

function nextPageUrl(publicUrl: string, range: CommissionRange, page: number) {
  const query = new URLSearchParams();
  if (range.startDate) query.set('startDate', range.startDate);
  if (range.endDate) query.set('endDate', range.endDate);
  query.set('page', String(page));
  return `${publicUrl.replace(/\/+$/, '')}/api/stylist/commissions?${query.toString()}`;
}

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
  const inScope = commissionsInRange(actor.stylistId, range);
  const [totals, rows, timelineData] = await Promise.all([
    loadCommissionTotals(db, inScope),
    db
      .select({ id: commissions.id })
      .from(commissions)
      .where(inScope)
      .orderBy(...commissionListOrder)
      .limit(COMMISSIONS_PER_PAGE)
      .offset((page - 1) * COMMISSIONS_PER_PAGE),
    loadTimeline(db, actor.stylistId, range.endDate, deps.now ?? new Date()),
  ]);
  const data = await loadCommissionResources(
    db,
    rows.map((row) => row.id),
  );
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
