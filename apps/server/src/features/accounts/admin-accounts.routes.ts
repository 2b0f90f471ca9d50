import { CreateStylistBodySchema, CreatedStylistSchema, ErrorBodySchema } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROLES, type Auth } from '../../auth/auth.ts';
import type { Db } from '../../db/client.ts';
import { createAccount } from './create-account.ts';

/** The back office opens stylists' accounts, as `npm run admin -- create-stylist` does. */
export const adminAccountsRoutes: FastifyPluginAsyncZod<{ db: Db; auth: Auth }> = async (
  app,
  { db, auth },
) => {
  app.post(
    '/api/admin/stylists',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['back office'],
        summary: "Open a stylist's account",
        description:
          'The password must have 12+ characters and not be a common one; the stylist can change it from the sign-in page ("Forgot password?").',
        body: CreateStylistBodySchema,
        response: { 201: CreatedStylistSchema, 400: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { userId, stylistId } = await createAccount(db, auth, {
        ...request.body,
        role: ROLES.stylist,
      });
      if (stylistId === null) throw new Error('a stylist account was created without its stylist');
      return reply.code(201).send({
        userId,
        stylistId,
        email: request.body.email.toLowerCase(),
      });
    },
  );
};
