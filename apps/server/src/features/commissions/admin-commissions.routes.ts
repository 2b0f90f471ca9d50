import {
  CommissionDocumentSchema,
  ErrorBodySchema,
  MarkPaidAnswerSchema,
  MarkPaidBodySchema,
  QuoteIdParamsSchema,
  RecordSaleBodySchema,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActor } from '../../auth/auth.plugin.ts';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { markCommissionsPaid } from './mark-paid.service.ts';
import { recordSale } from './record-sale.service.ts';

/** The back office's sales and payouts: admin staff only. */
export const adminCommissionsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: FileStorage;
}> = async (app, { db, storage }) => {
  app.post(
    '/api/admin/quotes/:quoteId/sale',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['back office'],
        operationId: 'recordSale',
        summary: "Record a converted quote's sale or buyout, creating the stylist's commission",
        params: QuoteIdParamsSchema,
        body: RecordSaleBodySchema,
        response: {
          201: CommissionDocumentSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) =>
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

  app.post(
    '/api/admin/commissions/mark-paid',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['back office'],
        operationId: 'markCommissionsPaid',
        summary: 'Pay out commissions: unpaid ones are paid, paid ones are listed and left alone',
        body: MarkPaidBodySchema,
        response: { 200: MarkPaidAnswerSchema, 404: ErrorBodySchema },
      },
    },
    (request) => markCommissionsPaid(db, request.body.commissionIds),
  );
};
