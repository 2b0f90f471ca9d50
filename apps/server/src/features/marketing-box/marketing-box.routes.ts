import {
  AdminMarketingBoxDocumentSchema,
  ErrorBodySchema,
  MarketingBoxBodySchema,
  MarketingBoxDocumentSchema,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import {
  getEnabledMarketingBox,
  getMarketingBox,
  putMarketingBox,
} from './marketing-box.service.ts';

/** The dashboard's marketing box (§2, §3), set by the back office. */
export const marketingBoxRoutes: FastifyPluginAsyncZod<{ db: Db; storage: FileStorage }> = async (
  app,
  { db, storage },
) => {
  app.get(
    '/api/stylist/marketing-box',
    {
      schema: {
        tags: ['content'],
        operationId: 'getMarketingBox',
        summary: 'The marketing box when it is enabled, else null',
        response: { 200: MarketingBoxDocumentSchema },
      },
    },
    () => getEnabledMarketingBox(db, storage),
  );

  app.get(
    '/api/admin/marketing-box',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['back office'],
        operationId: 'getStoredMarketingBox',
        summary: 'The marketing box as stored, enabled or not; null before one was ever set',
        response: { 200: MarketingBoxDocumentSchema },
      },
    },
    async () => ({ data: await getMarketingBox(db) }),
  );

  app.put(
    '/api/admin/marketing-box',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['back office'],
        operationId: 'setMarketingBox',
        summary: 'Set the marketing box: enabled or not, title, link and image',
        body: MarketingBoxBodySchema,
        response: { 200: AdminMarketingBoxDocumentSchema, 400: ErrorBodySchema },
      },
    },
    (request) => putMarketingBox(db, request.body),
  );
};
