import type { SignInBody } from '@atelier/contract';
import { isApiError } from '../../lib/api-client.ts';
import { fetchSessionToken, signInWithEmail } from './auth-api.ts';
import { sessionStore } from '../../lib/session-store.ts';

const TOKEN_FAILURE_MESSAGE = 'Failed to load user data';

/** The token fetch after a successful sign-in failed (§8 "Login token failure"). */
export class TokenFetchError extends Error {
  override readonly name = 'TokenFetchError';
}

/** Signs in with email and password, then fetches and stores the session token (§4). */
export async function signIn(credentials: SignInBody): Promise<void> {
  await signInWithEmail(credentials);
  try {
    sessionStore.startSession(await fetchSessionToken());
  } catch (error) {
    const message = isApiError(error) && error.body ? error.body.message : TOKEN_FAILURE_MESSAGE;
    throw new TokenFetchError(message, { cause: error });
  }
}

/** The message the sign-in card shows for a failed attempt. */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof TokenFetchError) return error.message;
  if (isApiError(error)) {
    if (error.status === 429) {
      const seconds = error.retryAfterSeconds;
      if (seconds === null) return 'Too many sign-in attempts. Try again later.';
      return `Too many sign-in attempts. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
    }
    if (error.body) return error.body.message;
    if (error.status === 401) return 'Invalid email or password';
    return error.message;
  }
  return 'Sign-in failed. Please try again.';
}

/** The message for a failed account call right after sign-in (§8 "Login token failure"). */
export function accountLoadErrorMessage(error: unknown): string {
  return isApiError(error) && error.body ? error.body.message : TOKEN_FAILURE_MESSAGE;
}
