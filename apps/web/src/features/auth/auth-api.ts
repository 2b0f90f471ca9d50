import type { SignInBody } from '@atelier/contract';
import { apiGet, apiPost } from '../../lib/api-client.ts';

// The answers' schemas load with the first call (auth-schemas.ts).
const schemas = () => import('./auth-schemas.ts');

/** POST /api/auth/sign-in/email: on success the server sets the httpOnly session cookie. */
export async function signInWithEmail(body: SignInBody): Promise<void> {
  const { AnyAnswerSchema } = await schemas();
  await apiPost('/api/auth/sign-in/email', body, AnyAnswerSchema, { credentials: 'include' });
}

/** GET /api/auth/token: a short-lived JWT for the session cookie (§4 "token fetch"). */
export async function fetchSessionToken(): Promise<string> {
  const { TokenResponseSchema } = await schemas();
  const { token } = await apiGet('/api/auth/token', TokenResponseSchema, {
    credentials: 'include',
  });
  return token;
}

/** POST /api/auth/sign-out: ends the session and clears the single-sign-on cookie. */
export async function signOut(signal?: AbortSignal): Promise<void> {
  const { AnyAnswerSchema } = await schemas();
  await apiPost('/api/auth/sign-out', {}, AnyAnswerSchema, {
    credentials: 'include',
    ...(signal ? { signal } : {}),
  });
}
