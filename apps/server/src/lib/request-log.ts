import type { FastifyInstance } from 'fastify';

/**
 * One line per request, once it is answered: method, URL (link tokens redacted by the logger's
 * `req` serializer), status and time, under the request's id. Fastify's own pair of lines
 * (incoming, completed) is switched off in buildApp (`disableRequestLogging`).
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { req: request, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    );
    done();
  });
}
