import { formatDate as formatDateIn } from '@atelier/contract';
import { browserTimeZone } from './browser-time-zone.ts';

export { browserTimeZone };

/**
 * §9: m/d/yyyy on the viewer's calendar: every date the web shows goes through here, so a quote
 * made at 7:30 pm in Los Angeles reads that day there. A bare YYYY-MM-DD reads as itself.
 */
export function formatDate(value: string | Date): string {
  return formatDateIn(value, browserTimeZone());
}

const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  month: 'numeric',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** m/d/yyyy and the time on the viewer's clock: two devices' answers a minute apart read apart. */
export function formatDateTime(value: string | Date): string {
  return DATE_TIME.format(new Date(value));
}
