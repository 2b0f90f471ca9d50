import { z } from 'zod';
import { ClientIdParamsSchema } from './params.ts';
import { endpoints } from './endpoint.ts';
import { ErrorBodySchema } from './errors.ts';
import {
  ClientLoginParamsSchema,
  ClientLoginQuerySchema,
  ClientLoginTicketSchema,
  CreateClientLoginBodySchema,
} from './shop-login.ts';
/** The shop single sign-on of a client (§7 last row; docs/decisions/0011). */
export const clientLoginApi = endpoints('clients', {
  createClientLoginTicket: {
    method: 'POST',
    path: '/api/stylist/clients/:clientId/client-login',
    summary:
      "A single-use address (one minute) that signs a new tab in to the client's shop account",
    params: ClientIdParamsSchema,
    body: CreateClientLoginBodySchema,
    responses: { 201: ClientLoginTicketSchema, 404: ErrorBodySchema, 409: ErrorBodySchema },
  },
  redeemClientLoginTicket: {
    method: 'GET',
    path: '/api/stylist/:userId/client-login',
    // A top-level navigation carries no bearer token: the ticket is the credential.
    access: 'public',
    summary:
      'Uses a ticket: sets the shared single-sign-on cookie and redirects to the shop account site with check-sso=true (or signs in through Shopify Multipass)',
    params: ClientLoginParamsSchema,
    query: ClientLoginQuerySchema,
    responses: {
      302: z.null().describe('To the shop account site'),
      400: ErrorBodySchema,
      404: ErrorBodySchema,
      409: ErrorBodySchema,
    },
  },
});
