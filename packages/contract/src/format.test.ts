import { describe, expect, test } from 'vitest';
import { formatCents, formatDate, formatMoney, initials, pluralize } from './format.ts';

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
});

describe('dates', () => {
  test.each<[string | Date, string]>([
    ['2026-03-07T12:00:00Z', '3/7/2026'],
    ['2026-03-07', '3/7/2026'],
    ['2026-12-31T23:59:59Z', '12/31/2026'],
    ['2026-01-01T00:00:00Z', '1/1/2026'],
    ['2026-03-07T23:30:00-05:00', '3/8/2026'],
    [new Date(Date.UTC(2025, 10, 21)), '11/21/2025'],
  ])('%j reads %s', (value, text) => {
    expect(formatDate(value)).toBe(text);
  });

  test.each(['', 'yesterday', new Date(Number.NaN)])('refuses %j', (value) => {
    expect(() => formatDate(value)).toThrow(RangeError);
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
