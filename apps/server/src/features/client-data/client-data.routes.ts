import { clientDataApi } from '@atelier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import type { ObjectStore } from '../../integrations/storage/storage.ts';
import { route } from '../../lib/route.ts';
import { eraseClient } from './erase-client.service.ts';
import { exportClient } from './export-client.service.ts';
import { listAudit } from './list-audit.service.ts';

function actorOf(request: FastifyRequest) {
  return { userId: adminActor(request).userId, ipAddress: request.ip };
}

/** Operations' hold on a client's data and the audit trail (docs/decisions/0030). */
export const clientDataRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: Pick<ObjectStore, 'get' | 'delete'>;
}> = async (app, { db, storage }) => {
  route(app, clientDataApi.exportClient, async (request, reply) => {
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
  });

  route(app, clientDataApi.eraseClient, async (request) => {
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
  });

  route(app, clientDataApi.listAudit, (request) => listAudit(db, request.query));
};
