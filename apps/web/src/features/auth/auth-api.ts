import { TokenResponseSchema, type SignInBody } from '@atelier/contract';
import { z } from 'zod';
import { apiGet, apiPost } from '../../lib/api-client.ts';

// The identity endpoints answer with their own bodies; the web needs only the status.
const AnyAnswerSchema = z.unknown();

/** POST /api/auth/sign-in/email: on success the server sets the httpOnly session cookie. */
export async function signInWithEmail(body: SignInBody): Promise<void> {
  await apiPost('/api/auth/sign-in/email', body, AnyAnswerSchema, { credentials: 'include' });
}

/** GET /api/auth/token: a short-lived JWT for the session cookie (§4 "token fetch"). */
export async function fetchSessionToken(): Promise<string> {
  const { token } = await apiGet('/api/auth/token', TokenResponseSchema, {
    credentials: 'include',
  });
  return token;
}

/** POST /api/auth/sign-out: ends the session and clears the single-sign-on cookie. */
export async function signOut(signal?: AbortSignal): Promise<void> {
  await apiPost('/api/auth/sign-out', {}, AnyAnswerSchema, {
    credentials: 'include',
    ...(signal ? { signal } : {}),
  });
}
