import { describe, expect, test } from 'vitest';
import { calendarDay, nextDay, startOfDay, TimeZoneSchema } from './time-zone.ts';

describe('time zone names', () => {
  test.each([
    ['America/Los_Angeles', 'America/Los_Angeles'],
    ['america/los_angeles', 'America/Los_Angeles'],
    ['UTC', 'UTC'],
    ['asia/tokyo', 'Asia/Tokyo'],
    ['Etc/GMT+5', 'Etc/GMT+5'],
  ])('%s is stored as %s', (name, canonical) => {
    expect(TimeZoneSchema.parse(name)).toBe(canonical);
  });

  test.each([
    '',
    'Mars/Olympus_Mons',
    'Los Angeles',
    '+05:30',
    'America/../etc',
    'x'.repeat(65),
    42,
  ])('refuses %j', (name) => {
    expect(TimeZoneSchema.safeParse(name).success).toBe(false);
  });
});

describe('calendar days', () => {
  test.each([
    ['2026-11-25T03:30:00Z', 'America/Los_Angeles', '2026-11-24'],
    ['2026-11-25T03:30:00Z', 'UTC', '2026-11-25'],
    ['2026-11-24T15:30:00Z', 'Asia/Kolkata', '2026-11-24'],
    ['2026-11-24T18:30:00Z', 'Asia/Kolkata', '2026-11-25'],
  ])('%s falls on the day %s in %s', (instant, timeZone, day) => {
    expect(calendarDay(new Date(instant), timeZone)).toBe(day);
  });

  test.each([
    ['2026-02-28', '2026-03-01'],
    ['2028-02-28', '2028-02-29'],
    ['2026-12-31', '2027-01-01'],
  ])('the day after %s is %s', (day, after) => {
    expect(nextDay(day)).toBe(after);
  });
});

describe('the start of a day', () => {
  test.each([
    ['2026-11-24', 'UTC', '2026-11-24T00:00:00.000Z'],
    ['2026-11-24', 'America/Los_Angeles', '2026-11-24T08:00:00.000Z'],
    ['2026-07-04', 'America/Los_Angeles', '2026-07-04T07:00:00.000Z'],
    // Los Angeles' DST days: the change is at 2 am, so midnight keeps the day's first offset.
    ['2026-03-08', 'America/Los_Angeles', '2026-03-08T08:00:00.000Z'],
    ['2026-03-09', 'America/Los_Angeles', '2026-03-09T07:00:00.000Z'],
    ['2026-11-01', 'America/Los_Angeles', '2026-11-01T07:00:00.000Z'],
    ['2026-11-02', 'America/Los_Angeles', '2026-11-02T08:00:00.000Z'],
    ['2026-11-24', 'Asia/Kolkata', '2026-11-23T18:30:00.000Z'],
    ['2026-11-24', 'Pacific/Kiritimati', '2026-11-23T10:00:00.000Z'],
    // Santiago springs forward at midnight: 2022-09-11 starts at 01:00 -03.
    ['2022-09-11', 'America/Santiago', '2022-09-11T04:00:00.000Z'],
    // Samoa skipped 2011-12-30 whole: it starts where 12/31 does.
    ['2011-12-30', 'Pacific/Apia', '2011-12-30T10:00:00.000Z'],
  ])('%s in %s starts at %s', (day, timeZone, instant) => {
    expect(startOfDay(day, timeZone).toISOString()).toBe(instant);
  });

  test('a day of a DST change lasts 23 or 25 hours', () => {
    const hours = (day: string) =>
      (startOfDay(nextDay(day), 'America/Los_Angeles').getTime() -
        startOfDay(day, 'America/Los_Angeles').getTime()) /
      3_600_000;
    expect([hours('2026-03-08'), hours('2026-11-01'), hours('2026-11-24')]).toEqual([23, 25, 24]);
  });
});
