import { adminQuotesApi } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActor } from '../../auth/actor.ts';
import type { SiteUrls } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { route } from '../../lib/route.ts';
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

  route(app, adminQuotesApi.getQuote, (request) => getQuote(db, request.params.quoteId, links));

  route(app, adminQuotesApi.moveQuote, (request) =>
    applyQuoteAction(
      db,
      adminActor(request),
      { quoteId: request.params.quoteId, action: request.body },
      links,
    ),
  );
};
