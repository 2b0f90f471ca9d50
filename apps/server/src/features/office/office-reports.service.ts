import {
  OFFICE_DECISIONS,
  OFFICE_REPORT_CSV_STAGE_HEADER,
  OFFICE_ROLE_LABELS,
  OFFICE_STAGE_LABELS,
  OFFICE_STAGES,
  isOfficeRole,
  officeReportCsvDayHeader,
  officeReportCsvFilename,
  officeReportCsvStaffHeader,
  type LifecycleStatus,
  type OfficeDecision,
  type OfficeReportDay,
  type OfficeReportDocument,
  type OfficeReportStaff,
  type OfficeReportStage,
  type OfficeStage,
} from '@atelier/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { businessHoursBetweenWallTimes } from './business-hours-sql.ts';
import type { OfficeSettings } from './office-settings.ts';

/**
 * The office's reports (issue 30 §11), computed in SQL from the quotes' status history:
 *
 * - A stint is an item's stay in one queue: from the step that brought it in to the step that took
 *   it out (a decision, the stylist's answer, the client's reply), or, for "Sold", to its payout.
 * - An item is handled in a queue on the day (the office's, OFFICE_TIME_ZONE) its stint there ends.
 * - Its time in the queue is the stint's business hours, counted as the queues' SLA clocks count
 *   them; it breached when that reached the queue's target, as the queue's badge says "Breached".
 * - A staff member's decisions are the life-cycle steps their account took (the status history
 *   names each step's actor; a decision approved on a second opinion is its author's), and the
 *   second opinions they gave.
 */

type ReportRange = { from: string; to: string };

/** The decision each step of the status history is, by the status it led to. */
const DECISION_BY_STATUS: Partial<Record<LifecycleStatus, OfficeDecision>> = {
  authentication_in_progress: 'start_authentication',
  authenticated_no_offer: 'authentic',
  fake: 'counterfeit',
  needs_more_info: 'request_more_info',
  authenticated_with_offer: 'make_offers',
  received: 'receive',
  converted: 'convert',
  sold: 'record_sale',
};

function decisionOf(toStatus: SQL, detail: SQL): SQL<OfficeDecision | null> {
  const arms = Object.entries(DECISION_BY_STATUS).map(
    ([status, decision]) =>
      sql`when ${toStatus} = ${sql.raw(`'${status}'`)} then ${sql.raw(`'${decision}'`)}`,
  );
  // A renewal keeps the status: its step says so in its detail.
  return sql`(case when ${detail} ->> 'renewed' = 'true' then 'renew_offers' ${sql.join(arms, sql` `)} end)`;
}

/**
 * The instants the range's days begin and end in the office's zone, as expressions: written into
 * each condition (not joined from a CTE), so the planner estimates the range from its values.
 */
const rangeBounds = (range: ReportRange, timeZone: string) => ({
  lo: sql`((${range.from}::date)::timestamp at time zone ${timeZone})`,
  hi: sql`((${range.to}::date + 1)::timestamp at time zone ${timeZone})`,
});

/** A statement's rows: PGlite and node-postgres both answer `{ rows }`. */
async function rowsOf<Row>(db: Db | Tx, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
}

interface StageRow {
  stage: OfficeStage;
  day: string | null;
  handled: number;
  median: number | null;
  breached: number;
}

/**
 * Every queue's figures, and its count per day (generate_series gives the days with none). Run it
 * with TimeZone set to `settings.timeZone` (getOfficeReport does).
 */
