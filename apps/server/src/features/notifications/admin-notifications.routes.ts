import { adminNotificationsApi } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/route.ts';
import { notifyStylistByEmail } from './notifications.service.ts';

/** The back office tells a stylist something: admin staff only. */
export const adminNotificationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, adminNotificationsApi.createNotification, async (request, reply) =>
    reply.code(201).send(await notifyStylistByEmail(db, request.body)),
  );
};
