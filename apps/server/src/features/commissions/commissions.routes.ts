import {
  CommissionDocumentSchema,
  CommissionIdParamsSchema,
  CommissionListDocumentSchema,
  CommissionListQuerySchema,
  CommissionQuerySchema,
  ErrorBodySchema,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStylist } from '../../auth/auth.plugin.ts';
import type { Db } from '../../db/client.ts';
import { getCommission, listCommissions } from './commissions.service.ts';

export const commissionsRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string }> = async (
  app,
  { db, publicUrl },
) => {
  app.get(
    '/api/stylist/commissions',
    {
      schema: {
        tags: ['commissions'],
        summary: "A page of the stylist's commissions in a date range, with totals and timeline",
        querystring: CommissionListQuerySchema,
        response: { 200: CommissionListDocumentSchema, 400: ErrorBodySchema },
      },
    },
    (request) => listCommissions(db, requireStylist(request), request.query, { publicUrl }),
  );

  app.get(
    '/api/stylist/commissions/:commissionId',
    {
      schema: {
        tags: ['commissions'],
        summary: "One of the stylist's commissions, with its product when include=product",
        params: CommissionIdParamsSchema,
        querystring: CommissionQuerySchema,
        response: { 200: CommissionDocumentSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    (request) =>
      getCommission(db, requireStylist(request), request.params.commissionId, {
        includeProduct: request.query.include === 'product',
      }),
  );
};
