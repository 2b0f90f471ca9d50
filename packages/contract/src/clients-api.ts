import { ClientIdParamsSchema } from './params.ts';
import {
  ClientDocumentSchema,
  ClientListDocumentSchema,
  ClientListQuerySchema,
  CreateClientBodySchema,
  UpdateClientBodySchema,
} from './clients.ts';
import { endpoints } from './endpoint.ts';
import { ErrorBodySchema } from './errors.ts';
export const clientsApi = endpoints('clients', {
  listClients: {
    method: 'GET',
    path: '/api/stylist/clients',
    summary: "The stylist's clients by last name: one page of 30, or all without `page`",
    query: ClientListQuerySchema,
    responses: { 200: ClientListDocumentSchema },
  },
  createClient: {
    method: 'POST',
    path: '/api/stylist/clients',
    summary: 'Register a client and their shop account',
    body: CreateClientBodySchema,
    responses: { 201: ClientDocumentSchema, 409: ErrorBodySchema },
  },
  getClient: {
    method: 'GET',
    path: '/api/stylist/clients/:clientId',
    summary: 'One client with stats',
    params: ClientIdParamsSchema,
    responses: { 200: ClientDocumentSchema, 404: ErrorBodySchema },
  },
  updateClientNotes: {
    method: 'PUT',
    path: '/api/stylist/clients/:clientId',
    summary: "Save the stylist's notes on a client",
    params: ClientIdParamsSchema,
    body: UpdateClientBodySchema,
    responses: { 200: ClientDocumentSchema, 404: ErrorBodySchema },
  },
});
