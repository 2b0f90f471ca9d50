import { SESSION_ENDED_MESSAGE, STREAM_TOKEN_PARAM, type Access } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { stylists } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';
import type { AppInstance } from '../lib/app-instance.ts';
import type { AccessClaims } from './access-token.ts';
import { accessRefusal, isBackOfficeAccess, routeAccess, type Actor } from './actor.ts';
import { ROLES } from './auth.ts';
import {
  registerBetterAuthProxy,
  webHeaders,
  type BetterAuthOptions,
} from './better-auth-proxy.ts';
import { isOperatorTokenShaped, verifyOperatorToken } from './operator-token.ts';
import { registerPasswordRoutes } from './password.routes.ts';
import { registerSignInRoute, type SignInOptions } from './sign-in.routes.ts';

const OPERATOR: Actor = { userId: null, role: ROLES.admin, stylistId: null, sessionId: null };

interface AuthPluginOptions extends SignInOptions {
  db: Db;
  verifyAccessToken: (token: string) => Promise<AccessClaims | null>;
  /**
   * The embedded provider mints every token with its session id: a token without one is refused.
   * False when an external issuer's tokens are accepted (JWKS_URL), which carry no session of ours.
   */
  revocableTokensOnly: boolean;
  /** AUTH_SECRET: the operator's command line signs its admin calls with it (operator-token.ts). */
  operatorSecret: string;
}

function accessOf(request: FastifyRequest): Access {
  return routeAccess(request.routeOptions.config.access, request.url);
}

function queryToken(request: FastifyRequest): string | undefined {
  if (!request.routeOptions.config.acceptsQueryToken) return undefined;
  const value = (request.query as Record<string, unknown> | undefined)?.[STREAM_TOKEN_PARAM];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Who calls: every request's `actor`, from its token (or, where a route takes it, its session
 * cookie), checked against what the route's access asks; then sign-in, the password routes and
 * the identity library's own endpoints.
 */
export async function registerAuth(app: AppInstance, options: AuthPluginOptions) {
  const { db, verifyAccessToken, revocableTokensOnly, sessions, operatorSecret } = options;
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
      const refusal = accessRefusal(access, actor);
      if (refusal) throw refusal;
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
    const refusal = accessRefusal(access, request.actor);
    if (refusal) throw refusal;
  });

  registerSignInRoute(app, options);
  registerPasswordRoutes(app, options);
  registerBetterAuthProxy(app, options);
}

/** Who the browser's session cookie belongs to, as they are now; null without a live session. */
async function sessionCookieActor(
  { auth, sessions }: BetterAuthOptions,
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
