import type { SignInBody } from '@atelier/contract';
import { api, apiReadingAs } from '../../lib/api-client.ts';

// The calls and their schemas load with the first call (auth-schemas.ts).
const schemas = () => import('./auth-schemas.ts');

/** Sign-in: on success the server sets the httpOnly session cookie. */
export async function signInWithEmail(body: SignInBody): Promise<void> {
  const { authApi, AnyAnswerSchema } = await schemas();
  await apiReadingAs(authApi.signIn, AnyAnswerSchema, { body, credentials: 'include' });
}

/** A short-lived JWT for the session cookie (§4 "token fetch"). */
export async function fetchSessionToken(): Promise<string> {
  const { authApi } = await schemas();
  const { token } = await api(authApi.getApiToken, { credentials: 'include' });
  return token;
}

/** Sign-out: ends the session and clears the single-sign-on cookie. */
export async function signOut(signal?: AbortSignal): Promise<void> {
  const { authApi, AnyAnswerSchema } = await schemas();
  await apiReadingAs(authApi.signOut, AnyAnswerSchema, {
    body: {},
    credentials: 'include',
    ...(signal ? { signal } : {}),
  });
}
