import { adminClientLinksApi } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/route.ts';
import { createClientLink, revokeLinksOfClient } from './admin-client-links.service.ts';

/** The back office's hold on any client's links: admin staff only, as the CLI's commands. */
export const adminClientLinksRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string }> = async (
  app,
  { db, publicUrl },
) => {
  route(app, adminClientLinksApi.revokeClientLinks, (request) =>
    revokeLinksOfClient(db, request.params.clientId),
  );

  route(app, adminClientLinksApi.createClientLink, async (request, reply) =>
    reply.code(201).send(
      await createClientLink(db, publicUrl, {
        clientId: request.params.clientId,
        page: request.body.page,
      }),
    ),
  );
};
