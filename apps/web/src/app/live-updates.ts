import type { Notification } from '@atelier/contract';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';
import { matchPath } from 'react-router';
import { clientKeys } from '../features/clients/client-queries.ts';
import { commissionKeys } from '../features/commissions/commissions-queries.ts';
import { dashboardQueryKey } from '../features/dashboard/dashboard-queries.ts';
import type { StreamListeners } from '../features/notifications/use-notification-stream.ts';
import { parseClientId, quoteKeys } from '../features/quotes/quote-queries.ts';
import { routes } from './routes.ts';

/** The client a notification leads to (their quotes or their answers), or null when it names none. */
export function linkedClientId(link: string | null): number | null {
  if (link === null) return null;
  const path = link.split(/[?#]/, 1)[0] ?? '';
  const match =
    matchPath(routes.clientQuotes.path, path) ?? matchPath(routes.quoteReview.path, path);
  return parseClientId(match?.params.id);
}

/**
 * The cached data a notification tells has changed (as query key prefixes). A quote's answer,
 * status or label changes that client's quotes, their stats on the clients list and detail, and the
 * dashboard's counts (a status change, being perhaps a sale, the commissions too); a payout changes
 * the commissions and the dashboard's amounts. A link that
 * names no client leaves every client's data concerned (docs/decisions/0023).
 */
export function queriesConcerned({ kind, link }: Pick<Notification, 'kind' | 'link'>): QueryKey[] {
  if (kind === 'commission_paid') return [commissionKeys.all, dashboardQueryKey];
  const clientId = linkedClientId(link);
  const quotesConcerned =
    clientId === null
      ? [quoteKeys.all, clientKeys.all, dashboardQueryKey]
      : [
          quoteKeys.client(clientId),
          clientKeys.detail(clientId),
          clientKeys.pages(),
          dashboardQueryKey,
        ];
  // A status change may be a sale, which records the stylist's commission.
  return kind === 'quote_status_changed'
    ? [...quotesConcerned, commissionKeys.all]
    : quotesConcerned;
}

/** Everything live events may change: read again after events may have been missed. */
export const LIVE_QUERIES: readonly QueryKey[] = [
  quoteKeys.all,
  clientKeys.all,
  commissionKeys.all,
  dashboardQueryKey,
];

/**
 * What the notification stream does besides the bell: each event refreshes the data it concerns,
 * so open pages follow without a reload (the ones not on screen refetch when next shown).
 */
export function useLiveUpdates(): StreamListeners {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const invalidate = (keys: readonly QueryKey[]) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    return {
      onNotification: (notification) => invalidate(queriesConcerned(notification)),
      onReconnected: () => invalidate(LIVE_QUERIES),
    };
  }, [queryClient]);
}
