import { parseArgs } from 'node:util';
import { ROLES, type Auth } from '../auth/auth.ts';
import type { Db } from '../db/client.ts';
import { createAccount } from '../features/accounts/create-account.ts';

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create-stylist --email <email> --password <password> --first-name <name> --last-name <name>
  create-admin   --email <email> --password <password> --first-name <name> --last-name <name>
`;

export class UsageError extends Error {
  override name = 'UsageError';
}

const accountOptions = {
  email: { type: 'string' },
  password: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
} as const;

/** Runs one back-office command and returns what to print; never reads process state itself. */
export async function runAdminCommand(
  argv: string[],
  deps: { db: Db; auth: Auth },
): Promise<string> {
  const [command, ...rest] = argv;
  const roles = { 'create-stylist': ROLES.stylist, 'create-admin': ROLES.admin } as const;
  if (command !== 'create-stylist' && command !== 'create-admin') {
    throw new UsageError(command ? `Unknown command: ${command}\n\n${USAGE}` : USAGE);
  }
  const { values } = parseArgs({ args: rest, options: accountOptions, strict: true });
  const { email, password, 'first-name': firstName, 'last-name': lastName } = values;
  if (!email || !password || !firstName || !lastName) {
    const missing = Object.keys(accountOptions).filter(
      (key) => !values[key as keyof typeof values],
    );
    throw new UsageError(`Missing: ${missing.map((key) => `--${key}`).join(', ')}\n\n${USAGE}`);
  }
  const created = await createAccount(deps.db, deps.auth, {
    email,
    password,
    firstName,
    lastName,
    role: roles[command],
  });
  const what = command === 'create-stylist' ? `stylist #${created.stylistId}` : 'admin';
  return `Created ${what} ${email.toLowerCase()} (account ${created.userId}).`;
}
