import { sql, type SQL } from 'drizzle-orm';
import { CLOSE_HOUR, OPEN_HOUR } from './business-hours.ts';

/**
 * Business hours as SQL, counted as businessHoursBetween counts them (Monday to Friday, OPEN_HOUR
 * to CLOSE_HOUR on the office's wall clock), for reports that measure many spans at once.
 *
 * `businessClock(t)` is the business hours from a fixed Monday to the wall time `t` (a timestamp
 * without zone, i.e. `instant at time zone zone`); the hours between two instants are the
 * difference of their clocks. Whole weeks hold 40 hours whatever daylight saving time does, and
 * no zone changes its clocks between 9 and 5, so this agrees with the day-by-day count
 * (business-hours-sql.test.ts checks both on the same spans).
 */
const WORKING_DAY = CLOSE_HOUR - OPEN_HOUR;

export function businessClock(wallTime: SQL): SQL<number> {
  // Days since Monday 1900-01-01 (never negative for our dates: whole-number division works), and
  // where that falls in its week (0 Monday … 6 Sunday); double precision, not numeric: it is fast.
  const days = sql`(${wallTime}::date - date '1900-01-01')`;
  const weekday = sql`(${days} % 7)`;
  const hourOfDay = sql`(date_part('epoch', ${wallTime} - ${wallTime}::date) / 3600)`;
  const open = sql.raw(String(OPEN_HOUR));
  const day = sql.raw(String(WORKING_DAY));
  return sql<number>`((${days} / 7) * ${sql.raw(String(5 * WORKING_DAY))} + least(${weekday}, 5) * ${day}
    + case when ${weekday} < 5 then least(greatest(${hourOfDay} - ${open}, 0), ${day}) else 0 end)`;
}

/** Business hours from `start` to `end`, wall times (timestamps without zone); 0 when end is not after start. */
export function businessHoursBetweenWallTimes(start: SQL, end: SQL): SQL<number> {
  return sql<number>`greatest(${businessClock(end)} - ${businessClock(start)}, 0)::float8`;
}

/** Business hours from `start` to `end` (timestamptz expressions) in `timeZone`; 0 when end is not after start. */
export function businessHoursSql(start: SQL, end: SQL, timeZone: string): SQL<number> {
  const wall = (instant: SQL) => sql`(${instant} at time zone ${timeZone})`;
  return businessHoursBetweenWallTimes(wall(start), wall(end));
}
