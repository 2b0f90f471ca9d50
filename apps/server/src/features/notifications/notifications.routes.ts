import { NotificationListDocumentSchema } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStylist } from '../../auth/auth.plugin.ts';
import type { Db } from '../../db/client.ts';
import { listNotifications } from './notifications.service.ts';

export const notificationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/stylist/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "The stylist's newest notifications and the unread count",
        response: { 200: NotificationListDocumentSchema },
      },
    },
    async (request, reply) => {
      const document = await listNotifications(db, requireStylist(request));
      return reply.header('cache-control', 'private, no-store').send(document);
    },
  );
};
