import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { commissionDays, commissions } from '../../db/schema.ts';

/** Instants from `start` (inclusive) to `end` (exclusive; null: no end). */
export interface InstantRange {
  start: Date;
  end: Date | null;
}

export interface CommissionSums {
  paidCents: number;
  unpaidCents: number;
  paidPayments: number;
  unpaidPayments: number;
}

export const NO_COMMISSION_SUMS: CommissionSums = {
  paidCents: 0,
  unpaidCents: 0,
  paidPayments: 0,
  unpaidPayments: 0,
};

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface RangeParts {
  /** Whole UTC days [from, to) read from commission_days; to null: no end. */
  days: { from: string; to: string | null } | null;
  /** What is left at the edges, read from the commissions themselves. */
  edges: { from: Date; to: Date }[];
}

/**
 * A range as the whole UTC days inside it and the part days at its edges: the kept days are in
 * UTC, a viewer's days start at other instants (and not always on the hour).
 */
function splitRange({ start, end }: InstantRange): RangeParts {
  const wholeFrom = Math.ceil(start.getTime() / DAY_MS) * DAY_MS;
  const wholeTo = end === null ? null : Math.floor(end.getTime() / DAY_MS) * DAY_MS;
  if (end !== null && wholeTo !== null && wholeFrom >= wholeTo)
    return { days: null, edges: start < end ? [{ from: start, to: end }] : [] };
  const edges = [{ from: start, to: new Date(wholeFrom) }];
  if (end !== null && wholeTo !== null) edges.push({ from: new Date(wholeTo), to: end });
  return {
    days: { from: utcDay(wholeFrom), to: wholeTo === null ? null : utcDay(wholeTo) },
    edges: edges.filter(({ from, to }) => from < to),
  };
}

const sumOf = (column: string) => sql<number>`sum(${sql.raw(`part.${column}`)})`.mapWith(Number);

/**
 * Whole days from the per-day figures triggers keep (migration 0008), edge parts from the covering
 * index on (stylist, creation). The ranges go as arrays, so the text is the same for any number.
 */
const sumsStatement = preparedStatement(
  (db, name) =>
    db
      .select({
        i: sql<number>`part.i`,
        paidCents: sumOf('paid_cents'),
        unpaidCents: sumOf('unpaid_cents'),
        paidPayments: sumOf('paid_count'),
        unpaidPayments: sumOf('unpaid_count'),
      })
      .from(
        sql`(
          select whole.i, kept.paid_cents, kept.unpaid_cents, kept.paid_count, kept.unpaid_count
          from unnest(${sql.placeholder('dayIndexes')}::int[], ${sql.placeholder('dayFroms')}::date[],
                      ${sql.placeholder('dayTos')}::date[]) as whole(i, from_day, to_day)
          join ${commissionDays} as kept
            on kept.stylist_id = ${sql.placeholder('stylistId')}
           and kept.day >= whole.from_day and kept.day < coalesce(whole.to_day, 'infinity'::date)
          union all
          select edge.i,
                 case when c.paid_at is not null then c.amount_cents else 0 end,
                 case when c.paid_at is null then c.amount_cents else 0 end,
                 (c.paid_at is not null)::int, (c.paid_at is null)::int
          from unnest(${sql.placeholder('edgeIndexes')}::int[], ${sql.placeholder('edgeFroms')}::timestamptz[],
                      ${sql.placeholder('edgeTos')}::timestamptz[]) as edge(i, from_at, to_at)
          join ${commissions} as c
            on c.stylist_id = ${sql.placeholder('stylistId')}
           and c.created_at >= edge.from_at and c.created_at < edge.to_at
        ) as part`,
      )
      .groupBy(sql`part.i`)
      .prepare(name),
  'commission_sums',
);

/** What the sums statement is given for some ranges, besides the stylist: arrays, one per column. */
export interface RangeParams {
  ranges: number;
  dayIndexes: number[];
  dayFroms: string[];
  dayTos: (string | null)[];
  edgeIndexes: number[];
  edgeFroms: string[];
  edgeTos: string[];
}

/** Ranges as the sums statement takes them: whole UTC days, and the part days at their edges. */
export function rangeParams(ranges: readonly InstantRange[]): RangeParams {
  const params: RangeParams = {
    ranges: ranges.length,
    dayIndexes: [],
    dayFroms: [],
    dayTos: [],
    edgeIndexes: [],
    edgeFroms: [],
    edgeTos: [],
  };
  ranges.forEach((range, index) => {
    const { days, edges } = splitRange(range);
    if (days) {
      params.dayIndexes.push(index);
      params.dayFroms.push(days.from);
      params.dayTos.push(days.to);
    }
    for (const edge of edges) {
      params.edgeIndexes.push(index);
      params.edgeFroms.push(edge.from.toISOString());
      params.edgeTos.push(edge.to.toISOString());
    }
  });
  return params;
}

/**
 * The sums of a stylist's commissions created in each range, in one statement: the work follows
 * the number of days asked for, never the history's size.
 */
export async function sumCommissions(
  db: Db,
  stylistId: number,
  { ranges: count, ...params }: RangeParams,
): Promise<CommissionSums[]> {
  const rows = await sumsStatement(db).execute({ stylistId, ...params });
  const sums = Array.from({ length: count }, () => NO_COMMISSION_SUMS);
  for (const { i, ...sum } of rows) sums[i] = sum;
  return sums;
}
