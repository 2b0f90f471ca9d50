import {
  ClientDocumentSchema,
  ClientIdParamsSchema,
  ClientListDocumentSchema,
  ClientListQuerySchema,
  CreateClientBodySchema,
  ErrorBodySchema,
  UpdateClientBodySchema,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStylist } from '../../auth/auth.plugin.ts';
import type { SiteUrls } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { createClient, getClient, listClients, updateClient } from './clients.service.ts';

export const clientsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  sites: SiteUrls;
  storage: FileStorage;
}> = async (app, { db, sites, storage }) => {
  const deps = { sites, storage };
  app.get(
    '/api/stylist/clients',
    {
      schema: {
        tags: ['clients'],
        operationId: 'listClients',
        summary: "The stylist's clients by last name: one page of 30, or all without `page`",
        querystring: ClientListQuerySchema,
        response: { 200: ClientListDocumentSchema },
      },
    },
    (request) => listClients(db, requireStylist(request), request.query, deps),
  );

  app.post(
    '/api/stylist/clients',
    {
      schema: {
        tags: ['clients'],
        operationId: 'createClient',
        summary: 'Register a client and their shop account',
        body: CreateClientBodySchema,
        response: { 201: ClientDocumentSchema, 409: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createClient(db, requireStylist(request), request.body, deps)),
  );

  app.get(
    '/api/stylist/clients/:clientId',
    {
      schema: {
        tags: ['clients'],
        operationId: 'getClient',
        summary: 'One client with stats',
        params: ClientIdParamsSchema,
        response: { 200: ClientDocumentSchema, 404: ErrorBodySchema },
      },
    },
    (request) => getClient(db, requireStylist(request), request.params.clientId, deps),
  );

  app.put(
    '/api/stylist/clients/:clientId',
    {
      schema: {
        tags: ['clients'],
        operationId: 'updateClientNotes',
        summary: "Save the stylist's notes on a client",
        params: ClientIdParamsSchema,
        body: UpdateClientBodySchema,
        response: { 200: ClientDocumentSchema, 404: ErrorBodySchema },
      },
    },
    (request) =>
      updateClient(
        db,
        requireStylist(request),
        { clientId: request.params.clientId, ...request.body },
        deps,
      ),
  );
};
