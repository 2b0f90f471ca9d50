import { ErrorBodySchema, ShareAnswerSchema, ShareBodySchema } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStylist } from '../../auth/auth.plugin.ts';
import type { Db } from '../../db/client.ts';
import { shareWithClient } from './share.service.ts';

export const shareRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string }> = async (
  app,
  { db, publicUrl },
) => {
  app.post(
    '/api/stylist/share',
    {
      schema: {
        tags: ['share'],
        operationId: 'shareQuotes',
        summary: 'Email the client a new link to their quotes',
        body: ShareBodySchema,
        response: { 200: ShareAnswerSchema, 404: ErrorBodySchema },
      },
    },
    (request) => shareWithClient(db, requireStylist(request), request.body, { publicUrl }),
  );
};
