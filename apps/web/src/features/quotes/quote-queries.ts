import {
  QuoteListAnswerSchema,
  quotesApi,
  sortQuotes,
  toQuoteView,
  type QuoteListAnswer,
  type QuoteView,
} from '@atelier/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiReadingAs } from '../../lib/api-client.ts';
import { readTimestamped, writeTimestamped } from '../../lib/timestamped-storage.ts';

export const quoteKeys = {
  all: ['quotes'] as const,
  client: (clientId: number) => [...quoteKeys.all, 'client', clientId] as const,
};

/** The quotes pages' `:id`: a client id is a whole number from 1 up; anything else is no client. */
export function parseClientId(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id >= 1 ? id : null;
}

export interface ClientQuotes {
  /** Sorted by status priority, then newest first (§4). */
  quotes: QuoteView[];
  /** The client the quotes belong to, when the answer says. */
  client: { id: number; firstName: string; lastName: string } | null;
}

export function toClientQuotes(answer: QuoteListAnswer): ClientQuotes {
  return { quotes: sortQuotes(answer.quotes.map(toQuoteView)), client: answer.client };
}

/*
 * §7: the list is also kept in localStorage per client with its timestamp (`clientQuotes_{id}`), so a
 * reload paints the last known quotes at once while fresh ones load. Logout clears localStorage.
 */

export function quotesStorageKey(clientId: number): string {
  return `clientQuotes_${clientId}`;
}

export function readCachedQuotes(
  clientId: number,
): { timestamp: number; data: ClientQuotes } | null {
  const entry = readTimestamped(quotesStorageKey(clientId), QuoteListAnswerSchema);
  return entry && { timestamp: entry.timestamp, data: toClientQuotes(entry.data) };
}

async function fetchClientQuotes(clientId: number, signal?: AbortSignal): Promise<ClientQuotes> {
  // Read loosely: the list may hold quotes of the older systems (§4's other statuses and fields).
  const answer = await apiReadingAs(quotesApi.listClientQuotes, QuoteListAnswerSchema, {
    params: { clientId },
    ...(signal && { signal }),
  });
  writeTimestamped(quotesStorageKey(clientId), {
    data: answer.quotes,
    ...(answer.client && { meta: { client: answer.client } }),
  });
  return toClientQuotes(answer);
}

export function clientQuotesQueryOptions(clientId: number) {
  return queryOptions<ClientQuotes, Error, ClientQuotes, ReturnType<typeof quoteKeys.client>>({
    queryKey: quoteKeys.client(clientId),
    queryFn: ({ signal }) => fetchClientQuotes(clientId, signal),
    // The cached copy shows at once but counts as stale, so the page always asks for fresh quotes.
    placeholderData: () => readCachedQuotes(clientId)?.data,
    staleTime: 0,
  });
}

export function useClientQuotes(clientId: number) {
  return useQuery(clientQuotesQueryOptions(clientId));
}

/** The reload icon and every change of a quote: fetch the list anew; rejects when that fails. */
export function refreshClientQuotes(queryClient: QueryClient, clientId: number) {
  return queryClient.refetchQueries(
    { queryKey: quoteKeys.client(clientId), exact: true },
    { throwOnError: true },
  );
}

/** Whether the client's list was fetched anew after a change, which §8 reports separately. */
export async function tryRefreshClientQuotes(queryClient: QueryClient, clientId: number) {
  return refreshClientQuotes(queryClient, clientId).then(
    () => true,
    () => false,
  );
}
