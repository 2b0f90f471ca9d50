import { HealthSchema } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<void> }> = async (
  app,
  { ping },
) => {
  app.get(
    '/health/live',
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: { tags: ['health'], response: { 200: HealthSchema } },
    },
    () => ({ status: 'ok' as const }),
  );
  app.get(
    '/health/ready',
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: { tags: ['health'], response: { 200: HealthSchema, 503: HealthSchema } },
    },
    async (request, reply) => {
      try {
        await ping();
        return { status: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'database ping failed');
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );
};
