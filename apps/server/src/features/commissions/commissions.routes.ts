import {
  CommissionDocumentSchema,
  CommissionExportQuerySchema,
  CommissionIdParamsSchema,
  CommissionListDocumentSchema,
  CommissionListQuerySchema,
  CommissionQuerySchema,
  ErrorBodySchema,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStylist } from '../../auth/auth.plugin.ts';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { getCommission, listCommissions } from './commissions.service.ts';
import { exportCommissions } from './export-commissions.service.ts';

export const commissionsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  publicUrl: string;
  storage: FileStorage;
}> = async (app, { db, publicUrl, storage }) => {
  app.get(
    '/api/stylist/commissions',
    {
      schema: {
        tags: ['commissions'],
        operationId: 'listCommissions',
        summary: "A page of the stylist's commissions in a date range, with totals and timeline",
        querystring: CommissionListQuerySchema,
        response: { 200: CommissionListDocumentSchema, 400: ErrorBodySchema },
      },
    },
    (request) => listCommissions(db, requireStylist(request), request.query, { publicUrl }),
  );

  app.get(
    '/api/stylist/commissions/export',
    {
      schema: {
        tags: ['commissions'],
        operationId: 'exportCommissions',
        summary: "Every commission of the range as CSV, with the list's totals below the rows",
        querystring: CommissionExportQuerySchema,
        response: { 200: z.string().describe('text/csv'), 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await exportCommissions(db, requireStylist(request), request.query);
      // Earnings and client names: no cache may keep them.
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/api/stylist/commissions/:commissionId',
    {
      schema: {
        tags: ['commissions'],
        operationId: 'getCommission',
        summary: "One of the stylist's commissions, with its product when include=product",
        params: CommissionIdParamsSchema,
        querystring: CommissionQuerySchema,
        response: { 200: CommissionDocumentSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    (request) =>
      getCommission(db, requireStylist(request), request.params.commissionId, {
        includeProduct: request.query.include === 'product',
        storage,
      }),
  );
};
