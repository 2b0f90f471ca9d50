import {
  ErrorBodySchema,
  TutorialBodySchema,
  TutorialDocumentSchema,
  TutorialIdParamsSchema,
  TutorialListDocumentSchema,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStylist } from '../../auth/auth.plugin.ts';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { createTutorial, listTutorials, updateTutorial } from './tutorials.service.ts';

/** The tutorials of the "Stylist Account" help and the dashboard card; the back office edits them. */
export const tutorialsRoutes: FastifyPluginAsyncZod<{ db: Db; storage: FileStorage }> = async (
  app,
  { db, storage },
) => {
  app.get(
    '/api/stylist/tutorials',
    {
      schema: {
        tags: ['tutorials'],
        operationId: 'listTutorials',
        summary: 'Every tutorial by category, then order; meta says whether the stylist is new',
        response: { 200: TutorialListDocumentSchema },
      },
    },
    (request) => listTutorials(db, requireStylist(request), storage),
  );

  app.post(
    '/api/admin/tutorials',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['back office'],
        operationId: 'createTutorial',
        summary: 'Add a tutorial',
        body: TutorialBodySchema,
        response: { 201: TutorialDocumentSchema, 400: ErrorBodySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createTutorial(db, request.body)),
  );

  app.put(
    '/api/admin/tutorials/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['back office'],
        operationId: 'replaceTutorial',
        summary: 'Replace a tutorial',
        params: TutorialIdParamsSchema,
        body: TutorialBodySchema,
        response: { 200: TutorialDocumentSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    (request) => updateTutorial(db, request.params.id, request.body),
  );
};
