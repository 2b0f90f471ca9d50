import { NewPasswordSchema } from '@atelier/contract';

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

// Apart from this module's schema: the sign-in page's forgotten-password form needs only these.
export { fieldError, formError } from './form-errors.ts';
