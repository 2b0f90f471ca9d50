import {
  COMMON_PASSWORD_MESSAGE,
  ErrorBodySchema,
  FORGOT_PASSWORD_SENT_MESSAGE,
  PASSWORD_CHANGED_MESSAGE,
  PASSWORD_RESET_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
} from '@atelier/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../app.ts';
import { authVerifications, outbox } from '../db/schema.ts';
import type { EmailMessage } from '../integrations/mail/mail.ts';
import {
  buildTestApp,
  createTestAccount,
  PASSWORD,
  randomAddress,
  signIn,
  TEST_ORIGIN,
} from '../test/test-app.ts';

let app: App;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const NEW_PASSWORD = 'velvet-lining-autumn-42';

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...headers },
    payload,
    remoteAddress: randomAddress(),
  });

async function browser(email: string, password = PASSWORD) {
  const { response, cookie } = await signIn(app, email, password);
  expect(response.statusCode).toBe(200);
  return { cookie, token: await tokenOf(cookie) };
}

async function tokenOf(cookie: string) {
  const answer = await app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ token: string }>().token;
}

const readAccount = (token: string) =>
  app.inject({ method: 'GET', url: '/api/account', headers: { authorization: `Bearer ${token}` } });

async function mailTo(to: string): Promise<EmailMessage[]> {
  const rows = await app.database.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(sql`${outbox.payload}->>'to' = ${to}`)
    .orderBy(outbox.id);
  return rows.map((row) => row.payload as EmailMessage);
}

async function requestResetToken(email: string): Promise<string> {
  const answer = await post('/api/auth/request-password-reset', { email });
  expect(answer.statusCode).toBe(200);
  const mail = (await mailTo(email)).filter((m) => m.subject === 'Choose a new Atelier password');
  const link = /(http\S+\/reset-password#token=\S+)/.exec(mail.at(-1)?.text ?? '')?.[1];
  // The token rides in the fragment, which browsers never send: no request line carries it.
  expect(link?.startsWith(`${TEST_ORIGIN}/reset-password#token=`)).toBe(true);
  return new URLSearchParams(new URL(link!).hash.slice(1)).get('token')!;
}

describe('forgot password', () => {
  test('the answer is the same for an address nobody uses, and nothing is sent', async () => {
    const stylist = await createTestAccount(app);
    const known = await post('/api/auth/request-password-reset', { email: stylist.email });
    const unknown = await post('/api/auth/request-password-reset', {
      email: 'nobody-here@atelier.test',
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: FORGOT_PASSWORD_SENT_MESSAGE });
    expect(unknown.json()).toEqual(known.json());
    expect(await mailTo('nobody-here@atelier.test')).toEqual([]);
    const [mail] = await mailTo(stylist.email);
    expect(mail?.text).toContain('works once, for 30 minutes');
  });

  test('one account gets a few reset emails per quarter hour, whichever addresses ask', async () => {
    const stylist = await createTestAccount(app);
    // Six requests from six addresses: each address is under its own limit.
    const answers = [];
    for (let i = 0; i < 6; i += 1) {
      answers.push(await post('/api/auth/request-password-reset', { email: stylist.email }));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429, 429, 429]);
    expect(ErrorBodySchema.parse(answers[3]!.json()).code).toBe('RATE_LIMITED');
    expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(0);
    const sent = (await mailTo(stylist.email)).filter(
      (m) => m.subject === 'Choose a new Atelier password',
    );
    expect(sent).toHaveLength(3);
    // The same spelling in capitals is the same account.
    const shouted = await post('/api/auth/request-password-reset', {
      email: stylist.email.toUpperCase(),
    });
    expect(shouted.statusCode).toBe(429);
  });

  test('the link sets a new password once, ends every session and sends a notice', async () => {
    const stylist = await createTestAccount(app);
    const before = await browser(stylist.email);
    const token = await requestResetToken(stylist.email);

    const common = await post('/api/auth/reset-password', { token, newPassword: 'qwerty123456' });
    expect(common.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(common.json()).errors).toEqual({
      newPassword: [COMMON_PASSWORD_MESSAGE],
    });
    const short = await post('/api/auth/reset-password', { token, newPassword: 'short-one' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ newPassword: ['Use at least 12 characters.'] });

    const done = await post('/api/auth/reset-password', { token, newPassword: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: PASSWORD_RESET_MESSAGE });

    expect((await readAccount(before.token)).statusCode).toBe(401);
    expect((await signIn(app, stylist.email, PASSWORD)).response.statusCode).toBe(401);
    expect((await signIn(app, stylist.email, NEW_PASSWORD)).response.statusCode).toBe(200);
    const again = await post('/api/auth/reset-password', {
      token,
      newPassword: `${NEW_PASSWORD}!`,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: RESET_LINK_INVALID_MESSAGE });
    expect((await mailTo(stylist.email)).map((m) => m.subject)).toEqual([
      'Choose a new Atelier password',
      'Your Atelier password was changed',
    ]);
  });

  test('a link past its 30 minutes is refused, and a made-up one too', async () => {
    const stylist = await createTestAccount(app);
    const token = await requestResetToken(stylist.email);
    await app.database.db
      .update(authVerifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`${authVerifications.identifier} = ${`reset-password:${token}`}`);
    for (const tried of [token, 'made-up-token']) {
      const answer = await post('/api/auth/reset-password', {
        token: tried,
        newPassword: NEW_PASSWORD,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(RESET_LINK_INVALID_MESSAGE);
    }
    expect((await signIn(app, stylist.email, PASSWORD)).response.statusCode).toBe(200);
  });

  test('a new password ends a pause on the account’s sign-ins', async () => {
    const stylist = await createTestAccount(app);
    for (let i = 0; i < 10; i += 1) await signIn(app, stylist.email, 'wrong-password-guess');
    expect((await signIn(app, stylist.email)).response.statusCode).toBe(429);
    const token = await requestResetToken(stylist.email);
    await post('/api/auth/reset-password', { token, newPassword: NEW_PASSWORD });
    expect((await signIn(app, stylist.email, NEW_PASSWORD)).response.statusCode).toBe(200);
  });

  test('an address asks for at most 5 links a quarter hour', async () => {
    const address = randomAddress();
    let asked = 0;
    // A different account each time: only the address's own limit applies.
    const ask = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: { email: `someone-${(asked += 1)}@atelier.test` },
        remoteAddress: address,
      });
    for (let i = 0; i < 5; i += 1) expect((await ask()).statusCode).toBe(200);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
  });
});

