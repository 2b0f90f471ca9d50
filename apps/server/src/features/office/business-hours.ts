import { slaState, zoneOffsetAt, type OfficeStage } from '@atelier/contract';
import type { OfficeSettings } from './office-settings.ts';

/**
 * Business hours between two instants: Monday to Friday, 9:00 to 17:00 in the office's time zone
 * (8 a working day, 40 a week), as the office's SLA targets count them.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const OPEN_HOUR = 9;
export const CLOSE_HOUR = 17;
export const BUSINESS_HOURS_PER_WEEK = 5 * (CLOSE_HOUR - OPEN_HOUR);

interface WallTime {
  year: number;
  month: number;
  day: number;
  /** Milliseconds since local midnight. */
  ms: number;
}

/** The zone's offset from UTC at `instant` (ms), kept per hour: it changes only on the hour. */
const offsets = new Map<string, number>();
const OFFSETS_KEPT = 20_000;

function offsetAt(instant: number, timeZone: string): number {
  const key = `${timeZone}|${Math.floor(instant / HOUR)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = zoneOffsetAt(instant, timeZone);
    if (offsets.size >= OFFSETS_KEPT) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

function wallTime(instant: number, timeZone: string): WallTime {
  const local = new Date(instant + offsetAt(instant, timeZone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    ms:
      ((local.getUTCHours() * 60 + local.getUTCMinutes()) * 60 + local.getUTCSeconds()) * 1000 +
      local.getUTCMilliseconds(),
  };
}

/** The instant that reads `ms` past midnight of the local date (day may overflow the month). */
function instantOf(year: number, month: number, day: number, ms: number, timeZone: string) {
  const asUtc = Date.UTC(year, month - 1, day) + ms;
  let instant = asUtc;
  // Two corrections settle the offset, also across a change of daylight saving time.
  for (let round = 0; round < 2; round += 1) {
    const seen = wallTime(instant, timeZone);
    const seenAsUtc = Date.UTC(seen.year, seen.month - 1, seen.day) + seen.ms;
    instant += asUtc - seenAsUtc;
  }
  return instant;
}

/** A working day's opening and closing instants, kept: a queue page asks for the same few days. */
const dayBounds = new Map<string, readonly [number, number]>();
const DAY_BOUNDS_KEPT = 5_000;

function boundsOf(year: number, month: number, day: number, timeZone: string) {
  const key = `${timeZone}|${year}-${month}-${day}`;
  let bounds = dayBounds.get(key);
  if (!bounds) {
    if (dayBounds.size >= DAY_BOUNDS_KEPT) dayBounds.clear();
    bounds = [
      instantOf(year, month, day, OPEN_HOUR * HOUR, timeZone),
      instantOf(year, month, day, CLOSE_HOUR * HOUR, timeZone),
    ];
    dayBounds.set(key, bounds);
  }
  return bounds;
}

/** Business milliseconds in [start, end), day by day: for spans of a few weeks at most. */
function businessMsByDay(start: number, end: number, timeZone: string): number {
  const first = wallTime(start, timeZone);
  let total = 0;
  for (let offset = 0; ; offset += 1) {
    const date = new Date(Date.UTC(first.year, first.month - 1, first.day + offset));
    const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    const [open, close] = boundsOf(year, month, day, timeZone);
    if (open >= end) break;
    const weekday = date.getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    total += Math.max(0, Math.min(close, end) - Math.max(open, start));
  }
  return total;
}

/** Business hours from `start` to `end` (0 when end is not after start). */
export function businessHoursBetween(start: Date, end: Date, timeZone: string): number {
  let from = start.getTime();
  const to = end.getTime();
  if (to <= from) return 0;
  let weeksMs = 0;
  // Whole weeks hold 40 business hours each, whatever the daylight saving time does.
  const weeks = Math.floor((to - from) / (7 * DAY)) - 1;
  if (weeks > 0) {
    const wall = wallTime(from, timeZone);
    from = instantOf(wall.year, wall.month, wall.day + 7 * weeks, wall.ms, timeZone);
    weeksMs = weeks * BUSINESS_HOURS_PER_WEEK * HOUR;
  }
  return (weeksMs + businessMsByDay(from, to, timeZone)) / HOUR;
}

const toTenth = (hours: number) => Math.round(hours * 10) / 10;

/** Business hours since `enteredAt`, to a tenth, as the office shows them. */
export const hoursInStage = (enteredAt: Date, now: Date, timeZone: string) =>
  toTenth(businessHoursBetween(enteredAt, now, timeZone));

/** An item's clock in its queue: business hours since it came in, and its SLA badge. */
export function stageClock(
  enteredAt: Date,
  stage: OfficeStage,
  settings: Pick<OfficeSettings, 'slaHours' | 'timeZone'>,
  now: Date,
) {
  const hours = businessHoursBetween(enteredAt, now, settings.timeZone);
  const targetHours = settings.slaHours[stage];
  return {
    businessHours: toTenth(hours),
    sla: { state: slaState(hours, targetHours), targetHours },
  };
}
