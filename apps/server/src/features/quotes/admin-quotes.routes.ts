import {
  AdminQuoteActionSchema,
  ErrorBodySchema,
  QuoteDocumentSchema,
  QuoteIdParamsSchema,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActor } from '../../auth/auth.plugin.ts';
import type { SiteUrls } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { applyQuoteAction, getQuote } from './admin-quotes.service.ts';

/** The back office's quote calls: admin staff only, on any stylist's quote. */
export const adminQuotesRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: FileStorage;
  sites: SiteUrls;
  /** OFFER_EXPIRY_DAYS */
  offerExpiryDays: number;
}> = async (app, { db, storage, sites, offerExpiryDays }) => {
  const links = { storage, sites, offerExpiryDays };

  app.get(
    '/api/admin/quotes/:quoteId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['back office'],
        operationId: 'getQuote',
        summary: 'Any quote, with its offers and history',
        params: QuoteIdParamsSchema,
        response: { 200: QuoteDocumentSchema, 404: ErrorBodySchema },
      },
    },
    (request) => getQuote(db, request.params.quoteId, links),
  );

  app.post(
    '/api/admin/quotes/:quoteId/actions',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['back office'],
        operationId: 'moveQuote',
        summary: 'Move a quote one step through its life cycle',
        params: QuoteIdParamsSchema,
        body: AdminQuoteActionSchema,
        response: { 200: QuoteDocumentSchema, 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    (request) =>
      applyQuoteAction(
        db,
        adminActor(request),
        { quoteId: request.params.quoteId, action: request.body },
        links,
      ),
  );
};
