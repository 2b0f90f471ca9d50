import {
  AccountDocumentSchema,
  AccountQuerySchema,
  ErrorBodySchema,
  PaymentOptionsBodySchema,
  TimeZoneBodySchema,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor, requireStylist } from '../../auth/auth.plugin.ts';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { getAccount, updatePaymentOptions, updateTimeZone } from './account.service.ts';

export const accountRoutes: FastifyPluginAsyncZod<{ db: Db; storage: FileStorage }> = async (
  app,
  { db, storage },
) => {
  app.get(
    '/api/account',
    {
      config: { access: 'account' },
      schema: {
        tags: ['account'],
        operationId: 'getAccount',
        summary: 'The signed-in account, with its stylist entry when asked',
        querystring: AccountQuerySchema,
        response: { 200: AccountDocumentSchema },
      },
    },
    (request) =>
      getAccount(db, requireActor(request), request.query.include === 'stylist', storage),
  );

  app.patch(
    '/api/account/payment-options',
    {
      config: { access: 'stylist' },
      schema: {
        tags: ['account'],
        operationId: 'updatePaymentOptions',
        summary: "The stylist's payout preference: check, or PayPal with its address",
        body: PaymentOptionsBodySchema,
        response: { 200: AccountDocumentSchema, 400: ErrorBodySchema },
      },
    },
    (request) => updatePaymentOptions(db, requireStylist(request), request.body, storage),
  );

  app.patch(
    '/api/account/time-zone',
    {
      config: { access: 'stylist' },
      schema: {
        tags: ['account'],
        operationId: 'updateTimeZone',
        summary:
          "The stylist's time zone for emails and PDFs: an IANA name such as America/Los_Angeles",
        body: TimeZoneBodySchema,
        response: { 200: AccountDocumentSchema, 400: ErrorBodySchema },
      },
    },
    (request) => updateTimeZone(db, requireStylist(request), request.body, storage),
  );
};
