import { ErrorCode, FILES_PATH } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { FileStorage } from './storage.ts';

const LinkQuerySchema = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(100).optional(),
});

/**
 * Stored files, only through the signed links the server mints (docs/decisions/0013): a link
 * that was altered, or has run out, reads nothing. The answer may be kept only by this browser,
 * and only while the link lasts.
 */
export const filesRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (
  app,
  { storage },
) => {
  app.get(
    `${FILES_PATH}/*`,
    {
      config: { access: 'public' },
      schema: { hide: true, params: z.object({ '*': z.string() }), querystring: LinkQuerySchema },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const verdict = storage.links.check(key, request.query);
      if (verdict === 'invalid')
        throw new AppError(ErrorCode.forbidden, 'This file link is not valid.', 403);
      if (verdict === 'expired')
        throw new AppError(
          ErrorCode.forbidden,
          'This file link has expired. Reload the page for a fresh one.',
          403,
        );
      const file = await storage.get(key);
      if (!file) throw AppError.notFound('File');
      const secondsLeft = Math.max(
        0,
        Number(request.query.expires) - Math.floor(Date.now() / 1000),
      );
      return reply
        .type(file.contentType)
        .header('cache-control', `private, max-age=${secondsLeft}`)
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );
};
