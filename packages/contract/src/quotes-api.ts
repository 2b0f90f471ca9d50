import { QuoteIdParamsSchema } from './params.ts';
import { z } from 'zod';
import { AnswerMoreInfoBodySchema } from './more-info.ts';
import { ClientIdParamsSchema } from './params.ts';
import { DesignerDirectoryDocumentSchema } from './designers.ts';
import { endpoints } from './endpoint.ts';
import { ErrorBodySchema } from './errors.ts';
import { PROFILE_IMAGE_TYPES } from './profile-image.ts';
import {
  AdminQuoteActionSchema,
  CreateQuoteBodySchema,
  QUOTE_IMAGE_MAX_BYTES,
  QuoteDocumentSchema,
  QuoteListDataSchema,
  QuoteListDocumentSchema,
  RecordResponsesBodySchema,
  UploadedImageSchema,
} from './quotes.ts';
export const quotesApi = endpoints('quotes', {
  getDesignerDirectory: {
    method: 'GET',
    path: '/api/v2/designer-directory',
    summary: 'Every designer with its categories, for the new item form',
    responses: { 200: DesignerDirectoryDocumentSchema },
  },
  uploadQuoteImage: {
    method: 'POST',
    path: '/api/stylist/white-glove-quotes/images',
    summary: 'Upload a photo for a new quote (multipart: image)',
    consumes: ['multipart/form-data'],
    multipartBody: z.object({
      // The document's own words for a file, not z.file(), which would add zod's file schema to
      // every page that bundles these endpoints.
      image: z.string().meta({
        format: 'binary',
        description: `The photo (${PROFILE_IMAGE_TYPES.join(', ')}), at most ${QUOTE_IMAGE_MAX_BYTES / 1024 / 1024} MB`,
      }),
    }),
    responses: { 201: UploadedImageSchema },
  },
  createQuote: {
    method: 'POST',
    path: '/api/stylist/white-glove-quotes',
    summary: "Submit one of a client's items for a quote, with its uploaded photos",
    body: CreateQuoteBodySchema,
    responses: { 201: QuoteDocumentSchema, 404: ErrorBodySchema, 409: ErrorBodySchema },
  },
  listClientQuotes: {
    method: 'GET',
    path: '/api/stylist/clients/:clientId/quotes',
    summary: "A client's quotes, newest first",
    params: ClientIdParamsSchema,
    responses: { 200: QuoteListDocumentSchema, 404: ErrorBodySchema },
  },
  recordClientAnswers: {
    method: 'PATCH',
    path: '/api/stylist/clients/:clientId/quotes',
    summary: "Record the client's answers to offers, all or nothing",
    params: ClientIdParamsSchema,
    body: RecordResponsesBodySchema,
    responses: { 200: QuoteListDataSchema, 404: ErrorBodySchema, 409: ErrorBodySchema },
  },
  answerMoreInfo: {
    method: 'POST',
    path: '/api/stylist/quotes/:quoteId/answer',
    summary: "Answer the back office's request for more information with photos and a note",
    description:
      'Only from "Needs More Information" (else 409). The photos are uploads of the stylist on no quote yet (the new item form\'s upload call). In one transaction the photos join the quote, the note is recorded and the quote goes back to the authenticators, at the top of "To authenticate" marked "Answered".',
    params: QuoteIdParamsSchema,
    body: AnswerMoreInfoBodySchema,
    responses: {
      200: QuoteDocumentSchema,
      400: ErrorBodySchema,
      404: ErrorBodySchema,
      409: ErrorBodySchema,
    },
  },
});

/** The back office's quote calls: admin staff only, on any stylist's quote. */
export const adminQuotesApi = endpoints('back office', {
  getQuote: {
    method: 'GET',
    path: '/api/admin/quotes/:quoteId',
    access: 'admin',
    summary: 'Any quote, with its offers and history',
    params: QuoteIdParamsSchema,
    responses: { 200: QuoteDocumentSchema, 404: ErrorBodySchema },
  },
  moveQuote: {
    method: 'POST',
    path: '/api/admin/quotes/:quoteId/actions',
    access: 'admin',
    summary: 'Move a quote one step through its life cycle',
    params: QuoteIdParamsSchema,
    body: AdminQuoteActionSchema,
    responses: { 200: QuoteDocumentSchema, 404: ErrorBodySchema, 409: ErrorBodySchema },
  },
});
