import { adminCommissionsApi } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { route } from '../../lib/route.ts';
import { markCommissionsPaid } from './mark-paid.service.ts';
import { recordSale } from './record-sale.service.ts';

/** The back office's sales and payouts: admin staff only. */
export const adminCommissionsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: FileStorage;
}> = async (app, { db, storage }) => {
  route(app, adminCommissionsApi.recordSale, async (request, reply) =>
    reply
      .code(201)
      .send(
        await recordSale(
          db,
          adminActor(request),
          { quoteId: request.params.quoteId, sale: request.body },
          { storage },
        ),
      ),
  );

  route(app, adminCommissionsApi.markCommissionsPaid, (request) =>
    markCommissionsPaid(db, request.body.commissionIds),
  );
};
