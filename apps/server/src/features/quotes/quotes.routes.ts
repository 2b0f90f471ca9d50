import {
  ClientIdParamsSchema,
  CreateQuoteBodySchema,
  DesignerDirectoryDocumentSchema,
  ErrorBodySchema,
  PROFILE_IMAGE_TYPES,
  QUOTE_IMAGE_MAX_BYTES,
  QuoteDocumentSchema,
  QuoteListDataSchema,
  QuoteListDocumentSchema,
  RecordResponsesBodySchema,
  UploadedImageSchema,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStylist } from '../../auth/auth.plugin.ts';
import type { SiteUrls } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import type { Uploads } from '../../lib/multipart.ts';
import { getDesignerDirectory } from './designer-directory.service.ts';
import { uploadQuoteImage } from './quote-images.service.ts';
import { createQuote, listClientQuotes, recordResponses } from './quotes.service.ts';

export const quotesRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: FileStorage;
  sites: SiteUrls;
  uploads: Uploads;
}> = async (app, { db, storage, sites, uploads }) => {
  const links = { storage, sites };

  app.get(
    '/api/v2/designer-directory',
    {
      schema: {
        tags: ['quotes'],
        operationId: 'getDesignerDirectory',
        summary: 'Every designer with its categories, for the new item form',
        response: { 200: DesignerDirectoryDocumentSchema },
      },
    },
    () => getDesignerDirectory(db),
  );

  app.post(
    '/api/stylist/white-glove-quotes/images',
    {
      schema: {
        tags: ['quotes'],
        operationId: 'uploadQuoteImage',
        summary: 'Upload a photo for a new quote (multipart: image)',
        consumes: ['multipart/form-data'],
        multipartBody: z.object({
          image: z
            .file()
            .describe(
              `The photo (${PROFILE_IMAGE_TYPES.join(', ')}), at most ${QUOTE_IMAGE_MAX_BYTES / 1024 / 1024} MB`,
            ),
        }),
        response: { 201: UploadedImageSchema },
      },
    },
    async (request, reply) => {
      const actor = requireStylist(request);
      const uploaded = await uploads.withForm(
        request,
        { fields: [], files: ['image'], maxFileBytes: QUOTE_IMAGE_MAX_BYTES },
        (form) => uploadQuoteImage(db, actor, { image: form.files.image }, storage),
      );
      return reply.code(201).send(uploaded);
    },
  );

  app.post(
    '/api/stylist/white-glove-quotes',
    {
      schema: {
        tags: ['quotes'],
        operationId: 'createQuote',
        summary: "Submit one of a client's items for a quote, with its uploaded photos",
        body: CreateQuoteBodySchema,
        response: { 201: QuoteDocumentSchema, 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createQuote(db, requireStylist(request), request.body, links)),
  );

  app.get(
    '/api/stylist/clients/:clientId/quotes',
    {
      schema: {
        tags: ['quotes'],
        operationId: 'listClientQuotes',
        summary: "A client's quotes, newest first",
        params: ClientIdParamsSchema,
        response: { 200: QuoteListDocumentSchema, 404: ErrorBodySchema },
      },
    },
    (request) => listClientQuotes(db, requireStylist(request), request.params.clientId, links),
  );

  app.patch(
    '/api/stylist/clients/:clientId/quotes',
    {
      schema: {
        tags: ['quotes'],
        operationId: 'recordClientAnswers',
        summary: "Record the client's answers to offers, all or nothing",
        params: ClientIdParamsSchema,
        body: RecordResponsesBodySchema,
        response: { 200: QuoteListDataSchema, 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    (request) =>
      recordResponses(
        db,
        requireStylist(request),
        { clientId: request.params.clientId, answers: request.body.data },
        links,
      ),
  );
};
