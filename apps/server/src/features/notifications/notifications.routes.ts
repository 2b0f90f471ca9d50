import {
  ErrorBodySchema,
  NOTIFICATIONS_STREAM_PATH,
  NotificationStreamQuerySchema,
  STREAM_TOKEN_PARAM,
  notificationsApi,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStylist } from '../../auth/auth.plugin.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/route.ts';
import { openEventStream } from './event-stream.ts';
import type { NotificationHub } from './notification-hub.ts';
import { listNotifications, markNotificationsRead } from './notifications.service.ts';

const STREAM_RETRY_MS = 5_000;
const STREAM_HEARTBEAT_MS = 25_000;

export const notificationsRoutes: FastifyPluginAsyncZod<{ db: Db; hub: NotificationHub }> = async (
  app,
  { db, hub },
) => {
  route(app, notificationsApi.listNotifications, async (request, reply) => {
    const document = await listNotifications(db, requireStylist(request));
    return reply.header('cache-control', 'private, no-store').send(document);
  });

  route(app, notificationsApi.markNotificationsRead, async (request, reply) => {
    const document = await markNotificationsRead(db, requireStylist(request), request.body);
    return reply.header('cache-control', 'private, no-store').send(document);
  });

  app.get(
    NOTIFICATIONS_STREAM_PATH,
    {
      config: { acceptsQueryToken: true },
      schema: {
        tags: ['notifications'],
        operationId: 'streamNotifications',
        summary: 'New notifications as server-sent events (text/event-stream)',
        description:
          `EventSource cannot send headers: pass the API token as \`?${STREAM_TOKEN_PARAM}=\`. ` +
          'Events: `notification` (a new notification and the unread count) and `read` (the ' +
          'unread count after some were marked read). A comment every 25 s keeps the stream ' +
          'open; it ends when the token expires, and the browser reconnects with a fresh one.',
        querystring: NotificationStreamQuerySchema,
        response: {
          200: {
            description: 'The stream: `event:` and `data:` lines, a JSON object per event',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    (request, reply) => {
      const { stylistId, sessionId, tokenExpiresAt } = requireStylist(request);
      const stream = openEventStream(request, reply, {
        retryMs: STREAM_RETRY_MS,
        heartbeatMs: STREAM_HEARTBEAT_MS,
        endsAt: tokenExpiresAt ?? null,
      });
      stream.onClose(hub.subscribe(stylistId, sessionId, stream));
    },
  );
};
