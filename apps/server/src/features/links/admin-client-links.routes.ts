import {
  ClientIdParamsSchema,
  ClientLinkAnswerSchema,
  CreateClientLinkBodySchema,
  ErrorBodySchema,
  RevokedLinksAnswerSchema,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { createClientLink, revokeLinksOfClient } from './admin-client-links.service.ts';

/** The back office's hold on any client's links: admin staff only, as the CLI's commands. */
export const adminClientLinksRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string }> = async (
  app,
  { db, publicUrl },
) => {
  app.post(
    '/api/admin/clients/:clientId/links/revoke',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['back office'],
        operationId: 'revokeClientLinks',
        summary: 'End every live link of a client (client pages, manifests) at once',
        params: ClientIdParamsSchema,
        response: { 200: RevokedLinksAnswerSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    (request) => revokeLinksOfClient(db, request.params.clientId),
  );

  app.post(
    '/api/admin/clients/:clientId/links',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['back office'],
        operationId: 'createClientLink',
        summary: "A new link to one of a client's pages (Curated For by default)",
        params: ClientIdParamsSchema,
        body: CreateClientLinkBodySchema,
        response: { 201: ClientLinkAnswerSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await createClientLink(db, publicUrl, {
          clientId: request.params.clientId,
          page: request.body.page,
        }),
      ),
  );
};
