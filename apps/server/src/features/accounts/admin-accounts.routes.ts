import {
  BanUserBodySchema,
  CreateStylistBodySchema,
  CreatedAdminSchema,
  CreatedStylistSchema,
  ErrorBodySchema,
  SetUserRoleBodySchema,
  UnbanUserBodySchema,
  UserAccessAnswerSchema,
  type UserAccessAnswer,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { adminActor } from '../../auth/auth.plugin.ts';
import { ROLES, type Auth } from '../../auth/auth.ts';
import type { Db } from '../../db/client.ts';
import { banUser, setUserRole, unbanUser } from './admin-users.service.ts';
import { createAccount } from './create-account.ts';

const PASSWORD_RULE =
  'The password must have 12+ characters and not be a common one; the user can change it from the sign-in page ("Forgot password?").';

/** The back office opens accounts and bans or re-roles users, as `npm run admin -- …` does. */
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
        operationId: 'createStylist',
        summary: "Open a stylist's account",
        description: PASSWORD_RULE,
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

  app.post(
    '/api/admin/admins',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['back office'],
        operationId: 'createAdmin',
        summary: "Open an admin's account (back office API and CLI)",
        description: PASSWORD_RULE,
        body: CreateStylistBodySchema,
        response: { 201: CreatedAdminSchema, 400: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { userId } = await createAccount(db, auth, { ...request.body, role: ROLES.admin });
      return reply.code(201).send({ userId, email: request.body.email.toLowerCase() });
    },
  );

  /** One change to a user, found by email: their state after it, or 404 for an unknown email. */
  function userChangeRoute<Body extends z.ZodType>(
    path: string,
    operationId: string,
    summary: string,
    body: Body,
    change: (
      db: Db,
      by: { userId: string | null },
      input: z.output<Body>,
    ) => Promise<UserAccessAnswer>,
  ) {
    app.post(
      `/api/admin/users/${path}`,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['back office'],
          operationId,
          summary,
          body,
          response: { 200: UserAccessAnswerSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
        },
      },
      // The schema above parsed it; the type provider cannot see that through the generic.
      (request) => change(db, adminActor(request), request.body as z.output<Body>),
    );
  }

  userChangeRoute(
    'ban',
    'banUser',
    "Refuse a user's sign-ins and end their sessions at once, on every instance",
    BanUserBodySchema,
    banUser,
  );
  userChangeRoute(
    'unban',
    'unbanUser',
    'Let a banned user sign in again',
    UnbanUserBodySchema,
    unbanUser,
  );
  userChangeRoute(
    'role',
    'setUserRole',
    "Change a user's role; their sessions end",
    SetUserRoleBodySchema,
    setUserRole,
  );
};
