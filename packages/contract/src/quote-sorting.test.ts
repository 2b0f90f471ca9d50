import { describe, expect, test } from 'vitest';
import { compareQuotes, sortQuotes } from './quote-sorting.ts';

interface Quote {
  id: number;
  status: string | null;
  createdAt: string | null;
}

function quote(id: number, status: string | null, createdAt: string | null): Quote {
  return { id, status, createdAt };
}

const ids = (quotes: readonly Quote[]) => quotes.map((q) => q.id);

describe('quote sorting', () => {
  test('orders by status priority, lower first', () => {
    const quotes = [
      quote(1, 'approved', '2026-01-01T00:00:00Z'),
      quote(2, 'needs_more_info', '2026-01-01T00:00:00Z'),
      quote(3, 'offer_accepted', '2026-01-01T00:00:00Z'),
      quote(4, 'fake', '2026-01-01T00:00:00Z'),
      quote(5, 'pending_authentication', '2026-01-01T00:00:00Z'),
    ];
    expect(ids(sortQuotes(quotes))).toEqual([2, 4, 5, 3, 1]);
  });

  test('orders equal priorities newest first', () => {
    const quotes = [
      quote(1, 'offer_made', '2026-03-01T10:00:00Z'),
      quote(2, 'offer_accepted', '2026-03-07T10:00:00Z'),
      quote(3, 'Accepted', '2026-03-03T10:00:00Z'),
    ];
    expect(ids(sortQuotes(quotes))).toEqual([2, 3, 1]);
  });

  test('priority outranks recency', () => {
    const quotes = [
      quote(1, 'approved', '2026-12-31T00:00:00Z'),
      quote(2, 'needs_more_info', '2020-01-01T00:00:00Z'),
    ];
    expect(ids(sortQuotes(quotes))).toEqual([2, 1]);
  });

  test.each([
    ['Pending', 'pending_authentication'],
    ['Needs More Info', 'needs_more_info'],
    ['Received', 'received'],
  ])('legacy %s sorts alongside %s', (legacy, twin) => {
    const quotes = [
      quote(1, legacy, '2026-01-01T00:00:00Z'),
      quote(2, twin, '2026-02-01T00:00:00Z'),
      quote(3, legacy, '2026-03-01T00:00:00Z'),
    ];
    expect(ids(sortQuotes(quotes))).toEqual([3, 2, 1]);
  });

  test('unknown and missing statuses sort last, still newest first', () => {
    const quotes = [
      quote(1, 'mysteryStatus', '2026-01-01T00:00:00Z'),
      quote(2, 'approved', '2020-01-01T00:00:00Z'),
      quote(3, null, '2026-06-01T00:00:00Z'),
    ];
    expect(ids(sortQuotes(quotes))).toEqual([2, 3, 1]);
  });

  test('a quote without a readable date sorts after dated quotes of its priority', () => {
    const quotes = [
      quote(1, 'in_transit', null),
      quote(2, 'in_transit', 'not a date'),
      quote(3, 'in_transit', '2020-01-01T00:00:00Z'),
    ];
    expect(ids(sortQuotes(quotes))).toEqual([3, 1, 2]);
  });

  test('accepts Date values for createdAt', () => {
    const older = { id: 1, status: 'shipped', createdAt: new Date('2026-01-01T00:00:00Z') };
    const newer = { id: 2, status: 'shipped', createdAt: new Date('2026-01-02T00:00:00Z') };
    expect(sortQuotes([older, newer])).toEqual([newer, older]);
  });

  test('leaves the input array untouched', () => {
    const quotes = [quote(1, 'approved', null), quote(2, 'fake', null)];
    const sorted = sortQuotes(quotes);
    expect(ids(quotes)).toEqual([1, 2]);
    expect(sorted).not.toBe(quotes);
  });

  test('treats identical quotes as equal', () => {
    expect(compareQuotes(quote(1, 'mysteryStatus', null), quote(2, 'mysteryStatus', null))).toBe(0);
    expect(compareQuotes(quote(1, 'fake', 'x'), quote(2, 'fake', null))).toBe(0);
  });
});
