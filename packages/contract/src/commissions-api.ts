import { z } from 'zod';
import {
  CommissionDocumentSchema,
  CommissionExportQuerySchema,
  CommissionIdParamsSchema,
  CommissionListDocumentSchema,
  CommissionListQuerySchema,
  CommissionQuerySchema,
  MarkPaidAnswerSchema,
  MarkPaidBodySchema,
  RecordSaleBodySchema,
} from './commissions.ts';
import { endpoints } from './endpoint.ts';
import { ErrorBodySchema } from './errors.ts';
import { QuoteIdParamsSchema } from './params.ts';
export const commissionsApi = endpoints('commissions', {
  listCommissions: {
    method: 'GET',
    path: '/api/stylist/commissions',
    summary: "A page of the stylist's commissions in a date range, with totals and timeline",
    query: CommissionListQuerySchema,
    responses: { 200: CommissionListDocumentSchema, 400: ErrorBodySchema },
  },
  exportCommissions: {
    method: 'GET',
    path: '/api/stylist/commissions/export',
    summary: "Every commission of the range as CSV, with the list's totals below the rows",
    query: CommissionExportQuerySchema,
    responses: { 200: z.string().describe('text/csv'), 400: ErrorBodySchema },
  },
  getCommission: {
    method: 'GET',
    path: '/api/stylist/commissions/:commissionId',
    summary: "One of the stylist's commissions, with its product when include=product",
    params: CommissionIdParamsSchema,
    query: CommissionQuerySchema,
    responses: { 200: CommissionDocumentSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
  },
});

/** The back office's sales and payouts: admin staff only. */
export const adminCommissionsApi = endpoints('back office', {
  recordSale: {
    method: 'POST',
    path: '/api/admin/quotes/:quoteId/sale',
    access: 'admin',
    summary: "Record a converted quote's sale or buyout, creating the stylist's commission",
    params: QuoteIdParamsSchema,
    body: RecordSaleBodySchema,
    responses: {
      201: CommissionDocumentSchema,
      400: ErrorBodySchema,
      404: ErrorBodySchema,
      409: ErrorBodySchema,
    },
  },
  markCommissionsPaid: {
    method: 'POST',
    path: '/api/admin/commissions/mark-paid',
    access: 'admin',
    summary: 'Pay out commissions: unpaid ones are paid, paid ones are listed and left alone',
    body: MarkPaidBodySchema,
    responses: { 200: MarkPaidAnswerSchema, 404: ErrorBodySchema },
  },
});
