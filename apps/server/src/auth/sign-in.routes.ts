import { ErrorCode, authApi, type SignInBody } from '@atelier/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { AppInstance } from '../lib/app-instance.ts';
import { route } from '../lib/route.ts';
import {
  callAuth,
  sendAuthAnswer,
  SIGN_IN_PATHS,
  tooManyMessage,
  type BetterAuthOptions,
} from './better-auth-proxy.ts';
import type { SignInProtection } from './sign-in-protection.ts';

export interface SignInOptions extends BetterAuthOptions {
  protection: SignInProtection;
  /** Cookies only over https (PUBLIC_URL). */
  secureCookies: boolean;
}

/** Sign-in gets the contract's strict body check before Better Auth sees it. */
export function registerSignInRoute(app: AppInstance, options: SignInOptions) {
  route(app, authApi.signIn, (request, reply) => signInWithProtection(options, request, reply));
}

/**
 * Sign-in with the account's own limit besides the address's: a paused account answers 429
 * before its password is checked, except in a browser where its owner signed in before.
 */
async function signInWithProtection(
  options: SignInOptions,
  request: FastifyRequest<{ Body: SignInBody }>,
  reply: FastifyReply,
) {
  const { protection, secureCookies } = options;
  const { email } = request.body;
  const device = protection.knownDeviceCookie;
  if (!protection.isKnownDevice(email, request.cookies[device.name])) {
    const seconds = await protection.pausedFor(email);
    if (seconds > 0) {
      reply.header('retry-after', String(seconds));
      throw new AppError(ErrorCode.rateLimited, tooManyMessage(request.url, seconds), 429);
    }
  }
  const response = await callAuth(options, request);
  if (response.status === 401) {
    await protection.recordFailure(email);
  } else if (response.ok) {
    await protection.clear(email);
    reply.setCookie(device.name, device.value(email), {
      path: SIGN_IN_PATHS,
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies,
      maxAge: device.maxAgeSeconds,
    });
  }
  return sendAuthAnswer(request, reply, response, options);
}
