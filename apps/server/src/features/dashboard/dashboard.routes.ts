import { DashboardSchema } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStylist } from '../../auth/auth.plugin.ts';
import type { Db } from '../../db/client.ts';
import { getDashboard } from './dashboard.service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/stylist/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        operationId: 'getDashboard',
        summary: 'Commission totals, quotes to review, stuff to ship, open tasks and client count',
        response: { 200: DashboardSchema },
      },
    },
    (request) => getDashboard(db, requireStylist(request)),
  );
};