describe('changing the password while signed in', () => {
  test('the current password is required; other sessions end, this browser goes on', async () => {
    const stylist = await createTestAccount(app);
    const laptop = await browser(stylist.email);
    const phone = await browser(stylist.email);
    const change = (body: object) =>
      post('/api/auth/change-password', body, {
        cookie: laptop.cookie,
        authorization: `Bearer ${laptop.token}`,
      });

    const wrong = await change({ currentPassword: 'not-my-password', newPassword: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({
      currentPassword: ['This is not your current password.'],
    });
    const common = await change({ currentPassword: PASSWORD, newPassword: 'password1234' });
    expect(common.json().errors).toEqual({ newPassword: [COMMON_PASSWORD_MESSAGE] });
    expect((await readAccount(phone.token)).statusCode).toBe(200);

    const done = await change({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: PASSWORD_CHANGED_MESSAGE });
    expect((await readAccount(phone.token)).statusCode).toBe(401);
    // This browser's new session cookie gets a token that works.
    const cookies = ([done.headers['set-cookie']].flat() as string[]).map((c) => c.split(';')[0]);
    const fresh = await tokenOf(cookies.join('; '));
    expect((await readAccount(fresh)).statusCode).toBe(200);
    expect((await mailTo(stylist.email)).map((m) => m.subject)).toEqual([
      'Your Atelier password was changed',
    ]);
  });

  test('the cookie and the token must be one person’s', async () => {
    const one = await createTestAccount(app);
    const other = await createTestAccount(app);
    const a = await browser(one.email);
    const b = await browser(other.email);
    const mixed = await post(
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      { cookie: b.cookie, authorization: `Bearer ${a.token}` },
    );
    expect(mixed.statusCode).toBe(401);
    expect((await signIn(app, other.email, PASSWORD)).response.statusCode).toBe(200);
  });

  test('without a token it is refused', async () => {
    const stylist = await createTestAccount(app);
    const { cookie } = await browser(stylist.email);
    const answer = await post(
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      { cookie },
    );
    expect(answer.statusCode).toBe(401);
  });
});
