import { describe, expect, it } from 'vitest';
import { businessHoursBetween } from './business-hours.ts';

const NY = 'America/New_York';
const hours = (start: string, end: string, zone = NY) =>
  businessHoursBetween(new Date(start), new Date(end), zone);

describe('business hours (Monday to Friday, 9 to 5, in the office time zone)', () => {
  it('counts only the working part of a day', () => {
    // Wednesday 2026-11-25, 08:00 to 18:00 in New York (UTC-5).
    expect(hours('2026-11-25T13:00:00Z', '2026-11-25T23:00:00Z')).toBe(8);
    expect(hours('2026-11-25T15:30:00Z', '2026-11-25T17:00:00Z')).toBe(1.5);
  });

  it('skips the night and the weekend', () => {
    // Friday 16:00 to Monday 10:00: one hour on Friday, one on Monday.
    expect(hours('2026-11-27T21:00:00Z', '2026-11-30T15:00:00Z')).toBe(2);
    // Saturday to Sunday: nothing.
    expect(hours('2026-11-28T14:00:00Z', '2026-11-29T22:00:00Z')).toBe(0);
  });

  it('counts 40 hours a week over long spans, across a change of daylight saving time', () => {
    // Monday 2026-10-05 09:00 EDT to Monday 2026-11-30 09:00 EST: eight whole weeks.
    expect(hours('2026-10-05T13:00:00Z', '2026-11-30T14:00:00Z')).toBe(8 * 40);
    // A year and a day.
    expect(hours('2025-11-27T14:00:00Z', '2026-11-27T14:00:00Z')).toBeCloseTo(52 * 40 + 8, 5);
  });

  it('answers 0 when the end is not after the start', () => {
    expect(hours('2026-11-25T15:00:00Z', '2026-11-25T15:00:00Z')).toBe(0);
    expect(hours('2026-11-25T16:00:00Z', '2026-11-25T15:00:00Z')).toBe(0);
  });

  it('follows the office time zone', () => {
    // 13:00-23:00 UTC on a Wednesday is 13:00-17:00 of London's working day.
    expect(hours('2026-11-25T13:00:00Z', '2026-11-25T23:00:00Z', 'Europe/London')).toBe(4);
  });
});
