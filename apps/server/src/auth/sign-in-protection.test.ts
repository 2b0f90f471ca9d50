import { ErrorBodySchema } from '@atelier/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../app.ts';
import { outbox, signInFailures } from '../db/schema.ts';
import type { EmailMessage } from '../integrations/mail/mail.ts';
import {
  buildTestApp,
  createTestAccount,
  PASSWORD,
  randomAddress,
  TEST_ORIGIN,
} from '../test/test-app.ts';
import { KNOWN_DEVICE_COOKIE } from './sign-in-protection.ts';

let app: App;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

/** Each attempt from its own address: the per-address limit never applies here. */
const attempt = (email: string, password: string, cookie?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: {
      origin: TEST_ORIGIN,
      'content-type': 'application/json',
      ...(cookie !== undefined && { cookie }),
    },
    payload: { email, password },
    remoteAddress: randomAddress(),
  });

async function failTimes(email: string, times: number) {
  for (let i = 0; i < times; i += 1) {
    expect((await attempt(email, 'wrong-password-guess')).statusCode).toBe(401);
  }
}

const mailTo = async (to: string) =>
  (
    await app.database.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(sql`${outbox.payload}->>'to' = ${to}`)
  ).map((row) => row.payload as EmailMessage);

function expectPaused(response: Awaited<ReturnType<typeof attempt>>, seconds: number) {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(seconds - 5);
  expect(retryAfter).toBeLessThanOrEqual(seconds);
  expect(ErrorBodySchema.parse(response.json())).toEqual({
    code: 'RATE_LIMITED',
    message: `Too many sign-in attempts. Try again in ${retryAfter} seconds.`,
  });
}

describe('failed sign-ins are counted per account, from any address', () => {
  test('the 10th failure pauses the account for 5 minutes, even for the right password, and emails its owner once', async () => {
    const stylist = await createTestAccount(app);
    await failTimes(stylist.email, 9);
    expect((await attempt(stylist.email, PASSWORD)).statusCode).toBe(200); // the owner: the count starts over
    await failTimes(stylist.email, 10);

    expectPaused(await attempt(stylist.email, PASSWORD), 300);
    expectPaused(await attempt(stylist.email.toUpperCase(), 'another-guess'), 300);
    const mail = await mailTo(stylist.email);
    expect(mail.map((message) => message.subject)).toEqual([
      'Sign-ins to your Atelier account are paused',
    ]);
    expect(mail[0]!.text).toContain('paused new sign-ins for 5 minutes');
  });

  test('each pause is longer than the last', async () => {
    const stylist = await createTestAccount(app);
    await failTimes(stylist.email, 10);
    expectPaused(await attempt(stylist.email, PASSWORD), 300);
    // The pause runs out; ten more failures pause it for twice as long.
    await app.database.db
      .update(signInFailures)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(signInFailures.email, stylist.email));
    await failTimes(stylist.email, 10);
    expectPaused(await attempt(stylist.email, PASSWORD), 600);
  });

  test('a browser where the owner signed in before is not paused', async () => {
    const stylist = await createTestAccount(app);
    const earlier = await attempt(stylist.email, PASSWORD);
    const device = ([earlier.headers['set-cookie']].flat() as string[])
      .map((cookie) => cookie.split(';')[0]!)
      .find((cookie) => cookie.startsWith(`${KNOWN_DEVICE_COOKIE}=`));
    expect(device).toBeDefined();
    await failTimes(stylist.email, 10);

    expect((await attempt(stylist.email, PASSWORD, device)).statusCode).toBe(200);
    // Another account's mark, or a made-up one, does not pass.
    const other = await createTestAccount(app);
    await failTimes(other.email, 10);
    expectPaused(await attempt(other.email, PASSWORD, device), 300);
    expectPaused(await attempt(other.email, PASSWORD, `${KNOWN_DEVICE_COOKIE}=made-up`), 300);
  });

  test('an unknown email is counted alike, and nobody is emailed', async () => {
    const email = `nobody-${Date.now()}@atelier.test`;
    await failTimes(email, 10);
    expectPaused(await attempt(email, 'wrong-password-guess'), 300);
    expect(await mailTo(email)).toEqual([]);
  });
});
