import { AUTH_BASE_PATH, ErrorCode, authApi, type ErrorBody } from '@atelier/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from '../lib/app-instance.ts';
import { errorCodeForStatus } from '../lib/error-handler.ts';
import type { Auth } from './auth.ts';
import type { SessionWatch } from './sessions.ts';

/** What talking to Better Auth needs. */
export interface BetterAuthOptions {
  auth: Auth;
  /** Rejects when the database is out of reach: Better Auth answers an outage with a bare 500. */
  ping: () => Promise<void>;
  /** Which sessions are live (one lookup, then remembered until PostgreSQL says they ended). */
  sessions: SessionWatch;
  ssoCookie: { name: string; domain: string | undefined };
  /** Where emails link to. */
  publicUrl: string;
}

/** The identity library's sign-in endpoints (the product uses the email one, `authApi.signIn`). */
export const SIGN_IN_PATHS = `${AUTH_BASE_PATH}/sign-in`;

/**
 * Better Auth's endpoints the product uses besides sign-in. Every other one answers 404 as an
 * unknown path: the admin plugin's impersonation, user listing, bans, role and password changes,
 * sign-up, account changes. The product's back office is its own `/api/admin/…`, which audits.
 */
const AUTH_ENDPOINTS = new Set<string>([
  authApi.signOut.path,
  authApi.getApiToken.path,
  authApi.getSession.path,
  authApi.getJwks.path,
]);

/** Better Auth's own endpoints the product uses, behind `/api/auth/`; sign-out forgets its session. */
export function registerBetterAuthProxy(app: AppInstance, options: BetterAuthOptions) {
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
      return forwardToAuth(request, reply, options);
    },
  });
}

/** Sign-out; this instance forgets the ended session at once (sessions.ts, `forget`). */
async function signOut(options: BetterAuthOptions, request: FastifyRequest, reply: FastifyReply) {
  const { auth, sessions } = options;
  const current = await auth.api.getSession({ headers: webHeaders(request) }).catch(() => null);
  const response = await callAuth(options, request);
  if (response.ok && current) sessions.forget(current.session.id);
  return sendAuthAnswer(request, reply, response, options);
}

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

export function webHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/** Better Auth's cookies (a new session's) added to what the reply sets already. */
export function copyCookies(reply: FastifyReply, response: Response) {
  const cookies = response.headers.getSetCookie();
  if (cookies.length === 0) return;
  const already = reply.getHeader('set-cookie');
  const earlier = Array.isArray(already) ? already : already ? [String(already)] : [];
  reply.header('set-cookie', [...earlier, ...cookies]);
}

/** Better Auth's error code, when its answer has one. */
export async function authErrorCode(response: Response): Promise<string | undefined> {
  try {
    return ((await response.clone().json()) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

/** Hands the request to Better Auth as a web Request; an outage becomes the error handler's 503. */
export async function callAuth(
  { auth, ping }: Pick<BetterAuthOptions, 'auth' | 'ping'>,
  request: FastifyRequest,
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
export async function sendAuthAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  response: Response,
  { ssoCookie, publicUrl }: Pick<BetterAuthOptions, 'ssoCookie' | 'publicUrl'>,
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

export function tooManyMessage(pathname: string, retryAfter: string | number): string {
  const what = pathname.startsWith(SIGN_IN_PATHS) ? 'sign-in attempts' : 'requests';
  return `Too many ${what}. Try again in ${retryAfter} seconds.`;
}

async function forwardToAuth(
  request: FastifyRequest,
  reply: FastifyReply,
  options: BetterAuthOptions,
) {
  return sendAuthAnswer(request, reply, await callAuth(options, request), options);
}
