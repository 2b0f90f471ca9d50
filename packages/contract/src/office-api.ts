import { endpoints } from './endpoint.ts';
import { ErrorBodySchema } from './errors.ts';
import {
  ClaimBodySchema,
  ClaimDocumentSchema,
  OfficeMeDocumentSchema,
  OfficeQueueDocumentSchema,
  OfficeQueueQuerySchema,
  OfficeStageParamsSchema,
} from './office.ts';
import { QuoteIdParamsSchema } from './params.ts';

const refusals = { 401: ErrorBodySchema, 403: ErrorBodySchema };

/** The back office's workbench at /office: the company's staff only (403 for anyone else). */
export const officeApi = endpoints('office', {
  getOfficeMe: {
    method: 'GET',
    path: '/api/office/me',
    access: 'office',
    summary: 'Who works in the office, their rights, and what the queues can be filtered by',
    responses: { 200: OfficeMeDocumentSchema, ...refusals },
  },
  listQueue: {
    method: 'GET',
    path: '/api/office/queues/:stage',
    access: 'office',
    summary: "One page of a queue, oldest first, with every queue's count",
    description:
      'The filters (mine, stylist, designer, search by quote id, barcode or tracking number) apply to the page and to every count.',
    params: OfficeStageParamsSchema,
    query: OfficeQueueQuerySchema,
    responses: { 200: OfficeQueueDocumentSchema, 400: ErrorBodySchema, ...refusals },
  },
  claimItem: {
    method: 'POST',
    path: '/api/office/items/:quoteId/claim',
    access: 'office',
    summary: 'Assign an item to me (or, for operations, to another staff member)',
    description:
      'A claim held by someone else answers 409 and names them; a claim idle for OFFICE_CLAIM_IDLE_MINUTES is free again.',
    params: QuoteIdParamsSchema,
    body: ClaimBodySchema,
    responses: {
      200: ClaimDocumentSchema,
      400: ErrorBodySchema,
      ...refusals,
      404: ErrorBodySchema,
      409: ErrorBodySchema,
    },
  },
  releaseItem: {
    method: 'DELETE',
    path: '/api/office/items/:quoteId/claim',
    access: 'office',
    summary: 'Let go of an item (its holder, or operations)',
    params: QuoteIdParamsSchema,
    responses: {
      200: ClaimDocumentSchema,
      400: ErrorBodySchema,
      ...refusals,
      404: ErrorBodySchema,
      409: ErrorBodySchema,
    },
  },
});
