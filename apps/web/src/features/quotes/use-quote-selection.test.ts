import type { QuoteView } from '@atelier/contract';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { quoteResource, quoteView, withStatus } from './quotes-test-data.ts';
import { useQuoteSelection } from './use-quote-selection.ts';

function quote(id: number, status: string): QuoteView {
  return quoteView(withStatus(quoteResource({ id }), status));
}

function renderSelection(initial: readonly QuoteView[]) {
  return renderHook(({ quotes }) => useQuoteSelection(quotes), {
    initialProps: { quotes: initial },
  });
}

const ids = (quotes: readonly QuoteView[]) => quotes.map((item) => item.id);

describe('useQuoteSelection', () => {
  test('keeps the selection order, the first item setting the group', () => {
    const quotes = [quote(1, 'received'), quote(2, 'offer_accepted'), quote(3, 'fake')];
    const { result } = renderSelection(quotes);

    act(() => result.current.toggle(quotes[1]!));
    act(() => result.current.toggle(quotes[2]!));
    act(() => result.current.toggle(quotes[0]!));

    expect(ids(result.current.selected)).toEqual([2, 1]);
    expect(result.current.canToggle(quotes[2]!)).toBe(false);
    expect(result.current.canToggle(quotes[1]!)).toBe(true);
  });

  test('a quote not in the selectable list is never selected', () => {
    const { result } = renderSelection([quote(1, 'received')]);
    act(() => result.current.toggle(quote(9, 'received')));
    expect(result.current.selected).toEqual([]);
    expect(result.current.canToggle(quote(9, 'received'))).toBe(false);
  });

  test('Select All adds only what the rules allow', () => {
    const quotes = [quote(1, 'fake'), quote(2, 'needs_more_info'), quote(3, 'received')];
    const { result } = renderSelection(quotes);

    act(() => result.current.selectAll(quotes));

    expect(ids(result.current.selected)).toEqual([1, 2]);
  });

  test('a new filter keeps only the selected items of that status', () => {
    const quotes = [quote(1, 'received'), quote(2, 'in_transit'), quote(3, 'received')];
    const { result } = renderSelection(quotes);
    act(() => result.current.selectAll(quotes));

    act(() => result.current.keepMatchingFilter('received'));

    expect(ids(result.current.selected)).toEqual([1, 3]);
  });

  test('after a reload, quotes that are gone or left the group drop out', () => {
    const quotes = [quote(1, 'received'), quote(2, 'in_transit'), quote(3, 'offer_accepted')];
    const { result, rerender } = renderSelection(quotes);
    act(() => result.current.selectAll(quotes));

    rerender({ quotes: [quote(1, 'received'), quote(3, 'converted')] });

    expect(ids(result.current.selected)).toEqual([1]);
    act(() => result.current.clear());
    expect(result.current.selected).toEqual([]);
  });
});
