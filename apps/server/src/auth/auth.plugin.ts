import {
  API_PREFIX,
  AUTH_BASE_PATH,
  COMMON_PASSWORD_MESSAGE,
  ErrorCode,
  FORGOT_PASSWORD_SENT_MESSAGE,
  NON_STYLIST_MESSAGE,
  PASSWORD_CHANGED_MESSAGE,
  PASSWORD_RESET_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
  SESSION_ENDED_MESSAGE,
  STREAM_TOKEN_PARAM,
  authApi,
  type Access,
  type ErrorBody,
  type SignInBody,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { stylists } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';
import type { AppInstance } from '../lib/app-instance.ts';
import { route } from '../lib/route.ts';
import { errorCodeForStatus } from '../lib/error-handler.ts';
import type { AccessClaims } from './access-token.ts';
import { mayManageClientData, ROLES, type Auth } from './auth.ts';
import { enqueueEmail } from '../integrations/outbox/outbox.ts';
import { passwordChangedEmail } from './password-emails.ts';
import { isCommonPassword } from './password-policy.ts';
import { countHit } from '../lib/rate-limit-store.ts';
import { isOperatorTokenShaped, verifyOperatorToken } from './operator-token.ts';
import type { SessionWatch } from './sessions.ts';
import type { SignInProtection } from './sign-in-protection.ts';

/** Who may call a route: declared by its endpoint in the contract (`mayManageClientData` for `operations`). */
export type { Access };

/** The back office's routes: the operator's command line may call them, and their changes are audited. */
export const isBackOfficeAccess = (access: Access | undefined) =>
  access === 'admin' || access === 'operations';

export interface Actor {
  /** Null for the operator's command line, which reaches admin routes only (operator-token.ts). */
  userId: string | null;
  role: string;
  /** Read on stylist routes only (elsewhere null); requireStylist gives it typed. */
  stylistId: number | null;
  /** The session the token was minted for; null for an external issuer's token. */
  sessionId: string | null;
  /** When the token runs out (ms since the epoch): a long-lived stream must end then. */
  tokenExpiresAt?: number | undefined;
}

export interface UserActor extends Actor {
  userId: string;
}

export interface StylistActor extends UserActor {
  stylistId: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** EventSource cannot send headers: such a route also takes the token as `?access_token=`. */
    acceptsQueryToken?: boolean;
    /** A page a browser opens itself (the API's docs): without a token, its session cookie. */
    acceptsSessionCookie?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export function requireStylist(request: FastifyRequest): StylistActor {
  const actor = request.actor;
  if (!actor || actor.userId === null || actor.stylistId === null) {
    throw AppError.forbidden(NON_STYLIST_MESSAGE);
  }
  return { ...actor, userId: actor.userId, stylistId: actor.stylistId };
}

/** A signed-in user (the operator's command line is none). */
export function requireActor(request: FastifyRequest): UserActor {
  const actor = request.actor;
  if (!actor || actor.userId === null) throw AppError.unauthorized();
  return { ...actor, userId: actor.userId };
}

/** Who acts on an admin route, for the records: an admin, or (null) the operator's command line. */
export function adminActor(request: FastifyRequest) {
  if (!request.actor) throw AppError.unauthorized();
  return { kind: 'admin', userId: request.actor.userId } as const;
}

const OPERATOR: Actor = { userId: null, role: ROLES.admin, stylistId: null, sessionId: null };

interface AuthPluginOptions {
  db: Db;
  auth: Auth;
  verifyAccessToken: (token: string) => Promise<AccessClaims | null>;
  ssoCookie: { name: string; domain: string | undefined };
  /** Rejects when the database is out of reach: Better Auth answers an outage with a bare 500. */
  ping: () => Promise<void>;
  /**
   * The embedded provider mints every token with its session id: a token without one is refused.
   * False when an external issuer's tokens are accepted (JWKS_URL), which carry no session of ours.
   */
  revocableTokensOnly: boolean;
  /** Which sessions are live (one lookup, then remembered until PostgreSQL says they ended). */
  sessions: SessionWatch;
  protection: SignInProtection;
  /** Cookies only over https (PUBLIC_URL). */
  secureCookies: boolean;
  /** Where emails link to. */
  publicUrl: string;
  /** AUTH_SECRET: the operator's command line signs its admin calls with it (operator-token.ts). */
  operatorSecret: string;
}

/** Who may call the route at `url`: as it declares, else a stylist on /api and anyone elsewhere. */
export function routeAccess(declared: Access | undefined, url: string): Access {
  if (declared) return declared;
  return url.startsWith(API_PREFIX) ? 'stylist' : 'public';
}

function accessOf(request: FastifyRequest): Access {
  return routeAccess(request.routeOptions.config.access, request.url);
}

function queryToken(request: FastifyRequest): string | undefined {
  if (!request.routeOptions.config.acceptsQueryToken) return undefined;
  const value = (request.query as Record<string, unknown> | undefined)?.[STREAM_TOKEN_PARAM];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export async function registerAuth(app: AppInstance, options: AuthPluginOptions) {
  const { db, auth, verifyAccessToken, ping, revocableTokensOnly, sessions, operatorSecret } =
    options;
  app.decorateRequest('actor', null);

  app.addHook('onRequest', async (request) => {
    const access = accessOf(request);
    if (access === 'public') return;
    const header = request.headers.authorization ?? '';
    const token = /^Bearer (.+)$/i.exec(header)?.[1] ?? queryToken(request);
    if (token && isBackOfficeAccess(access) && isOperatorTokenShaped(token)) {
      if (!(await verifyOperatorToken(token, operatorSecret))) throw AppError.unauthorized();
      request.actor = OPERATOR;
      return;
    }
    if (!token && request.routeOptions.config.acceptsSessionCookie) {
      const actor = await sessionCookieActor(options, request);
      if (!actor) throw AppError.unauthorized();
      request.actor = actor;
      if (access === 'admin' && actor.role !== ROLES.admin)
        throw AppError.forbidden('Only admin staff may do this.');
      if (access === 'stylist' && actor.stylistId === null)
        throw AppError.forbidden(NON_STYLIST_MESSAGE);
      return;
    }
    const claims = token ? await verifyAccessToken(token) : null;
    if (!claims) throw AppError.unauthorized();
    let role = claims.role ?? ROLES.user;
    let stylistId: number | null = null;
    if (claims.sid !== undefined) {
      // The embedded provider's tokens: the session must still be live, and its user's role and
      // stylist profile are as they are now (decision 0016).
      const session = await sessions.find(claims.sid, claims.sub);
      if (!session) throw AppError.unauthorized(SESSION_ENDED_MESSAGE);
      role = session.role ?? ROLES.user;
      stylistId = role === ROLES.stylist ? session.stylistId : null;
    } else if (revocableTokensOnly) {
      throw AppError.unauthorized(SESSION_ENDED_MESSAGE);
    } else if (access === 'stylist' && role === ROLES.stylist) {
      // An external issuer's token carries no session of ours: its expiry is its only end.
      const [row] = await db
        .select({ id: stylists.id })
        .from(stylists)
        .where(eq(stylists.userId, claims.sub));
      stylistId = row?.id ?? null;
    }
    request.actor = {
      userId: claims.sub,
      role,
      stylistId,
      sessionId: claims.sid ?? null,
      tokenExpiresAt: claims.exp === undefined ? undefined : claims.exp * 1000,
    };
    if (access === 'stylist' && stylistId === null) throw AppError.forbidden(NON_STYLIST_MESSAGE);
    if (access === 'admin' && role !== ROLES.admin)
      throw AppError.forbidden('Only admin staff may do this.');
    if (access === 'operations' && !mayManageClientData(role))
      throw AppError.forbidden('Only operations staff may do this.');
  });

  // Sign-in gets the contract's strict body check before Better Auth sees it.
  route(app, authApi.signIn, (request, reply) => signInWithProtection(options, request, reply));
  registerPasswordRoutes(app, options);
  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    config: { access: 'public' },
    // Better Auth's own endpoints; the document lists the sign-in the web uses.
    schema: { hide: true },
    handler: (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      if (!AUTH_ENDPOINTS.has(pathname)) return reply.callNotFound();
      if (pathname === authApi.signOut.path) return signOut(options, request, reply);
      return forwardToAuth(auth, request, reply, options, ping);
    },
  });
}

/** Who the browser's session cookie belongs to, as they are now; null without a live session. */
async function sessionCookieActor(
  { auth, sessions }: AuthPluginOptions,
  request: FastifyRequest,
): Promise<Actor | null> {
  const found = await auth.api.getSession({ headers: webHeaders(request) });
  if (!found) return null;
  const session = await sessions.find(found.session.id, found.user.id);
  if (!session) return null;
  const role = session.role ?? ROLES.user;
  return {
    userId: found.user.id,
    role,
    stylistId: role === ROLES.stylist ? session.stylistId : null,
    sessionId: found.session.id,
  };
}

/** Sign-out; this instance forgets the ended session at once (sessions.ts, `forget`). */
async function signOut(options: AuthPluginOptions, request: FastifyRequest, reply: FastifyReply) {
  const { auth, ping, sessions } = options;
  const current = await auth.api.getSession({ headers: webHeaders(request) }).catch(() => null);
  const response = await callAuth(auth, request, ping);
  if (response.ok && current) sessions.forget(current.session.id);
  return sendAuthAnswer(request, reply, response, options);
}

/**
 * Better Auth's endpoints the product uses besides sign-in. Every other one answers 404 as an
 * unknown path: the admin plugin's impersonation, user listing, bans, role and password changes,
 * sign-up, account changes. The product's back office is its own `/api/admin/…`, which audits.
 */
/** The identity library's sign-in endpoints (the product uses the email one, `authApi.signIn`). */
const SIGN_IN_PATHS = `${AUTH_BASE_PATH}/sign-in`;

const AUTH_ENDPOINTS = new Set<string>([
  authApi.signOut.path,
  authApi.getApiToken.path,
  authApi.getSession.path,
  authApi.getJwks.path,
]);

/**
 * The session token lives in the HttpOnly cookie only: Better Auth also puts it in the JSON of
 * the sign-in answer and of the session calls, where a script could read it (ASVS 3.3).
 */
function withoutSessionTokens(pathname: string, text: string): string {
  // Where Better Auth puts the session: the sign-in answer itself, or get-session's `session`.
  const sessionOf = pathname.startsWith(`${SIGN_IN_PATHS}/`)
    ? (body: object) => body
    : pathname === authApi.getSession.path
      ? (body: object) => (body as { session?: unknown }).session
      : null;
  if (!sessionOf) return text;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text;
  }
  if (!body || typeof body !== 'object') return text;
  const session = sessionOf(body);
  if (session && typeof session === 'object') delete (session as { token?: unknown }).token;
  return JSON.stringify(body);
}

function webHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/** Better Auth's cookies (a new session's) added to what the reply sets already. */
function copyCookies(reply: FastifyReply, response: Response) {
  const cookies = response.headers.getSetCookie();
  if (cookies.length === 0) return;
  const already = reply.getHeader('set-cookie');
  const earlier = Array.isArray(already) ? already : already ? [String(already)] : [];
  reply.header('set-cookie', [...earlier, ...cookies]);
}

/** Better Auth's error code, when its answer has one. */
async function authErrorCode(response: Response): Promise<string | undefined> {
  try {
    return ((await response.clone().json()) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

/** Hands the request to Better Auth as a web Request; an outage becomes the error handler's 503. */
async function callAuth(
  auth: Auth,
  request: FastifyRequest,
  ping: AuthPluginOptions['ping'],
  body: unknown = request.body,
): Promise<Response> {
  const headers = webHeaders(request);
  // Better Auth keys its rate limiter on this header; without it every client shares one bucket.
  headers.set('x-forwarded-for', request.ip);
  headers.delete('content-length');
  const hasBody = request.method !== 'GET' && body !== undefined;
  if (hasBody) headers.set('content-type', 'application/json');
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const response = await auth.handler(
    new Request(url, {
      method: request.method,
      headers,
      body: hasBody ? JSON.stringify(body) : undefined,
    }),
  );
  // Better Auth answers an outage with a bare 500: a failed ping makes it the error handler's 503.
  if (response.status >= 500) await ping();
  return response;
}

/** Better Auth's answer sent back, its errors in the contract's shape. */
async function sendAuthAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  response: Response,
  { ssoCookie, publicUrl }: Pick<AuthPluginOptions, 'ssoCookie' | 'publicUrl'>,
) {
  const pathname = request.url.split('?')[0] ?? '';
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || name === 'content-length') continue;
    reply.header(name, value);
  }
  copyCookies(reply, response);
  if (pathname === authApi.signOut.path) {
    reply.clearCookie(ssoCookie.name, {
      path: '/',
      ...(ssoCookie.domain && { domain: ssoCookie.domain }),
    });
  }

  const text = await response.text();
  if (response.status < 400) return reply.send(withoutSessionTokens(pathname, text));

  let parsed: { message?: string; code?: string } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    parsed = {};
  }
  const body: ErrorBody = {
    message: parsed.message || response.statusText || 'Request failed',
    code: parsed.code ?? errorCodeForStatus(response.status),
  };
  if (parsed.code === 'INVALID_ORIGIN') {
    // The page was opened at an address Atelier does not know: say which one it does.
    body.message = `Sign-in works only at ${publicUrl}. Open Atelier there, or add this address to TRUSTED_ORIGINS.`;
  }
  if (response.status === 429) {
    const retryAfter = response.headers.get('x-retry-after') ?? '60';
    reply.header('retry-after', retryAfter);
    body.message = tooManyMessage(pathname, retryAfter);
    body.code = ErrorCode.rateLimited;
  }
  return reply.type('application/json').send(body);
}

