import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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

/** A row of sumCommissions' statement (both drivers answer `{ rows }`); sums of bigints come as text. */
interface SumRow {
  i: number;
  paid_cents: string;
  unpaid_cents: string;
  paid_count: string;
  unpaid_count: string;
}

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

/**
 * The sums of a stylist's commissions created in each range, in one statement: whole days from
 * the per-day figures triggers keep (migration 0008), edge parts from the covering index on
 * (stylist, creation), so the work follows the number of days asked for, never the history's size.
 * The ranges go as arrays, so the statement's text is the same for any number of them.
 */
export async function sumCommissions(
  db: Db,
  stylistId: number,
  ranges: readonly InstantRange[],
): Promise<CommissionSums[]> {
  const dayIndexes: number[] = [];
  const dayFroms: string[] = [];
  const dayTos: (string | null)[] = [];
  const edgeIndexes: number[] = [];
  const edgeFroms: string[] = [];
  const edgeTos: string[] = [];
  ranges.forEach((range, index) => {
    const { days, edges } = splitRange(range);
    if (days) {
      dayIndexes.push(index);
      dayFroms.push(days.from);
      dayTos.push(days.to);
    }
    for (const edge of edges) {
      edgeIndexes.push(index);
      edgeFroms.push(edge.from.toISOString());
      edgeTos.push(edge.to.toISOString());
    }
  });
  const result = (await db.execute(sql`
    select part.i, sum(part.paid_cents) as paid_cents, sum(part.unpaid_cents) as unpaid_cents,
           sum(part.paid_count) as paid_count, sum(part.unpaid_count) as unpaid_count
    from (
      select whole.i, kept.paid_cents, kept.unpaid_cents, kept.paid_count, kept.unpaid_count
      from unnest(${sql.param(dayIndexes)}::int[], ${sql.param(dayFroms)}::date[],
                  ${sql.param(dayTos)}::date[]) as whole(i, from_day, to_day)
      join ${commissionDays} as kept
        on kept.stylist_id = ${stylistId}
       and kept.day >= whole.from_day and kept.day < coalesce(whole.to_day, 'infinity'::date)
      union all
      select edge.i,
             case when c.paid_at is not null then c.amount_cents else 0 end,
             case when c.paid_at is null then c.amount_cents else 0 end,
             (c.paid_at is not null)::int, (c.paid_at is null)::int
      from unnest(${sql.param(edgeIndexes)}::int[], ${sql.param(edgeFroms)}::timestamptz[],
                  ${sql.param(edgeTos)}::timestamptz[]) as edge(i, from_at, to_at)
      join ${commissions} as c
        on c.stylist_id = ${stylistId}
       and c.created_at >= edge.from_at and c.created_at < edge.to_at
    ) as part
    group by part.i`)) as unknown as { rows: readonly SumRow[] };
  const sums = ranges.map(() => NO_COMMISSION_SUMS);
  for (const row of result.rows) {
    sums[row.i] = {
      paidCents: Number(row.paid_cents),
      unpaidCents: Number(row.unpaid_cents),
      paidPayments: Number(row.paid_count),
      unpaidPayments: Number(row.unpaid_count),
    };
  }
  return sums;
}
