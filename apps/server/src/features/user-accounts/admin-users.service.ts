import {
  ErrorCode,
  type AccountRole,
  type BanUserBody,
  type UserAccessAnswer,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { endUserSessions, type SessionWatch } from '../../auth/sessions.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';

/**
 * Who changes a user: an admin's id, or null for the operator's command line. Through a server,
 * its session watch forgets the user's sessions at once; other instances (and a command line's
 * change) hear PostgreSQL's signal.
 */
type Operator = { userId: string | null; sessions?: Pick<SessionWatch, 'forgetUser'> };

async function findUser(db: Db, email: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, role: users.role, banned: users.banned })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  if (!user) throw new AppError(ErrorCode.notFound, `No user has the email ${email}.`, 404);
  return user;
}

/**
 * Each change ends the user's sessions (their tokens stop at the next request, their open streams
 * close on every instance) and writes the audit trail, in one transaction.
 */
async function changeUser(
  db: Db,
  by: Operator,
  email: string,
  change: {
    action: string;
    endsSessions: boolean;
    set: Partial<typeof users.$inferInsert>;
    detail: (user: { role: string | null }) => Record<string, unknown>;
  },
): Promise<UserAccessAnswer> {
  const user = await findUser(db, email);
  const ended = await db.transaction(async (tx) => {
    // Counted first: the change's own trigger ends whatever is left (migration 0006).
    const count = change.endsSessions ? await endUserSessions(tx, user.id) : 0;
    await tx.update(users).set(change.set).where(eq(users.id, user.id));
    await writeAudit(tx, {
      actorUserId: by.userId,
      action: change.action,
      subject: `user:${user.id}`,
      detail: change.detail(user),
      ipAddress: null,
    });
    return count;
  });
  if (change.endsSessions) by.sessions?.forgetUser(user.id);
  const after = { role: user.role, banned: user.banned ?? false, ...change.set };
  return {
    email: user.email,
    role: after.role ?? 'user',
    banned: after.banned ?? false,
    sessionsEnded: ended,
  };
}

export function banUser(db: Db, by: Operator, { email, reason }: BanUserBody) {
  return changeUser(db, by, email, {
    action: 'user.ban',
    endsSessions: true,
    set: { banned: true, banReason: reason ?? null, banExpires: null },
    detail: () => ({ reason: reason ?? null }),
  });
}

export function unbanUser(db: Db, by: Operator, { email }: { email: string }) {
  return changeUser(db, by, email, {
    action: 'user.unban',
    endsSessions: false,
    set: { banned: false, banReason: null, banExpires: null },
    detail: () => ({}),
  });
}

export function setUserRole(db: Db, by: Operator, input: { email: string; role: AccountRole }) {
  return changeUser(db, by, input.email, {
    action: 'user.set-role',
    endsSessions: true,
    set: { role: input.role },
    detail: (user) => ({ from: user.role, to: input.role }),
  });
}
