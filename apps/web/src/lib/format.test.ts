import { afterEach, describe, expect, test, vi } from 'vitest';
import { browserTimeZone, formatDate } from './format.ts';

function viewerIn(timeZone: string) {
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
    ...new Intl.DateTimeFormat().resolvedOptions(),
    timeZone,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("dates in the viewer's time zone", () => {
  test('a quote made at 7:30 pm in Los Angeles reads that day there, the next in UTC', () => {
    // 2026-11-24 19:30 PST is 2026-11-25 03:30 UTC.
    viewerIn('America/Los_Angeles');
    expect(browserTimeZone()).toBe('America/Los_Angeles');
    expect(formatDate('2026-11-25T03:30:00.000Z')).toBe('11/24/2026');
    viewerIn('UTC');
    expect(formatDate('2026-11-25T03:30:00.000Z')).toBe('11/25/2026');
  });

  test('a date range picker day reads as itself in every zone', () => {
    for (const zone of ['America/Los_Angeles', 'UTC', 'Pacific/Kiritimati']) {
      viewerIn(zone);
      expect(formatDate('2026-03-01')).toBe('3/1/2026');
    }
  });
});
