import crypto from 'node:crypto';
import { COMMON_PASSWORD_MESSAGE, ErrorCode, NewPasswordSchema } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ROLES, type Auth, type Role } from '../../auth/auth.ts';
import { isCommonPassword } from '../../auth/password-policy.ts';
import type { Db } from '../../db/client.ts';
import { authAccounts, stylists, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

export const NewAccountSchema = z.object({
  email: z.email().transform((email) => email.toLowerCase()),
  password: NewPasswordSchema.refine(
    (password) => !isCommonPassword(password),
    COMMON_PASSWORD_MESSAGE,
  ),
  firstName: z.string().trim().min(1),
  lastName: z.string().trim().min(1),
  role: z.enum(Object.values(ROLES)),
  thumbnailUrl: z.string().optional(),
  createdAt: z.date().optional(),
});
export type NewAccount = z.input<typeof NewAccountSchema>;

/**
 * Creates a sign-in account (sign-up is closed, so this is the only way in) and, for stylists,
 * the stylist record the portal scopes everything to.
 */
export async function createAccount(db: Db, auth: Auth, input: NewAccount) {
  const account = NewAccountSchema.parse(input);
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, account.email));
  if (existing) {
    throw new AppError(ErrorCode.conflict, `An account for ${account.email} already exists.`, 409, {
      email: ['is already taken'],
    });
  }
  const passwordHash = await (await auth.$context).password.hash(account.password);
  return db.transaction(async (tx) => {
    const userId = crypto.randomUUID();
    await tx.insert(users).values({
      id: userId,
      email: account.email,
      name: `${account.firstName} ${account.lastName}`,
      emailVerified: true,
      role: account.role satisfies Role,
      ...(account.createdAt && { createdAt: account.createdAt }),
    });
    await tx.insert(authAccounts).values({
      id: crypto.randomUUID(),
      userId,
      providerId: 'credential',
      accountId: userId,
      password: passwordHash,
    });
    if (account.role !== ROLES.stylist) return { userId, stylistId: null };
    const [stylist] = await tx
      .insert(stylists)
      .values({
        userId,
        firstName: account.firstName,
        lastName: account.lastName,
        thumbnailUrl: account.thumbnailUrl ?? null,
        ...(account.createdAt && { createdAt: account.createdAt }),
      })
      .returning({ id: stylists.id });
    if (!stylist) throw new Error('stylist insert returned no row');
    return { userId, stylistId: stylist.id };
  });
}
