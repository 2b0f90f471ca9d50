import {
  FORGOT_PRESSED_ATTRIBUTE,
  PRERENDERED_ATTRIBUTE,
  SUBMITTED_ATTRIBUTE,
} from '../../app/prerendered-shell.ts';

/**
 * The prerendered sign-in form (app/prerendered-shell.ts) as the visitor left it: the app's sign-in
 * form reads it as it first renders, in the task whose commit replaces it, so nothing typed before
 * is lost. The form starts from those values, with the focus where it was, and sends itself when
 * the visitor had already pressed "Sign in" (the shell's script held that submit back), or opens
 * "Forgot password?" when that was pressed.
 */
export interface TypedSignIn {
  email: string;
  password: string;
  /** The input that had the focus. */
  focused: 'email' | 'password' | null;
  /** "Sign in" was pressed before the app ran. */
  isSubmitted: boolean;
  /** "Forgot password?" was pressed before the app ran. */
  isForgotPressed: boolean;
}

/**
 * The prerendered form's state, or null once React's form has replaced it (and in the build's
 * own render, which has no document).
 */
export function prerenderedSignIn(): TypedSignIn | null {
  if (typeof document === 'undefined') return null;
  const form = document.querySelector(`form[${PRERENDERED_ATTRIBUTE}]`);
  const email = form?.querySelector<HTMLInputElement>('input[autocomplete="username"]');
  const password = form?.querySelector<HTMLInputElement>('input[autocomplete="current-password"]');
  if (!form || !email || !password) return null;
  const active = document.activeElement;
  return {
    email: email.value,
    password: password.value,
    focused: active === email ? 'email' : active === password ? 'password' : null,
    isSubmitted: form.hasAttribute(SUBMITTED_ATTRIBUTE),
    isForgotPressed: form.hasAttribute(FORGOT_PRESSED_ATTRIBUTE),
  };
}
