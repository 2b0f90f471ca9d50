import type { ChangePasswordBody, ForgotPasswordBody, ResetPasswordBody } from '@atelier/contract';
import { apiPost } from '../../lib/api-client.ts';
import { fetchSessionToken } from './auth-api.ts';
import { sessionStore } from '../../lib/session-store.ts';

// The answers' schema loads with the first call: the sign-in page shows the forgotten-password
// form before zod is downloaded (auth-schemas.ts).
const answerSchema = () => import('./auth-schemas.ts').then((m) => m.PasswordAnswerSchema);

/** POST /api/auth/request-password-reset: the same answer whether or not the address is known. */
export async function requestPasswordReset(body: ForgotPasswordBody): Promise<string> {
  return (await apiPost('/api/auth/request-password-reset', body, await answerSchema())).message;
}

/** POST /api/auth/reset-password: every session of the account ends, this browser's too. */
export async function resetPassword(body: ResetPasswordBody): Promise<string> {
  const { message } = await apiPost('/api/auth/reset-password', body, await answerSchema());
  sessionStore.end({ notice: null });
  return message;
}

/**
 * POST /api/auth/change-password: the server ends every other session and gives this browser a
 * new session cookie, whose token replaces the old one at once.
 */
export async function changePassword(body: ChangePasswordBody): Promise<string> {
  const { message } = await apiPost('/api/auth/change-password', body, await answerSchema(), {
    credentials: 'include',
  });
  sessionStore.replaceToken(await fetchSessionToken());
  return message;
}
