import { notificationsApi } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStylist } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/route.ts';
import { openEventStream, STREAM_TIMING } from './event-stream.ts';
import type { NotificationHub } from './notification-hub.ts';
import { listNotifications, markNotificationsRead } from './notifications.service.ts';

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

  // EventSource cannot send headers: the stream alone takes the API token in its query.
  route(
    app,
    notificationsApi.streamNotifications,
    (request, reply) => {
      const { stylistId, sessionId, tokenExpiresAt } = requireStylist(request);
      const stream = openEventStream(request, reply, {
        ...STREAM_TIMING,
        endsAt: tokenExpiresAt ?? null,
      });
      stream.onClose(hub.subscribe(stylistId, sessionId, stream));
    },
    { config: { acceptsQueryToken: true } },
  );
};
