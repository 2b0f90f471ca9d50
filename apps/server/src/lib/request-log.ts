import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One line per request, once it is answered: method, URL (link tokens redacted by the logger's
 * `req` serializer), status and time, under the request's id. Fastify's own pair (an incoming
 * line, then a completed one without the URL) cost two synchronous writes per request.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
