import {
  AuditListDocumentSchema,
  AuditQuerySchema,
  ClientIdParamsSchema,
  EraseClientAnswerSchema,
  ErrorBodySchema,
} from '@atelier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminActor } from '../../auth/auth.plugin.ts';
import type { Db } from '../../db/client.ts';
import type { ObjectStore } from '../../integrations/storage/storage.ts';
import { eraseClient } from './erase-client.service.ts';
import { exportClient } from './export-client.service.ts';
import { listAudit } from './list-audit.service.ts';

const forbiddenOrUnknown = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};

function actorOf(request: FastifyRequest) {
  return { userId: adminActor(request).userId, ipAddress: request.ip };
}

/** Operations' hold on a client's data and the audit trail (docs/decisions/0030). */
export const clientDataRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: Pick<ObjectStore, 'get' | 'delete'>;
}> = async (app, { db, storage }) => {
  app.get(
    '/api/admin/clients/:clientId/export',
    {
      config: { access: 'operations' },
      schema: {
        tags: ['back office'],
        operationId: 'exportClient',
        summary: 'Everything Atelier holds about a client: client.json and their files, as a zip',
        params: ClientIdParamsSchema,
        response: { 200: z.any().describe('application/zip'), ...forbiddenOrUnknown },
      },
    },
    async (request, reply) => {
      const { filename, zip } = await exportClient(
        db,
        actorOf(request),
        { clientId: request.params.clientId },
        { storage },
      );
      // A person's whole record: no cache may keep it.
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(zip);
    },
  );

  app.post(
    '/api/admin/clients/:clientId/erase',
    {
      config: { access: 'operations' },
      schema: {
        tags: ['back office'],
        operationId: 'eraseClient',
        summary:
          "Erases a client's personal data and files, keeping the money records under a stand-in name; again finishes a failed file deletion",
        params: ClientIdParamsSchema,
        response: { 200: EraseClientAnswerSchema, ...forbiddenOrUnknown },
      },
    },
    async (request) => {
      const answer = await eraseClient(
        db,
        actorOf(request),
        { clientId: request.params.clientId },
        { storage },
      );
      if (answer.filesPending > 0) {
        request.log.warn(
          { clientId: answer.clientId, filesPending: answer.filesPending },
          'client erased; some files could not be deleted yet (the retention sweep retries)',
        );
      }
      return answer;
    },
  );

  app.get(
    '/api/admin/audit',
    {
      config: { access: 'operations' },
      schema: {
        tags: ['back office'],
        operationId: 'listAudit',
        summary: 'The audit trail, oldest first, a page at a time',
        querystring: AuditQuerySchema,
        response: {
          200: AuditListDocumentSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    (request) => listAudit(db, request.query),
  );
};
