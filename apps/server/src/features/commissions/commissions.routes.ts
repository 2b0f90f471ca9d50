import { commissionsApi } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStylist } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { route } from '../../lib/route.ts';
import { getCommission, listCommissions } from './commissions.service.ts';
import { exportCommissions } from './export-commissions.service.ts';

export const commissionsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  publicUrl: string;
  storage: FileStorage;
}> = async (app, { db, publicUrl, storage }) => {
  route(app, commissionsApi.listCommissions, (request) =>
    listCommissions(db, requireStylist(request), request.query, { publicUrl }),
  );

  route(app, commissionsApi.exportCommissions, async (request, reply) => {
    const { filename, csv } = await exportCommissions(db, requireStylist(request), request.query);
    // Earnings and client names: no cache may keep them.
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  route(app, commissionsApi.getCommission, (request) =>
    getCommission(db, requireStylist(request), request.params.commissionId, {
      includeProduct: request.query.include === 'product',
      storage,
    }),
  );
};
