import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { signOut } from './auth-api.ts';
import { sessionStore } from '../../lib/session-store.ts';

// A hanging sign-out call must not keep the stylist on the logout screen.
const SIGN_OUT_TIMEOUT_MS = 5_000;

let serverSignOut: Promise<void> | null = null;

export interface LogoutOptions {
  /** Shown on the sign-in screen afterwards, e.g. the non-stylist message. */
  notice?: string;
}

/**
 * §4 logout: clears local storage, the cached clients and stylist, and the server session with
 * its single-sign-on cookie. The local part happens first and regardless of the server's answer.
 */
export function logout(queryClient: QueryClient, options: LogoutOptions = {}): Promise<void> {
  try {
    localStorage.clear();
  } catch {
    // Storage unavailable: the session store below still forgets the token.
  }
  sessionStore.end({ notice: options.notice ?? null });
  queryClient.clear();

  serverSignOut ??= signOut(AbortSignal.timeout(SIGN_OUT_TIMEOUT_MS))
    .catch(() => {
      // Ended locally anyway; the server session dies with its own expiry.
    })
    .finally(() => {
      serverSignOut = null;
      // Drops queries that screens still mounted during the logout re-created meanwhile.
      queryClient.clear();
    });
  return serverSignOut;
}

export function useLogout(): (options?: LogoutOptions) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback((options?: LogoutOptions) => logout(queryClient, options), [queryClient]);
}
