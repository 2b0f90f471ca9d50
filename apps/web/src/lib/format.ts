import { formatDate as formatDateIn } from '@atelier/contract';

/** The viewer's time zone, as the browser reports it (an IANA name such as America/Los_Angeles). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * §9: m/d/yyyy on the viewer's calendar: every date the web shows goes through here, so a quote
 * made at 7:30 pm in Los Angeles reads that day there. A bare YYYY-MM-DD reads as itself.
 */
export function formatDate(value: string | Date): string {
  return formatDateIn(value, browserTimeZone());
}
