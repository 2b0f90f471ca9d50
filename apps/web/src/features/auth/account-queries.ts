import type { AccountDocument, StylistResource } from '@atelier/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { browserTimeZone } from '../../lib/browser-time-zone.ts';
import { freshWhileFileLinksWork } from '../../lib/file-link-freshness.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { useSession } from '../../lib/use-session.ts';

export const accountQueryKey = ['account'] as const;

// The account's calls load with the first one: the sign-in page imports this module and shows
// before zod is downloaded (auth-schemas.ts).
const accountCalls = () => import('./auth-schemas.ts').then((m) => m.accountApi);

export async function fetchAccount(): Promise<AccountDocument> {
  return api((await accountCalls()).getAccount, { query: { include: 'stylist' } });
}

export function accountQueryOptions() {
  return queryOptions({
    queryKey: accountQueryKey,
    queryFn: fetchAccount,
    staleTime: freshWhileFileLinksWork(5 * 60_000),
    // Read at fetch time, not render time: an effect committed just before a logout must not refetch.
    enabled: () => sessionStore.getToken() !== null,
  });
}

/** The signed-in account; idle while there is no token. */
export function useAccount() {
  // Re-renders on session changes, so `enabled` is evaluated again.
  useSession();
  return useQuery(accountQueryOptions());
}

/**
 * §3: the entry equal to the account itself is filtered out to find the stylist; the second
 * reading takes the first included entry, which is the fallback here.
 */
export function findStylist(doc: AccountDocument): StylistResource | null {
  const others = doc.included.filter((entry) => entry.id !== doc.data.id);
  return others[0] ?? doc.included[0] ?? null;
}

/**
 * The browser's zone as the account's: at sign-in, a stylist without one gets
 * it, so emails and PDFs are dated in their days. The answer is the account, so it replaces the cache.
 */
export function useAdoptBrowserTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      api((await accountCalls()).updateTimeZone, { body: { timeZone: browserTimeZone() } }),
    onSuccess: (account) => queryClient.setQueryData(accountQueryKey, account),
  });
}
