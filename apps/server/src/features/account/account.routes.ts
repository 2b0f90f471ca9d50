import { AccountDocumentSchema, AccountQuerySchema } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/auth.plugin.ts';
import type { Db } from '../../db/client.ts';
import { getAccount } from './account.service.ts';

export const accountRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/account',
    {
      config: { access: 'account' },
      schema: {
        tags: ['account'],
        summary: 'The signed-in account, with its stylist entry when asked',
        querystring: AccountQuerySchema,
        response: { 200: AccountDocumentSchema },
      },
    },
    (request) => getAccount(db, requireActor(request), request.query.include === 'stylist'),
  );
};
