import { parseArgs } from 'node:util';
import {
  ACCOUNT_ROLES,
  BanUserBodySchema,
  SetUserRoleBodySchema,
  UnbanUserBodySchema,
  type AccountRole,
} from '@atelier/contract';
import type { AdminBackend } from './admin-backend.ts';

export const USER_USAGE = `  ban            <email> [--reason <text>]
                 refuses the user's sign-ins and ends their sessions at once
  unban          <email>
  set-role       <email> <${ACCOUNT_ROLES.join('|')}>
                 changes the user's role and ends their sessions
`;

export class UserUsageError extends Error {
  override name = 'UserUsageError';
}

const endedText = (count: number) => `${count} ${count === 1 ? 'session' : 'sessions'} ended`;

const isRole = (value: string | undefined): value is AccountRole =>
  (ACCOUNT_ROLES as readonly (string | undefined)[]).includes(value);

/**
 * The back office's user commands. Each changes the user, ends their sessions (their tokens stop
 * at the next request, their open streams close on every instance) and writes the audit trail,
 * in one transaction (features/user-accounts/admin-users.service.ts).
 */
export async function runUserCommand(
  command: 'ban' | 'unban' | 'set-role',
  args: string[],
  backend: AdminBackend,
): Promise<string> {
  const { values, positionals } = parseArgs({
    args,
    options: { reason: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const [email, role] = positionals;
  if (!email) throw new UserUsageError(`Give the user's email.\n\n${USER_USAGE}`);
  if (command === 'set-role') {
    if (!isRole(role) || positionals.length !== 2) {
      throw new UserUsageError(`Give the email and one role.\n\n${USER_USAGE}`);
    }
    const changed = await backend.setUserRole(SetUserRoleBodySchema.parse({ email, role }));
    return `${changed.email} is now ${changed.role}; ${endedText(changed.sessionsEnded)}.`;
  }
  if (positionals.length !== 1) throw new UserUsageError(`Give one email.\n\n${USER_USAGE}`);
  if (command === 'unban') {
    const { email: unbanned } = await backend.unbanUser(UnbanUserBodySchema.parse({ email }));
    return `${unbanned} may sign in again.`;
  }
  const banned = await backend.banUser(
    BanUserBodySchema.parse({
      email,
      ...(values.reason !== undefined && { reason: values.reason }),
    }),
  );
  return `${banned.email} is banned; ${endedText(banned.sessionsEnded)}.`;
}
