import { SESSION_ENDED_MESSAGE } from '@atelier/contract';
import type { QueryClient } from '@tanstack/react-query';
import { fetchSessionToken } from './auth-api.ts';
import { logout } from './logout.ts';
import { sessionStore } from '../../lib/session-store.ts';

/** Shown on the sign-in card when the server ended the session. */
export const SESSION_ENDED_NOTICE = SESSION_ENDED_MESSAGE;

/** A second refusal this soon after a fresh token means the session is gone, not the token. */
const RETRY_WINDOW_MS = 10_000;

/**
 * The server refused the token (401). If the session cookie still mints a token, the token alone
 * was stale (e.g. minted before a deploy): take the new one and read again. If not, the session
 * ended elsewhere (signed out, a new password, a ban): sign out here too, saying why.
 */
export function createRefusedTokenHandler(queryClient: QueryClient) {
  let lastRenewal = 0;
  let pending: Promise<void> | null = null;

  async function handle(): Promise<void> {
    if (!sessionStore.getSnapshot().session) return;
    if (Date.now() - lastRenewal > RETRY_WINDOW_MS) {
      lastRenewal = Date.now();
      try {
        sessionStore.replaceToken(await fetchSessionToken());
        await queryClient.invalidateQueries();
        return;
      } catch {
        // No session behind the cookie either.
      }
    }
    await logout(queryClient, { notice: SESSION_ENDED_NOTICE });
  }

  return () => {
    pending ??= handle().finally(() => {
      pending = null;
    });
  };
}
