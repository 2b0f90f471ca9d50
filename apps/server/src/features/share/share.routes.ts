import { shareApi } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStylist } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/route.ts';
import { shareWithClient } from './share.service.ts';

export const shareRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string }> = async (
  app,
  { db, publicUrl },
) => {
  route(app, shareApi.shareQuotes, (request) =>
    shareWithClient(db, requireStylist(request), request.body, { publicUrl }),
  );
};
