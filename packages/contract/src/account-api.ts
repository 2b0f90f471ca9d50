import { AccountDocumentSchema, AccountQuerySchema, TimeZoneBodySchema } from './account.ts';
import { PaymentOptionsBodySchema } from './commissions.ts';
import { endpoints } from './endpoint.ts';
import { ErrorBodySchema } from './errors.ts';

// Apart from account.ts, which the client pages import for its schemas: they do not call these.
export const accountApi = endpoints('account', {
  getAccount: {
    method: 'GET',
    path: '/api/account',
    summary: 'The signed-in account, with its stylist entry when asked',
    access: 'account',
    query: AccountQuerySchema,
    responses: { 200: AccountDocumentSchema },
  },
  updatePaymentOptions: {
    method: 'PATCH',
    path: '/api/account/payment-options',
    summary: "The stylist's payout preference: check, or PayPal with its address",
    body: PaymentOptionsBodySchema,
    responses: { 200: AccountDocumentSchema, 400: ErrorBodySchema },
  },
  updateTimeZone: {
    method: 'PATCH',
    path: '/api/account/time-zone',
    summary:
      "The stylist's time zone for emails and PDFs: an IANA name such as America/Los_Angeles",
    body: TimeZoneBodySchema,
    responses: { 200: AccountDocumentSchema, 400: ErrorBodySchema },
  },
});
