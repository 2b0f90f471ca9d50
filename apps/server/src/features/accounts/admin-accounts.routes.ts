import {
  BanUserBodySchema,
  CreateStylistBodySchema,
  CreatedAdminSchema,
  CreatedStylistSchema,
  ErrorBodySchema,
  SetUserRoleBodySchema,
  UnbanUserBodySchema,
  UserAccessAnswerSchema,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

  app.post(
    '/api/admin/users/ban',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['back office'],
        summary: "Refuse a user's sign-ins and end their sessions at once, on every instance",
        body: BanUserBodySchema,
        response: { 200: UserAccessAnswerSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    (request) => banUser(db, adminActor(request), request.body),
  );

  app.post(
    '/api/admin/users/unban',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['back office'],
        summary: 'Let a banned user sign in again',
        body: UnbanUserBodySchema,
        response: { 200: UserAccessAnswerSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    (request) => unbanUser(db, adminActor(request), request.body),
  );

  app.post(
    '/api/admin/users/role',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['back office'],
        summary: "Change a user's role; their sessions end",
        body: SetUserRoleBodySchema,
        response: { 200: UserAccessAnswerSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    (request) => setUserRole(db, adminActor(request), request.body),
  );
};
