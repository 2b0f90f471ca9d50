import {
  COMMON_PASSWORD_MESSAGE,
  ErrorCode,
  FORGOT_PASSWORD_SENT_MESSAGE,
  PASSWORD_CHANGED_MESSAGE,
  PASSWORD_RESET_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
  SESSION_ENDED_MESSAGE,
  authApi,
} from '@atelier/contract';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client.ts';
import { enqueueEmail } from '../integrations/outbox/outbox.ts';
import { AppError } from '../lib/app-error.ts';
import type { AppInstance } from '../lib/app-instance.ts';
import { countHit } from '../lib/rate-limit-store.ts';
import { route } from '../lib/route.ts';
import { requireActor } from './actor.ts';
import {
  authErrorCode,
  callAuth,
  copyCookies,
  sendAuthAnswer,
  tooManyMessage,
  webHeaders,
  type BetterAuthOptions,
} from './better-auth-proxy.ts';
import { passwordChangedEmail } from './password-emails.ts';
import { isCommonPassword } from './password-policy.ts';

export interface PasswordRoutesOptions extends BetterAuthOptions {
  db: Db;
}

/** Reset emails one account receives per window, whichever addresses ask (each also has its own). */
const RESET_EMAILS_PER_ACCOUNT = 3;
const RESET_EMAIL_WINDOW_MS = 15 * 60 * 1000;

/**
 * Refuses a reset email past the account's own limit, counted in the database (every instance):
 * many addresses asking for one account would otherwise fill its inbox. Counted for any address,
 * known or not, so the answer says nothing about whether an account uses it.
 */
async function limitResetEmails(db: Db, email: string, reply: FastifyReply) {
  const key = `reset-email|${email.trim().toLowerCase()}`;
  const { hits, ttlMs } = await countHit(db, key, RESET_EMAIL_WINDOW_MS);
  if (hits <= RESET_EMAILS_PER_ACCOUNT) return;
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  reply.header('retry-after', String(seconds));
  throw new AppError(ErrorCode.rateLimited, tooManyMessage('', seconds), 429);
}

function refuseCommonPassword(password: string) {
  if (isCommonPassword(password))
    throw AppError.validation({ newPassword: [COMMON_PASSWORD_MESSAGE] });
}

/**
 * Forgot password (an emailed single-use link, 30 minutes), choosing the new one, and changing it
 * while signed in. Each change ends the user's other sessions and emails them a notice.
 */
export function registerPasswordRoutes(app: AppInstance, options: PasswordRoutesOptions) {
  const { auth, db, publicUrl } = options;

  route(app, authApi.requestPasswordReset, async (request, reply) => {
    await limitResetEmails(db, request.body.email, reply);
    const response = await callAuth(options, request, { email: request.body.email });
    if (!response.ok) return sendAuthAnswer(request, reply, response, options);
    return { message: FORGOT_PASSWORD_SENT_MESSAGE };
  });

  route(app, authApi.resetPassword, async (request, reply) => {
    refuseCommonPassword(request.body.newPassword);
    const response = await callAuth(options, request, request.body);
    if (response.status === 400) {
      throw new AppError(ErrorCode.badRequest, RESET_LINK_INVALID_MESSAGE, 400, {
        token: [RESET_LINK_INVALID_MESSAGE],
      });
    }
    if (!response.ok) return sendAuthAnswer(request, reply, response, options);
    return { message: PASSWORD_RESET_MESSAGE };
  });

  route(app, authApi.changePassword, async (request, reply) => {
    const actor = requireActor(request);
    refuseCommonPassword(request.body.newPassword);
    const session = await auth.api.getSession({ headers: webHeaders(request) });
    // The cookie's session must be the token's: one browser, one person.
    if (!session || session.user.id !== actor.userId) {
      throw AppError.unauthorized(SESSION_ENDED_MESSAGE);
    }
    const response = await callAuth(options, request, {
      ...request.body,
      revokeOtherSessions: true,
    });
    if (response.status === 400 && (await authErrorCode(response)) === 'INVALID_PASSWORD') {
      throw AppError.validation({ currentPassword: ['This is not your current password.'] });
    }
    if (!response.ok) return sendAuthAnswer(request, reply, response, options);
    // The other sessions ended: this instance forgets them now, not when PostgreSQL's signal comes.
    options.sessions.forgetUser(actor.userId);
    copyCookies(reply, response);
    await enqueueEmail(db, await passwordChangedEmail(session.user, `${publicUrl}/`));
    return { message: PASSWORD_CHANGED_MESSAGE };
  });
}
