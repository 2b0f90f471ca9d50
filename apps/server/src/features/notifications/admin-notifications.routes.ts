import {
  CreateNotificationBodySchema,
  ErrorBodySchema,
  NotificationDocumentSchema,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { notifyStylistByEmail } from './notifications.service.ts';

/** The back office tells a stylist something: admin staff only. */
export const adminNotificationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/api/admin/notifications',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['back office'],
        operationId: 'createNotification',
        summary: "Notify a stylist; it reaches the stylist's open pages at once",
        body: CreateNotificationBodySchema,
        response: { 201: NotificationDocumentSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await notifyStylistByEmail(db, request.body)),
  );
};
