import {
  SHOP_LOGIN_EXPIRED_MESSAGE,
  SHOP_LOGIN_FAILED_TITLE,
  clientLoginApi,
} from '@atelier/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStylist } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import type { ShopSso } from '../../integrations/shop-sso/shop-sso.ts';
import { AppError } from '../../lib/app-error.ts';
import { escapeHtml } from '../../lib/html.ts';
import { route } from '../../lib/route.ts';
import { issueClientLoginTicket, redeemClientLoginTicket } from './client-login.service.ts';

/**
 * The ticket's address is opened in a new tab, so a failure is read by a person: a browser gets
 * a small page in the portal's words; anything else (an API client, a test) the error shape.
 */
function answerFailedSignIn(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error instanceof AppError ? error.status : (error.statusCode ?? 500);
  if (!request.headers.accept?.includes('text/html') || status >= 500) throw error;
  const message =
    status === 429
      ? 'Too many tries from this address. Wait a minute, then open the shop again from the portal.'
      : error instanceof AppError
        ? error.message
        : SHOP_LOGIN_EXPIRED_MESSAGE;
  request.log.info({ status }, message);
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(SHOP_LOGIN_FAILED_TITLE)} · Atelier</title>` +
        `<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f8f6f1;color:#1a1a1a}` +
        `main{max-width:28rem;padding:2rem 1.5rem;text-align:center}h1{font-size:1.25rem;margin:0 0 .75rem}p{margin:0;line-height:1.5}</style>` +
        `</head><body><main><h1>${escapeHtml(SHOP_LOGIN_FAILED_TITLE)}</h1>` +
        `<p>${escapeHtml(message)}</p></main></body></html>`,
    );
}

/** The shop single sign-on of a client (§7 last row; docs/decisions/0011). */
export const clientLoginRoutes: FastifyPluginAsyncZod<{
  db: Db;
  publicUrl: string;
  shopSso: ShopSso;
  rateLimitMax: number;
}> = async (app, { db, publicUrl, shopSso, rateLimitMax }) => {
  route(app, clientLoginApi.createClientLoginTicket, async (request, reply) => {
    const ticket = await issueClientLoginTicket(
      db,
      requireStylist(request),
      { clientId: request.params.clientId, target: request.body.target },
      { publicUrl, shopSso },
    );
    return reply.code(201).header('cache-control', 'no-store').send(ticket);
  });

  route(
    app,
    clientLoginApi.redeemClientLoginTicket,
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const signIn = await redeemClientLoginTicket(
        db,
        {
          userId: request.params.userId,
          ticket: request.query.ticket,
          target: request.query.target,
          ipAddress: request.ip,
        },
        shopSso,
      );
      if (signIn.cookie) {
        reply.setCookie(signIn.cookie.name, signIn.cookie.value, signIn.cookie.options);
      }
      return reply.redirect(signIn.location, 302);
    },
    {
      config: { rateLimit: { max: rateLimitMax, timeWindow: '1 minute' } },
      errorHandler: answerFailedSignIn,
    },
  );
};
