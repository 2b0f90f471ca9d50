import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { FILES_PATH, type FileStorage } from './storage.ts';

/** Stored files are addressed by random keys, so they are served without sign-in, like a CDN would. */
export const filesRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (
  app,
  { storage },
) => {
  app.get(
    `${FILES_PATH}/*`,
    { config: { access: 'public' }, schema: { hide: true, params: z.object({ '*': z.string() }) } },
    async (request, reply) => {
      const file = await storage.get(request.params['*']);
      if (!file) throw AppError.notFound('File');
      return reply
        .type(file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );
};
