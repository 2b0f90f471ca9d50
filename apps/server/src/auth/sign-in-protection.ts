import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { signInFailures, users } from '../db/schema.ts';
import { composeEmail, greeting } from '../integrations/mail/compose.ts';
import type { EmailMessage } from '../integrations/mail/mail.ts';
import { enqueueEmail } from '../integrations/outbox/outbox.ts';

/** The cookie that marks a browser where the account's owner has signed in before. */
export const KNOWN_DEVICE_COOKIE = 'atelier_known_device';
const KNOWN_DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The first pause; each next one is twice as long, up to the last. */
const FIRST_PAUSE_SECONDS = 5 * 60;
const LONGEST_PAUSE_SECONDS = 60 * 60;

export interface AccountLockoutSettings {
  /** Failures within the window that pause the account's sign-ins. */
  failures: number;
  windowSeconds: number;
}

export function pauseSeconds(lockouts: number): number {
  return Math.min(FIRST_PAUSE_SECONDS * 2 ** lockouts, LONGEST_PAUSE_SECONDS);
}

const normalise = (email: string) => email.trim().toLowerCase();

/**
 * Failed sign-ins counted per account, from whatever address they come (ASVS 6.3.1): past the
 * limit the account's sign-ins answer 429 for a pause that grows each time, and its owner is
 * emailed. Every instance shares the count in the database. A browser where the owner signed in
 * before carries a signed cookie and is not paused: the guesser is, the owner is not.
 */
export function createSignInProtection(options: {
  db: Db;
  secret: string;
  settings: AccountLockoutSettings;
  publicUrl: string;
}) {
  const { db, settings } = options;
  const deviceKey = crypto
    .createHmac('sha256', options.secret)
    .update('atelier:known-device')
    .digest();
  const deviceMark = (email: string) =>
    crypto.createHmac('sha256', deviceKey).update(normalise(email)).digest('base64url');

  return {
    knownDeviceCookie: {
      name: KNOWN_DEVICE_COOKIE,
      value: deviceMark,
      maxAgeSeconds: KNOWN_DEVICE_MAX_AGE_SECONDS,
    },

    isKnownDevice(email: string, cookieValue: string | undefined): boolean {
      if (!cookieValue) return false;
      const expected = Buffer.from(deviceMark(email));
      const given = Buffer.from(cookieValue);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    },

    /** Seconds the account's sign-ins stay paused, or 0. */
    async pausedFor(email: string): Promise<number> {
      const [row] = await db
        .select({
          seconds: sql<number>`ceil(extract(epoch from ${signInFailures.lockedUntil} - now()))::int`,
        })
        .from(signInFailures)
        .where(eq(signInFailures.email, normalise(email)));
      return Math.max(row?.seconds ?? 0, 0);
    },

    /**
     * Counts a wrong password (or an unknown email, counted alike). The failure that reaches the
     * limit pauses the account and queues the email to its owner in the same transaction.
     */
    async recordFailure(email: string): Promise<void> {
      const key = normalise(email);
      const windowEnded = sql`${signInFailures.windowStartedAt} <= now() - make_interval(secs => ${settings.windowSeconds})`;
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(signInFailures)
          .values({ email: key, failures: 1, windowStartedAt: sql`now()` })
          .onConflictDoUpdate({
            target: signInFailures.email,
            set: {
              failures: sql`case when ${windowEnded} then 1 else ${signInFailures.failures} + 1 end`,
              windowStartedAt: sql`case when ${windowEnded} then now() else ${signInFailures.windowStartedAt} end`,
            },
          })
          .returning({ failures: signInFailures.failures, lockouts: signInFailures.lockouts });
        if (!row || row.failures < settings.failures) return;
        const seconds = pauseSeconds(row.lockouts);
        await tx
          .update(signInFailures)
          .set({
            failures: 0,
            windowStartedAt: sql`now()`,
            lockedUntil: sql`now() + make_interval(secs => ${seconds})`,
            lockouts: row.lockouts + 1,
          })
          .where(eq(signInFailures.email, key));
        const [user] = await tx
          .select({ email: users.email, name: users.name })
          .from(users)
          .where(eq(users.email, key));
        if (user) {
          await enqueueEmail(
            tx,
            await signInsPausedEmail({
              ...user,
              minutes: seconds / 60,
              publicUrl: options.publicUrl,
            }),
          );
        }
      });
    },

    /** The owner got in: the count starts over. */
    clear: (email: string) => clearSignInFailures(db, email),
  };
}

/** The count and any pause start over (the owner signed in or chose a new password). */
export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.email, normalise(email)));
}

export type SignInProtection = ReturnType<typeof createSignInProtection>;

export function signInsPausedEmail(input: {
  email: string;
  name: string;
  minutes: number;
  publicUrl: string;
}): Promise<EmailMessage> {
  const what = `Someone tried to sign in to your Atelier account with a wrong password several times in a row, so we paused new sign-ins for ${input.minutes} minutes. Browsers where you signed in before are not affected.`;
  return composeEmail(
    {
      subject: 'Sign-ins to your Atelier account are paused',
      preview: what,
      heading: 'Sign-ins are paused',
      greeting: greeting(input.name.split(' ')[0]),
      paragraphs: [
        what,
        'If it was you, wait a little and try again, or choose a new password.',
        'If it was not you, your account is safe: nothing was changed. To be sure, choose a new password with "Forgot password?" on the sign-in page.',
      ],
      action: { label: 'Open the sign-in page', url: `${input.publicUrl}/` },
    },
    { to: input.email },
  );
}
