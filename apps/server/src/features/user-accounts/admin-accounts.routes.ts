import { adminAccountsApi } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActor } from '../../auth/actor.ts';
import { ROLES, type Auth } from '../../auth/auth.ts';
import type { SessionWatch } from '../../auth/sessions.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/route.ts';
import { banUser, setUserRole, unbanUser } from './admin-users.service.ts';
import { createAccount } from './create-account.ts';

/** The back office opens accounts and bans or re-roles users, as `npm run admin -- …` does. */
export const adminAccountsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  auth: Auth;
  sessions: SessionWatch;
}> = async (app, { db, auth, sessions }) => {
  const operator = (request: Parameters<typeof adminActor>[0]) => ({
    ...adminActor(request),
    sessions,
  });

  route(app, adminAccountsApi.createStylist, async (request, reply) => {
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
  });

  route(app, adminAccountsApi.createAdmin, async (request, reply) => {
    const { userId } = await createAccount(db, auth, { ...request.body, role: ROLES.admin });
    return reply.code(201).send({ userId, email: request.body.email.toLowerCase() });
  });

  route(app, adminAccountsApi.banUser, (request) => banUser(db, operator(request), request.body));
  route(app, adminAccountsApi.unbanUser, (request) =>
    unbanUser(db, operator(request), request.body),
  );
  route(app, adminAccountsApi.setUserRole, (request) =>
    setUserRole(db, operator(request), request.body),
  );
};
