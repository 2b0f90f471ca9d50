import {
  ErrorBodySchema,
  I18nDocumentSchema,
  SnippetBodySchema,
  SnippetSchema,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { getSnippet, getTranslations } from './content.service.ts';

export const contentRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/i18n',
    {
      schema: {
        tags: ['content'],
        operationId: 'listTexts',
        summary: 'Every English text of the portal',
        response: { 200: I18nDocumentSchema },
      },
    },
    () => getTranslations(db),
  );

  app.post(
    '/api/snippets',
    {
      schema: {
        tags: ['content'],
        operationId: 'getSnippet',
        summary: 'One text, looked up as `{category}.{key}`',
        body: SnippetBodySchema,
        response: { 200: SnippetSchema, 404: ErrorBodySchema },
      },
    },
    (request) => getSnippet(db, request.body),
  );
};
