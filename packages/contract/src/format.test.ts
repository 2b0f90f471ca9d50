import { describe, expect, test } from 'vitest';
import {
  centsToDollars,
  formatCents,
  formatDate,
  formatMoney,
  formatTime,
  initials,
  pluralize,
} from './format.ts';

describe('money', () => {
  test.each([
    [0, '$0.00'],
    [5, '$5.00'],
    [1234.5, '$1,234.50'],
    [1234567.891, '$1,234,567.89'],
    [0.005, '$0.01'],
    [999.999, '$1,000.00'],
    [-5, '-$5.00'],
    [-1234.5, '-$1,234.50'],
    [-0, '$0.00'],
    [-0.001, '$0.00'],
  ])('%d dollars read %s', (dollars, text) => {
    expect(formatMoney(dollars)).toBe(text);
  });

  test.each([
    [0, '$0.00'],
    [1, '$0.01'],
    [500, '$5.00'],
    [123450, '$1,234.50'],
    [-500, '-$5.00'],
    [100000000, '$1,000,000.00'],
  ])('%i cents read %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  test.each([Number.NaN, Number.POSITIVE_INFINITY])('refuses %d dollars', (dollars) => {
    expect(() => formatMoney(dollars)).toThrow(RangeError);
  });

  test.each([1.5, Number.NaN])('refuses %d cents', (cents) => {
    expect(() => formatCents(cents)).toThrow(RangeError);
  });

  test('the API answers dollars for the cents the database keeps', () => {
    expect([centsToDollars(123450), centsToDollars(5), centsToDollars(-500)]).toEqual([
      1234.5, 0.05, -5,
    ]);
  });
});

describe('dates', () => {
  test.each<[string | Date, string, string]>([
    ['2026-03-07T12:00:00Z', 'UTC', '3/7/2026'],
    ['2026-12-31T23:59:59Z', 'UTC', '12/31/2026'],
    ['2026-01-01T00:00:00Z', 'UTC', '1/1/2026'],
    ['2026-03-07T23:30:00-05:00', 'UTC', '3/8/2026'],
    [new Date(Date.UTC(2025, 10, 21)), 'UTC', '11/21/2025'],
    // 7:30 pm in Los Angeles is 03:30 the next day in UTC: the viewer there still sees their day.
    ['2026-11-25T03:30:00Z', 'America/Los_Angeles', '11/24/2026'],
    ['2026-11-25T03:30:00Z', 'UTC', '11/25/2026'],
    ['2026-11-25T03:30:00Z', 'Asia/Tokyo', '11/25/2026'],
    ['2026-12-31T23:30:00-08:00', 'America/Los_Angeles', '12/31/2026'],
    ['2026-12-31T23:30:00-08:00', 'Pacific/Auckland', '1/1/2027'],
    // DST edges in Los Angeles: 2026-03-08 02:00 PST springs to 03:00 PDT, 2026-11-01 02:00 PDT falls back to 01:00 PST.
    ['2026-03-08T07:59:59Z', 'America/Los_Angeles', '3/7/2026'],
    ['2026-03-08T08:00:00Z', 'America/Los_Angeles', '3/8/2026'],
    ['2026-03-09T06:59:59Z', 'America/Los_Angeles', '3/8/2026'],
    ['2026-03-09T07:00:00Z', 'America/Los_Angeles', '3/9/2026'],
    ['2026-11-02T07:59:59Z', 'America/Los_Angeles', '11/1/2026'],
    ['2026-11-02T08:00:00Z', 'America/Los_Angeles', '11/2/2026'],
  ])('%j in %s reads %s', (value, timeZone, text) => {
    expect(formatDate(value, timeZone)).toBe(text);
  });

  test.each(['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati'])(
    'a calendar day reads as itself in %s',
    (timeZone) => {
      expect(formatDate('2026-03-07', timeZone)).toBe('3/7/2026');
    },
  );

  test.each(['', 'yesterday', new Date(Number.NaN)])('refuses %j', (value) => {
    expect(() => formatDate(value, 'UTC')).toThrow(RangeError);
  });

  test('refuses a zone Intl does not know', () => {
    expect(() => formatDate('2026-03-07T12:00:00Z', 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('formatTime', () => {
  test.each([
    ['2026-11-21T15:30:00Z', 'UTC', '3:30 PM UTC'],
    ['2026-11-21T15:30:00Z', 'America/Los_Angeles', '7:30 AM PST'],
    ['2026-07-04T00:05:00Z', 'America/New_York', '8:05 PM EDT'],
  ])('%s in %s reads %s', (value, timeZone, text) => {
    expect(formatTime(new Date(value), timeZone)).toBe(text);
  });

  test('refuses an invalid date', () => {
    expect(() => formatTime(new Date(Number.NaN), 'UTC')).toThrow(RangeError);
  });
});

describe('plural', () => {
  test.each<[number, string, string | undefined, string]>([
    [0, 'ITEM', undefined, 'ITEM'],
    [1, 'ITEM', undefined, 'ITEM'],
    [2, 'ITEM', undefined, 'ITEMS'],
    [1.5, 'item', undefined, 'items'],
    [30, 'item', undefined, 'items'],
    [1, 'Commission', 'Commissions', 'Commission'],
    [3, 'Commission', 'Commissions', 'Commissions'],
    [2, 'quiz', 'quizzes', 'quizzes'],
  ])('%d with %s (plural %s) reads %s', (count, singular, plural, text) => {
    expect(pluralize(count, singular, plural)).toBe(text);
  });
});

describe('initials', () => {
  test.each<[string | null | undefined, string | null | undefined, string]>([
    ['Ada', 'Lovelace', 'AL'],
    ['ada', 'lovelace', 'AL'],
    ['  grace ', ' hopper', 'GH'],
    ['Cher', '', 'C'],
    [null, 'Hopper', 'H'],
    [undefined, undefined, ''],
    ['Émile', 'Zola', 'ÉZ'],
    ['𝒜da', 'Byron', '𝒜B'],
  ])('%j %j reads %s', (first, last, text) => {
    expect(initials(first, last)).toBe(text);
  });
});
