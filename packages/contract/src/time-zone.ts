import { z } from 'zod';

/** Where a stylist has not stored a time zone yet (emails, PDFs) or a query names none. */
export const DEFAULT_TIME_ZONE = 'UTC';

// An IANA name such as "America/Los_Angeles" or "UTC"; offsets like "+05:30" are not names.
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

const formats = new Map<string, Intl.DateTimeFormat>();

/** The zone's wall clock, as numbers; one formatter per zone, made once. */
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The zone's canonical name ("america/los_angeles" reads "America/Los_Angeles"), or null if Intl does not know it. */
export function canonicalTimeZone(name: string): string | null {
  if (!ZONE_NAME.test(name)) return null;
  try {
    return wallClockFormat(name).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** An IANA time zone name that this runtime's Intl knows, stored in its canonical spelling. */
export const TimeZoneSchema = z
  .string({ error: 'Use a time zone name like America/Los_Angeles' })
  .transform((name, context) => {
    const canonical = canonicalTimeZone(name);
    if (canonical === null) {
      context.addIssue({ code: 'custom', message: `Unknown time zone: ${name.slice(0, 64)}` });
      return z.NEVER;
    }
    return canonical;
  });

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(instant: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    wallClockFormat(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  );
  return {
    year: parts.year ?? Number.NaN,
    month: parts.month ?? Number.NaN,
    day: parts.day ?? Number.NaN,
    hour: parts.hour ?? Number.NaN,
    minute: parts.minute ?? Number.NaN,
    second: parts.second ?? Number.NaN,
  };
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** The calendar day, YYYY-MM-DD, that `instant` falls on in `timeZone`. */
export function calendarDay(instant: Date, timeZone: string): string {
  // UTC's wall clock is the instant's own: no formatter needed (the default zone, and the commonest).
  if (timeZone === 'UTC') return instant.toISOString().slice(0, 10);
  const { year, month, day } = wallClock(instant, timeZone);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in milliseconds. */
export function zoneOffsetAt(instant: number, timeZone: string): number {
  const seconds = Math.floor(instant / 1000) * 1000;
  const clock = wallClock(new Date(seconds), timeZone);
  const asUtc = Date.UTC(
    clock.year,
    clock.month - 1,
    clock.day,
    clock.hour,
    clock.minute,
    clock.second,
  );
  return asUtc - seconds;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The first instant of a YYYY-MM-DD day in `timeZone`: its midnight, or where a daylight-saving
 * change skips midnight, the end of the gap. The zone's offsets on the day before, the day and
 * the day after give the candidates; the earliest that falls on the day is its start.
 */
export function startOfDay(day: string, timeZone: string): Date {
  const [year = Number.NaN, month = Number.NaN, date = Number.NaN] = day.split('-').map(Number);
  const midnightUtc = Date.UTC(year, month - 1, date);
  if (Number.isNaN(midnightUtc)) throw new RangeError(`Not a calendar day: ${day}`);
  // In UTC a real day starts at its midnight; anything else takes the general way below.
  if (timeZone === 'UTC' && calendarDay(new Date(midnightUtc), timeZone) === day) {
    return new Date(midnightUtc);
  }
  const candidates = [midnightUtc - DAY_MS, midnightUtc, midnightUtc + DAY_MS]
    .map((probe) => midnightUtc - zoneOffsetAt(probe, timeZone))
    .filter((instant) => calendarDay(new Date(instant), timeZone) === day);
  // A zone may skip a whole day (Pacific/Apia skipped 2011-12-30): it starts where the next does.
  return candidates.length > 0
    ? new Date(Math.min(...candidates))
    : startOfDay(nextDay(day), timeZone);
}

/** The day after a YYYY-MM-DD day, as YYYY-MM-DD. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}
