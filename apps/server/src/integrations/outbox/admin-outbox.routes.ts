import { adminOutboxApi } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/route.ts';
import { listOutbox, requeueFailed, requeueMessage } from './admin-outbox.service.ts';

/** The back office's view of the mail outbox: admin staff only (docs/decisions/0006). */
export const adminOutboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, adminOutboxApi.listOutbox, (request) => listOutbox(db, request.query));

  route(app, adminOutboxApi.retryOutboxMessage, (request) => requeueMessage(db, request.params.id));

  route(app, adminOutboxApi.retryFailedOutboxMessages, () => requeueFailed(db));
};
