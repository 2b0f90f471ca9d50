import { useEffect } from 'react';
import { isApiError } from '../../lib/api-client.ts';
import { fetchSessionToken } from './auth-api.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { useSession } from '../../lib/use-session.ts';

/** Fetch a new token this long before the current one expires. */
export const REFRESH_LEAD_MS = 60_000;
const RETRY_DELAY_MS = 15_000;
// Keeps a server that hands out near-expired tokens from causing a request loop.
const MIN_REFRESH_DELAY_MS = 1_000;

export function refreshDelay(tokenExpires: number, now: number): number {
  return Math.max(tokenExpires - REFRESH_LEAD_MS - now, MIN_REFRESH_DELAY_MS);
}

/**
 * Keeps the token fresh while the session lives. When refreshing keeps failing the token runs
 * out, the session store reports it expired and the route guard logs out (§2).
 */
export function useTokenRefresh(): void {
  const { status, session } = useSession();
  const isLive = status !== 'anonymous' && status !== 'expired';
  const tokenExpires = session?.tokenExpires;

  useEffect(() => {
    if (!isLive || tokenExpires === undefined) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isCancelled = false;

    async function refresh(): Promise<void> {
      try {
        const token = await fetchSessionToken();
        if (!isCancelled) sessionStore.replaceToken(token);
      } catch (error) {
        // 401: the server session is gone, so retrying cannot help; the token simply runs out.
        if (isCancelled || (isApiError(error) && error.status === 401)) return;
        timer = setTimeout(() => void refresh(), RETRY_DELAY_MS);
      }
    }

    timer = setTimeout(() => void refresh(), refreshDelay(tokenExpires, Date.now()));
    return () => {
      isCancelled = true;
      clearTimeout(timer);
    };
  }, [isLive, tokenExpires]);
}
