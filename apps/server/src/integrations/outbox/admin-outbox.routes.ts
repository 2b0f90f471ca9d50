import {
  ErrorBodySchema,
  OutboxListDocumentSchema,
  OutboxListQuerySchema,
  OutboxMessageDocumentSchema,
  OutboxMessageIdParamsSchema,
  RequeueFailedAnswerSchema,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { listOutbox, requeueFailed, requeueMessage } from './admin-outbox.service.ts';

/** The back office's view of the mail outbox: admin staff only (docs/decisions/0006). */
export const adminOutboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/admin/outbox',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['back office'],
        operationId: 'listOutbox',
        summary: 'Mail not delivered yet: pending messages and failed ones, failed first',
        querystring: OutboxListQuerySchema,
        response: { 200: OutboxListDocumentSchema, 400: ErrorBodySchema },
      },
    },
    (request) => listOutbox(db, request.query),
  );

  app.post(
    '/api/admin/outbox/:id/retry',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['back office'],
        operationId: 'retryOutboxMessage',
        summary: 'Queue a failed message again, due now; a pending or delivered one is refused',
        params: OutboxMessageIdParamsSchema,
        response: {
          200: OutboxMessageDocumentSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    (request) => requeueMessage(db, request.params.id),
  );

  app.post(
    '/api/admin/outbox/retry-failed',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['back office'],
        operationId: 'retryFailedOutboxMessages',
        summary: 'Queue every failed message again, due now',
        response: { 200: RequeueFailedAnswerSchema },
      },
    },
    () => requeueFailed(db),
  );
};
