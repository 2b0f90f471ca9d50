import { clientsApi } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStylist } from '../../auth/actor.ts';
import type { SiteUrls } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { route } from '../../lib/route.ts';
import { createClient, getClient, listClients, updateClient } from './clients.service.ts';

export const clientsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  sites: SiteUrls;
  storage: FileStorage;
}> = async (app, { db, sites, storage }) => {
  const deps = { sites, storage };
  route(app, clientsApi.listClients, (request) =>
    listClients(db, requireStylist(request), request.query, deps),
  );

  route(app, clientsApi.createClient, async (request, reply) =>
    reply.code(201).send(await createClient(db, requireStylist(request), request.body, deps)),
  );

  route(app, clientsApi.getClient, (request) =>
    getClient(db, requireStylist(request), request.params.clientId, deps),
  );

  route(app, clientsApi.updateClientNotes, (request) =>
    updateClient(
      db,
      requireStylist(request),
      { clientId: request.params.clientId, ...request.body },
      deps,
    ),
  );
};
