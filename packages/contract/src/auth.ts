import { z } from 'zod';
import {
  ChangePasswordBodySchema,
  ForgotPasswordBodySchema,
  PasswordAnswerSchema,
  ResetPasswordBodySchema,
  SignInBodySchema,
  TokenResponseSchema,
} from './account.ts';
import { endpoints } from './endpoint.ts';
import { ErrorBodySchema } from './errors.ts';
import { AUTH_BASE_PATH } from './http.ts';

/**
 * Signing in and out, the API token, and passwords. The identity library answers sign-in, sign-out
 * and the token calls with its own bodies (the web reads only their status or the token); the
 * document lists sign-in and the password calls, not the library's other endpoints.
 */
export const authApi = endpoints('auth', {
  signIn: {
    method: 'POST',
    path: `${AUTH_BASE_PATH}/sign-in/email`,
    access: 'public',
    summary: 'Sign in with email and password',
    body: SignInBodySchema,
    // Wrong credentials, a banned account, too many tries (the library's answers or the pause).
    responses: { 401: ErrorBodySchema, 403: ErrorBodySchema, 429: ErrorBodySchema },
  },
  signOut: {
    method: 'POST',
    path: `${AUTH_BASE_PATH}/sign-out`,
    access: 'public',
    hide: true,
    summary: 'End the session and clear the single-sign-on cookie',
    body: z.object({}),
    responses: {},
  },
  getApiToken: {
    method: 'GET',
    path: `${AUTH_BASE_PATH}/token`,
    access: 'public',
    hide: true,
    summary: "A short-lived JWT for the session cookie's session",
    responses: { 200: TokenResponseSchema },
  },
  getSession: {
    method: 'GET',
    path: `${AUTH_BASE_PATH}/get-session`,
    access: 'public',
    hide: true,
    summary: 'The session of the cookie, without its token',
    responses: {},
  },
  getJwks: {
    method: 'GET',
    path: `${AUTH_BASE_PATH}/jwks`,
    access: 'public',
    hide: true,
    summary: 'The public keys that verify API tokens',
    responses: {},
  },
  requestPasswordReset: {
    method: 'POST',
    path: `${AUTH_BASE_PATH}/request-password-reset`,
    access: 'public',
    summary: 'Email a single-use link to choose a new password',
    description: 'Answers the same whether or not an account uses the address.',
    body: ForgotPasswordBodySchema,
    responses: { 200: PasswordAnswerSchema, 429: ErrorBodySchema },
  },
  resetPassword: {
    method: 'POST',
    path: `${AUTH_BASE_PATH}/reset-password`,
    access: 'public',
    summary: "Choose a new password with the emailed link's token",
    description: 'Every session of the account ends; the link works once.',
    body: ResetPasswordBodySchema,
    responses: { 200: PasswordAnswerSchema, 429: ErrorBodySchema },
  },
  changePassword: {
    method: 'POST',
    path: `${AUTH_BASE_PATH}/change-password`,
    access: 'account',
    summary: 'Change the password, the current one given',
    description:
      'Needs the session cookie and its API token. Every other session ends; this browser gets a new session cookie, for which it fetches a new token.',
    body: ChangePasswordBodySchema,
    responses: { 200: PasswordAnswerSchema, 429: ErrorBodySchema },
  },
});
