import { calendarDay } from './time-zone.ts';

// signDisplay 'negative' keeps amounts that round to zero from reading "-$0.00".
const USD = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  signDisplay: 'negative',
});

/** §9: "$" with 2 decimals and thousands separators, e.g. "$1,234.50" and "-$5.00". */
export function formatMoney(dollars: number): string {
  if (!Number.isFinite(dollars)) throw new RangeError(`Not an amount: ${dollars}`);
  return USD.format(dollars);
}

/** The API speaks dollars; the database keeps integer cents. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  return formatMoney(cents / 100);
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * §2/§9: m/d/yyyy without leading zeros, the day the instant falls on in `timeZone` (the viewer's
 * in the web, the stylist's in emails and PDFs). A bare YYYY-MM-DD is a calendar day already and
 * reads as itself in every zone.
 */
export function formatDate(value: string | Date, timeZone: string): string {
  const day = typeof value === 'string' ? CALENDAR_DAY.exec(value) : null;
  const date = new Date(day ? `${value as string}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  const [year, month, dayOfMonth] = (
    day ? [day[1], day[2], day[3]] : calendarDay(date, timeZone).split('-')
  ).map(Number);
  return `${month}/${dayOfMonth}/${year}`;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The time of day `value` shows in `timeZone`, with the zone's short name ("3:07 PM EST"), for
 * the emails and PDFs that print a moment beside its `formatDate` day (docs/decisions/0019).
 */
export function formatTime(value: Date, timeZone: string): string {
  if (Number.isNaN(value.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    timeFormats.set(timeZone, format);
  }
  // Some ICU versions put a narrow no-break space before "PM"; every font and inbox has a space.
  return format.format(value).replace(/\s/gu, ' ');
}

/** §9: the plural is used only when the count is above 1, so 0 reads singular. */
export function pluralize(count: number, singular: string, plural?: string): string {
  if (count <= 1) return singular;
  if (plural !== undefined) return plural;
  return singular === singular.toUpperCase() ? `${singular}S` : `${singular}s`;
}

export function initials(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
): string {
  return `${firstLetter(firstName)}${firstLetter(lastName)}`.toUpperCase();
}

// By code point, so a name starting with an astral character keeps it whole (without splitting
// the whole name: a list page makes a hundred of these).
function firstLetter(name: string | null | undefined): string {
  const first = name?.trim().codePointAt(0);
  return first === undefined ? '' : String.fromCodePoint(first);
}