export function stageFiguresSql(
  range: ReportRange,
  settings: Pick<OfficeSettings, 'slaHours' | 'timeZone'>,
): SQL {
  const { timeZone } = settings;
  const { lo, hi } = rangeBounds(range, timeZone);
  const targets = sql.join(
    OFFICE_STAGES.map(
      (stage, order) =>
        sql`(${sql.raw(`'${stage}'`)}, ${sql.raw(String(order))}, ${sql.raw(String(settings.slaHours[stage]))}::float8)`,
    ),
    sql`, `,
  );
  return sql`
    with ended as (
      -- A step that leaves a queue ends the item's stay there, which began at the quote's previous
      -- change of queue (stage_entered_at, kept by migration 0020's triggers) or its creation.
      select h.from_stage as stage, h.created_at as left_at,
        coalesce(h.stage_entered_at, (select q.created_at from quotes q where q.id = h.quote_id)) as entered_at
      from quote_status_history h
      where h.from_stage is not null and h.created_at >= ${lo} and h.created_at < ${hi}
      union all
      -- A paid sale leaves "Sold", which it entered at its sale.
      select 'sold', q.commission_paid_at,
        coalesce((select max(h.created_at) from quote_status_history h
                  where h.quote_id = q.id and h.to_status = 'sold'), q.created_at)
      from quotes q
      where q.commission_paid_at >= ${lo} and q.commission_paid_at < ${hi}
    ),
    targets (stage, ord, target) as (values ${targets}),
    walls as (
      -- The office's wall clock, by the transaction's TimeZone (the office's: getOfficeReport sets
      -- it): a cast costs a tenth of AT TIME ZONE, which looks the zone up by name on every row.
      select e.stage, e.left_at::timestamp as left_wall, e.entered_at::timestamp as entered_wall
      from ended e
      -- OFFSET 0 keeps this a subquery: each wall time is worked out once, not once per use in
      -- the business hours' clock (ten a stint).
      offset 0
    ),
    timed as (
      select t.ord, w.left_wall::date as day, t.target,
        ${businessHoursBetweenWallTimes(sql.raw('w.entered_wall'), sql.raw('w.left_wall'))} as hours
      from walls w join targets t on t.stage = w.stage
    ),
    -- Grouped by the queue's number, not its name: sorting names compares them by collation.
    per_stage as (
      select ord, count(*)::int as handled,
        percentile_cont(0.5) within group (order by hours) as median,
        (count(*) filter (where hours >= target))::int as breached
      from timed group by ord
    ),
    per_day as (
      select ord, day, count(*)::int as handled
      from timed group by ord, day
    )
    -- Each queue's figures, then its count on every day of the range (generate_series).
    select t.stage, null::text as day, coalesce(s.handled, 0) as handled, s.median,
      coalesce(s.breached, 0) as breached, t.ord, null::date as on_day
    from targets t left join per_stage s on s.ord = t.ord
    union all
    select t.stage, d.day::text, coalesce(p.handled, 0), null, 0, t.ord, d.day
    from targets t
    cross join (
      select g::date as day from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') g
    ) d
    left join per_day p on p.ord = t.ord and p.day = d.day
    order by ord, on_day nulls first`;
}

interface StaffRow {
  userId: string;
  name: string;
  role: string | null;
  decision: OfficeDecision | 'second_opinion';
  count: number;
}

/** How many decisions of each kind each staff member took in the range. */
export function staffFiguresSql(range: ReportRange, timeZone: string): SQL {
  const decision = decisionOf(sql.raw('h.to_status'), sql.raw('h.detail'));
  const { lo, hi } = rangeBounds(range, timeZone);
  return sql`
    with decided as (
      select h.actor_user_id as user_id, ${decision} as decision
      from quote_status_history h
      where h.created_at >= ${lo} and h.created_at < ${hi}
        and h.actor_kind = 'admin' and h.actor_user_id is not null
      union all
      select o.resolved_by_user_id, 'second_opinion'
      from office_second_opinions o
      where o.resolved_at >= ${lo} and o.resolved_at < ${hi}
        and o.resolved_by_user_id is not null
    )
    -- Counted first, then each member looked up by key (LATERAL): not a scan of every account.
    select u.id as "userId", u.name, u.role, d.decision, d.count
    from (
      select user_id, decision, count(*)::int as count
      from decided where decision is not null
      group by user_id, decision
    ) d
    cross join lateral (select id, name, role from users where id = d.user_id limit 1) u`;
}

const toTenth = (hours: number) => Math.round(hours * 10) / 10;

