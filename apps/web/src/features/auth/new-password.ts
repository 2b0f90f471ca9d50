import { NewPasswordSchema } from '@atelier/contract';
import { isApiError } from '../../lib/api-client.ts';

export const PASSWORDS_DIFFER_MESSAGE = 'The two passwords do not match.';
export const NEW_PASSWORD_HINT =
  'At least 12 characters. A few unrelated words make a strong password that is easy to remember.';

/** What is wrong with a new password and its confirmation, before the server is asked. */
export function newPasswordProblems(
  newPassword: string,
  confirmation: string,
): { newPassword?: string; confirmation?: string } {
  const checked = NewPasswordSchema.safeParse(newPassword);
  if (!checked.success) return { newPassword: checked.error.issues[0]?.message ?? 'Not valid.' };
  if (newPassword !== confirmation) return { confirmation: PASSWORDS_DIFFER_MESSAGE };
  return {};
}

/** The server's word on one field, when it refused the form for it. */
export function fieldError(error: unknown, field: string): string | undefined {
  return isApiError(error) ? error.errors?.[field]?.[0] : undefined;
}

/** The message for a refusal no single field explains (a spent link, too many tries, no network). */
export function formError(error: unknown, fields: readonly string[]): string | null {
  if (!error) return null;
  if (isApiError(error)) {
    if (fields.some((field) => error.errors?.[field])) return null;
    if (error.status === 429 && error.retryAfterSeconds !== null) {
      return `Too many tries. Try again in ${error.retryAfterSeconds} seconds.`;
    }
    return error.message;
  }
  return 'Something went wrong. Please try again.';
}
