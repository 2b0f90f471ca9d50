import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, test } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { quotesStorageKey, readCachedQuotes, useClientQuotes } from './quote-queries.ts';
import { QUOTE_CLIENT, quoteListDocument, quoteResource } from './quotes-test-data.ts';

const LIST_PATH = 'GET /api/stylist/clients/7/quotes';

const older = quoteResource({
  id: 1,
  attributes: { status: 'pending_authentication', createdAt: '2026-05-01T10:00:00.000Z' },
});
const newer = quoteResource({
  id: 2,
  attributes: { status: 'pending_authentication', createdAt: '2026-05-03T10:00:00.000Z' },
});
const needsInfo = quoteResource({ id: 3, attributes: { status: 'needs_more_info' } });

function renderQuotes() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useClientQuotes(7), { wrapper });
}

describe('client quotes', () => {
  test('arrive sorted by status priority, then newest first, and are kept with their time', async () => {
    mockFetch({
      [LIST_PATH]: () => jsonResponse(200, quoteListDocument([older, newer, needsInfo])),
    });
    const before = Date.now();
    const { result } = renderQuotes();

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.quotes.map((quote) => quote.id)).toEqual([3, 2, 1]);
    expect(result.current.data?.client).toEqual(QUOTE_CLIENT);
    const stored = JSON.parse(localStorage.getItem(quotesStorageKey(7)) ?? '{}') as {
      timestamp?: number;
    };
    expect(stored.timestamp).toBeGreaterThanOrEqual(before);
    expect(readCachedQuotes(7)?.data.quotes.map((quote) => quote.id)).toEqual([3, 2, 1]);
  });

  test('a kept list shows at once while the fresh one loads', async () => {
    mockFetch({ [LIST_PATH]: () => jsonResponse(200, quoteListDocument([older, newer])) });
    const { result: first } = renderQuotes();
    await waitFor(() => expect(first.current.isSuccess).toBe(true));

    let answer: (response: Response) => void = () => {};
    mockFetch({ [LIST_PATH]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { result } = renderQuotes();
    expect(result.current.isPlaceholderData).toBe(true);
    expect(result.current.data?.quotes.map((quote) => quote.id)).toEqual([2, 1]);

    answer(jsonResponse(200, quoteListDocument([needsInfo])));
    await waitFor(() => expect(result.current.isPlaceholderData).toBe(false));
    expect(result.current.data?.quotes.map((quote) => quote.id)).toEqual([3]);
  });

  test('a damaged kept list is ignored', () => {
    localStorage.setItem(quotesStorageKey(7), JSON.stringify({ timestamp: 5, data: 'nonsense' }));
    expect(readCachedQuotes(7)).toBeNull();
    localStorage.setItem(quotesStorageKey(7), '{not json');
    expect(readCachedQuotes(7)).toBeNull();
  });
});
