import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { ROLES } from '../auth/auth.ts';
import { endUserSessions } from '../auth/sessions.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { writeAudit } from '../lib/audit.ts';

export const USER_USAGE = `  ban            <email> [--reason <text>]
                 refuses the user's sign-ins and ends their sessions at once
  unban          <email>
  set-role       <email> <${Object.values(ROLES).join('|')}>
                 changes the user's role and ends their sessions
`;

export class UserUsageError extends Error {
  override name = 'UserUsageError';
}

async function findUser(db: Db, email: string | undefined) {
  if (!email) throw new UserUsageError(`Give the user's email.\n\n${USER_USAGE}`);
  const [user] = await db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  if (!user) throw new UserUsageError(`No user has the email ${email}.`);
  return user;
}

const endedText = (count: number) => `${count} ${count === 1 ? 'session' : 'sessions'} ended`;

/**
 * The back office's user commands. Each changes the user, ends their sessions (their tokens stop
 * at the next request, their open streams close on every instance) and writes the audit trail,
 * in one transaction.
 */
export async function runUserCommand(
  command: 'ban' | 'unban' | 'set-role',
  args: string[],
  db: Db,
): Promise<string> {
  const { values, positionals } = parseArgs({
    args,
    options: { reason: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const user = await findUser(db, positionals[0]);
  if (command === 'set-role') {
    const role = positionals[1];
    if (!role || !(Object.values(ROLES) as string[]).includes(role) || positionals.length !== 2) {
      throw new UserUsageError(`Give the email and one role.\n\n${USER_USAGE}`);
    }
    const ended = await db.transaction(async (tx) => {
      // Counted first: the change's own trigger ends whatever is left (migration 0006).
      const count = await endUserSessions(tx, user.id);
      await tx.update(users).set({ role }).where(eq(users.id, user.id));
      await writeAudit(tx, {
        actorUserId: null,
        action: 'user.set-role',
        subject: `user:${user.id}`,
        detail: { from: user.role, to: role },
        ipAddress: null,
      });
      return count;
    });
    return `${user.email} is now ${role}; ${endedText(ended)}.`;
  }
  if (positionals.length !== 1) throw new UserUsageError(`Give one email.\n\n${USER_USAGE}`);
  const banned = command === 'ban';
  const reason = values.reason ?? null;
  const ended = await db.transaction(async (tx) => {
    const count = banned ? await endUserSessions(tx, user.id) : 0;
    await tx
      .update(users)
      .set({ banned, banReason: banned ? reason : null, banExpires: null })
      .where(eq(users.id, user.id));
    await writeAudit(tx, {
      actorUserId: null,
      action: `user.${command}`,
      subject: `user:${user.id}`,
      detail: banned ? { reason } : {},
      ipAddress: null,
    });
    return count;
  });
  return banned
    ? `${user.email} is banned; ${endedText(ended)}.`
    : `${user.email} may sign in again.`;
}