/** The report for `range` (days in the office's zone, both ends counted). */
export async function getOfficeReport(
  db: Db,
  range: ReportRange,
  settings: OfficeSettings,
): Promise<OfficeReportDocument> {
  const [stageRows, staffRows] = await db.transaction(async (tx) => {
    // The planner's guess at the stays is far above what they cost: JIT compiling would take
    // seconds (measured at 100k quotes) for a statement that runs in a fraction of one.
    await tx.execute(sql`set local jit = off`);
    // A year's stays (250k at 100k quotes) are sorted for the medians: in memory, not on disk.
    await tx.execute(sql`set local work_mem = '64MB'`);
    // The stays' wall times are casts in the office's zone (stageFiguresSql).
    await tx.execute(sql`select set_config('TimeZone', ${settings.timeZone}, true)`);
    return [
      await rowsOf<StageRow>(tx, stageFiguresSql(range, settings)),
      await rowsOf<StaffRow>(tx, staffFiguresSql(range, settings.timeZone)),
    ] as const;
  });

  const stages: OfficeReportStage[] = [];
  const days = new Map<string, OfficeReportDay>();
  for (const row of stageRows) {
    if (row.day === null) {
      stages.push({
        stage: row.stage,
        targetHours: settings.slaHours[row.stage],
        handled: row.handled,
        medianHours: row.median === null ? null : toTenth(Number(row.median)),
        breached: row.breached,
        breachedShare: row.handled === 0 ? null : row.breached / row.handled,
      });
      continue;
    }
    let day = days.get(row.day);
    if (!day) {
      day = {
        date: row.day,
        handled: Object.fromEntries(OFFICE_STAGES.map((stage) => [stage, 0])) as Record<
          OfficeStage,
          number
        >,
      };
      days.set(row.day, day);
    }
    day.handled[row.stage] = row.handled;
  }

  const staff = new Map<string, OfficeReportStaff>();
  for (const row of staffRows) {
    let member = staff.get(row.userId);
    if (!member) {
      member = {
        userId: row.userId,
        name: row.name,
        role: row.role ?? 'user',
        decisions: Object.fromEntries(OFFICE_DECISIONS.map((d) => [d, 0])) as Record<
          OfficeDecision,
          number
        >,
        secondOpinions: 0,
        total: 0,
      };
      staff.set(row.userId, member);
    }
    if (row.decision === 'second_opinion') member.secondOpinions += row.count;
    else member.decisions[row.decision] += row.count;
    member.total += row.count;
  }

  return {
    data: {
      stages,
      days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
      staff: [...staff.values()].sort(
        (a, b) =>
          b.total - a.total || a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId),
      ),
    },
    meta: { from: range.from, to: range.to, timeZone: settings.timeZone },
  };
}

/* ---------- CSV ---------- */

type Cell = string | number;

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, comma or line break. Text a spreadsheet
 * would run as a formula (a staff member's name starting with = + - @) gets a leading apostrophe;
 * numbers stay numbers.
 */
export function csvField(cell: Cell): string {
  const text =
    typeof cell === 'number' ? String(cell) : /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (cells: readonly Cell[]) => `${cells.map(csvField).join(',')}\r\n`;

const roleLabel = (role: string) => (isOfficeRole(role) ? OFFICE_ROLE_LABELS[role] : role);

/** The report as CSV: the queues' figures, the handled items per day, the staff's decisions. */
export function officeReportCsv(report: OfficeReportDocument): { filename: string; csv: string } {
  const { stages, days, staff } = report.data;
  const lines = [
    csvLine(OFFICE_REPORT_CSV_STAGE_HEADER),
    ...stages.map((row) =>
      csvLine([
        OFFICE_STAGE_LABELS[row.stage],
        row.targetHours,
        row.handled,
        row.medianHours ?? '',
        row.breached,
        row.breachedShare === null ? '' : `${(row.breachedShare * 100).toFixed(1)}%`,
      ]),
    ),
    '\r\n',
    csvLine(officeReportCsvDayHeader()),
    ...days.map((day) => csvLine([day.date, ...OFFICE_STAGES.map((s) => day.handled[s])])),
    '\r\n',
    csvLine(officeReportCsvStaffHeader()),
    ...staff.map((member) =>
      csvLine([
        member.name,
        roleLabel(member.role),
        ...OFFICE_DECISIONS.map((d) => member.decisions[d]),
        member.secondOpinions,
        member.total,
      ]),
    ),
  ];
  // The byte-order mark makes Excel read the file as UTF-8, as the commissions' export does.
  return { filename: officeReportCsvFilename(report.meta), csv: `\uFEFF${lines.join('')}` };
}
