import type { ChangePasswordBody, ForgotPasswordBody, ResetPasswordBody } from '@atelier/contract';
import { api } from '../../lib/api-client.ts';
import { fetchSessionToken } from './auth-api.ts';
import { sessionStore } from '../../lib/session-store.ts';

// The calls load with the first one: the sign-in page shows the forgotten-password form before
// zod is downloaded (auth-schemas.ts).
const authCalls = () => import('./auth-schemas.ts').then((m) => m.authApi);

/** The same answer whether or not the address is known. */
export async function requestPasswordReset(body: ForgotPasswordBody): Promise<string> {
  return (await api((await authCalls()).requestPasswordReset, { body })).message;
}

/** Every session of the account ends, this browser's too. */
export async function resetPassword(body: ResetPasswordBody): Promise<string> {
  const { message } = await api((await authCalls()).resetPassword, { body });
  sessionStore.end({ notice: null });
  return message;
}

/**
 * The server ends every other session and gives this browser a new session cookie, whose token
 * replaces the old one at once.
 */
export async function changePassword(body: ChangePasswordBody): Promise<string> {
  const { message } = await api((await authCalls()).changePassword, {
    body,
    credentials: 'include',
  });
  sessionStore.replaceToken(await fetchSessionToken());
  return message;
}
