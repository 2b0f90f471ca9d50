import { accountApi } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor, requireStylist } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { route } from '../../lib/route.ts';
import { getAccount, updatePaymentOptions, updateTimeZone } from './account.service.ts';

export const accountRoutes: FastifyPluginAsyncZod<{ db: Db; storage: FileStorage }> = async (
  app,
  { db, storage },
) => {
  route(app, accountApi.getAccount, (request) =>
    getAccount(db, requireActor(request), request.query.include === 'stylist', storage),
  );

  route(app, accountApi.updatePaymentOptions, (request) =>
    updatePaymentOptions(db, requireStylist(request), request.body, storage),
  );

  route(app, accountApi.updateTimeZone, (request) =>
    updateTimeZone(db, requireStylist(request), request.body, storage),
  );
};
