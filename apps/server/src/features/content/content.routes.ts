import { contentApi } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/route.ts';
import { getSnippet, getTranslations } from './content.service.ts';

export const contentRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, contentApi.listTexts, () => getTranslations(db));

  route(app, contentApi.getSnippet, (request) => getSnippet(db, request.body));
};