function tooManyMessage(pathname: string, retryAfter: string | number): string {
  const what = pathname.startsWith(SIGN_IN_PATHS) ? 'sign-in attempts' : 'requests';
  return `Too many ${what}. Try again in ${retryAfter} seconds.`;
}

async function forwardToAuth(
  auth: Auth,
  request: FastifyRequest,
  reply: FastifyReply,
  options: Pick<AuthPluginOptions, 'ssoCookie' | 'publicUrl'>,
  ping: AuthPluginOptions['ping'],
) {
  return sendAuthAnswer(request, reply, await callAuth(auth, request, ping), options);
}

/**
 * Sign-in with the account's own limit besides the address's: a paused account answers 429
 * before its password is checked, except in a browser where its owner signed in before.
 */
async function signInWithProtection(
  options: AuthPluginOptions,
  request: FastifyRequest<{ Body: SignInBody }>,
  reply: FastifyReply,
) {
  const { auth, ping, protection, secureCookies } = options;
  const { email } = request.body;
  const device = protection.knownDeviceCookie;
  if (!protection.isKnownDevice(email, request.cookies[device.name])) {
    const seconds = await protection.pausedFor(email);
    if (seconds > 0) {
      reply.header('retry-after', String(seconds));
      throw new AppError(ErrorCode.rateLimited, tooManyMessage(request.url, seconds), 429);
    }
  }
  const response = await callAuth(auth, request, ping);
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
function registerPasswordRoutes(app: AppInstance, options: AuthPluginOptions) {
  const { auth, ping, db, publicUrl } = options;

  route(app, authApi.requestPasswordReset, async (request, reply) => {
    await limitResetEmails(db, request.body.email, reply);
    const response = await callAuth(auth, request, ping, { email: request.body.email });
    if (!response.ok) return sendAuthAnswer(request, reply, response, options);
    return { message: FORGOT_PASSWORD_SENT_MESSAGE };
  });

  route(app, authApi.resetPassword, async (request, reply) => {
    refuseCommonPassword(request.body.newPassword);
    const response = await callAuth(auth, request, ping, request.body);
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
    const response = await callAuth(auth, request, ping, {
      ...request.body,
      revokeOtherSessions: true,
    });
    if (response.status === 400 && (await authErrorCode(response)) === 'INVALID_PASSWORD') {
      throw AppError.validation({ currentPassword: ['This is not your current password.'] });
    }
    if (!response.ok) return sendAuthAnswer(request, reply, response, options);
    copyCookies(reply, response);
    await enqueueEmail(db, await passwordChangedEmail(session.user, `${publicUrl}/`));
    return { message: PASSWORD_CHANGED_MESSAGE };
  });
}
