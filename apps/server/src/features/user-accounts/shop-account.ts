import crypto from 'node:crypto';
import { ROLES } from '../../auth/auth.ts';
import type { users } from '../../db/schema.ts';

/**
 * The row of a client's shop account: an account-service user with no password, so it can never
 * sign in to the portal; the shop reaches it through single sign-on.
 */
export function shopAccountRow(person: {
  firstName: string;
  lastName: string;
  email: string;
  createdAt?: Date;
}): typeof users.$inferInsert {
  return {
    id: crypto.randomUUID(),
    name: `${person.firstName} ${person.lastName}`,
    email: person.email.toLowerCase(),
    emailVerified: false,
    role: ROLES.user,
    ...(person.createdAt && { createdAt: person.createdAt, updatedAt: person.createdAt }),
  };
}
