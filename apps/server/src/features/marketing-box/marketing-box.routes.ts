import { adminMarketingBoxApi, marketingBoxApi } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { route } from '../../lib/route.ts';
import {
  getEnabledMarketingBox,
  getMarketingBox,
  putMarketingBox,
} from './marketing-box.service.ts';

/** The dashboard's marketing box (§2, §3), set by the back office. */
export const marketingBoxRoutes: FastifyPluginAsyncZod<{ db: Db; storage: FileStorage }> = async (
  app,
  { db, storage },
) => {
  route(app, marketingBoxApi.getMarketingBox, () => getEnabledMarketingBox(db, storage));

  route(app, adminMarketingBoxApi.getStoredMarketingBox, async () => ({
    data: await getMarketingBox(db),
  }));

  route(app, adminMarketingBoxApi.setMarketingBox, (request) => putMarketingBox(db, request.body));
};
