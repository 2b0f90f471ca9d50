import { dashboardApi } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStylist } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/route.ts';
import { getDashboard } from './dashboard.service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, dashboardApi.getDashboard, (request) => getDashboard(db, requireStylist(request)));
};
