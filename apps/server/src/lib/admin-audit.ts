import type { onSendHookHandler } from 'fastify';
import { isBackOfficeAccess } from '../auth/actor.ts';
import type { Db } from '../db/client.ts';
import type { AppInstance } from './app-instance.ts';
import { writeAudit } from './audit.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The body as the trail keeps it: never a password. Text `jsonb` cannot hold never gets here: every
 * request carrying it was refused before its handler (lib/unstorable-text.ts).
 */
function withoutSecrets(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(
    Object.entries(body).filter(([key]) => !/password|secret|token/i.test(key)),
  );
}

/** `quoteId=12` for a route's path parameters; the route itself when it has none. */
function subjectOf(params: unknown, route: string): string {
  const entries = Object.entries((params as Record<string, unknown> | undefined) ?? {});
  return entries.length > 0
    ? entries.map(([key, value]) => `${key}=${String(value)}`).join('&')
    : route;
}

/**
 * Every back-office change made through the API writes the audit trail (actor, action, subject,
 * time, address) before its answer leaves: an admin who sees a success can count on its row. The
 * hook is the admin routes' own: no other request pays for it.
 */
export function registerAdminAudit(app: AppInstance, db: Db) {
  const audit: onSendHookHandler = async (request, reply, payload) => {
    if (READS.has(request.method) || reply.statusCode >= 400 || !request.actor) return payload;
    const route = request.routeOptions.url ?? request.url;
    await writeAudit(db, {
      actorUserId: request.actor.userId,
      action: `${request.method} ${route}`,
      subject: subjectOf(request.params, route),
      detail: {
        status: reply.statusCode,
        ...(request.body !== undefined && { body: withoutSecrets(request.body) }),
      },
      ipAddress: request.ip,
    });
    return payload;
  };
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    // The office's decisions, notes and claims are audited as the admin routes are.
    if (!isBackOfficeAccess(access) && access !== 'office') return;
    if ([route.method].flat().every((method) => READS.has(method))) return;
    route.onSend = [route.onSend ?? []].flat().concat(audit);
  });
}
