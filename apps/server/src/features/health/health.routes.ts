import { HealthSchema } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { driverCause, isDatabaseUnavailable } from '../../db/errors.ts';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../lib/error-handler.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<void> }> = async (
  app,
  { ping },
) => {
  app.get(
    '/health/live',
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        operationId: 'checkLive',
        summary: 'Whether this instance is up (for a process supervisor)',
        response: { 200: HealthSchema },
      },
    },
    () => ({ status: 'ok' as const }),
  );
  app.get(
    '/health/ready',
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        operationId: 'checkReady',
        summary: 'Whether this instance can serve: its database answers (for a load balancer)',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (request, reply) => {
      try {
        await ping();
        return { status: 'ok' as const };
      } catch (error) {
        // An outage is expected now and then (a warning); any other failure is a fault to fix.
        if (isDatabaseUnavailable(error)) {
          request.log.warn({ cause: driverCause(error) }, 'database out of reach');
        } else {
          request.log.error({ err: error }, 'database ping failed');
        }
        return reply
          .code(503)
          .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
          .send({ status: 'unavailable' as const });
      }
    },
  );
};
