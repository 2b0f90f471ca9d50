import { adminTutorialsApi, tutorialsApi } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStylist } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { route } from '../../lib/route.ts';
import { createTutorial, listTutorials, updateTutorial } from './tutorials.service.ts';

/** The tutorials of the "Stylist Account" help and the dashboard card; the back office edits them. */
export const tutorialsRoutes: FastifyPluginAsyncZod<{ db: Db; storage: FileStorage }> = async (
  app,
  { db, storage },
) => {
  route(app, tutorialsApi.listTutorials, (request) =>
    listTutorials(db, requireStylist(request), storage),
  );

  route(app, adminTutorialsApi.createTutorial, async (request, reply) =>
    reply.code(201).send(await createTutorial(db, request.body)),
  );

  route(app, adminTutorialsApi.replaceTutorial, (request) =>
    updateTutorial(db, request.params.id, request.body),
  );
};
