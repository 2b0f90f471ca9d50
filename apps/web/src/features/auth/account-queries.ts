import {
  AccountDocumentSchema,
  type AccountDocument,
  type StylistResource,
} from '@atelier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client.ts';
import { freshWhileFileLinksWork } from '../../lib/file-links.ts';
import { sessionStore } from './session-store.ts';
import { useSession } from './use-session.ts';

export const accountQueryKey = ['account'] as const;

export function fetchAccount(): Promise<AccountDocument> {
  return apiGet('/api/account?include=stylist', AccountDocumentSchema);
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
