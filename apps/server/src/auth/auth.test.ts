import { AccountDocumentSchema, ErrorBodySchema, TokenResponseSchema } from '@atelier/contract';
import { count, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../app.ts';
import { authSessions } from '../db/schema.ts';
import {
  buildTestApp,
  createTestAccount,
  PASSWORD,
  signIn,
  TEST_ORIGIN,
  testConfig,
  tokenFor,
} from '../test/test-app.ts';
import { authSettings, loopbackAliases } from './auth.ts';

let app: App;
let stylist: Awaited<ReturnType<typeof createTestAccount>>;
let shopper: Awaited<ReturnType<typeof createTestAccount>>;

beforeAll(async () => {
  app = await buildTestApp({ SIGNIN_RATE_LIMIT_MAX: '3', SIGNIN_RATE_LIMIT_WINDOW_SECONDS: '60' });
  stylist = await createTestAccount(app, { firstName: 'Camille', lastName: 'Laurent' });
  shopper = await createTestAccount(app, { role: 'user', firstName: 'Sam', lastName: 'Shopper' });
});
afterAll(() => app.close());

const sessionsOf = async (userId: string) =>
  (
    await app.database.db
      .select({ n: count() })
      .from(authSessions)
      .where(eq(authSessions.userId, userId))
  )[0]!.n;

describe('sign-in', () => {
  test('a stylist signs in, gets a 15-minute JWT and reads the account with its stylist', async () => {
    const { response, cookie } = await signIn(app, stylist.email, PASSWORD, '10.0.0.1');
    expect(response.statusCode).toBe(200);
    expect(cookie).toContain('better-auth.session_token=');

    const tokenResponse = await app.inject({
      method: 'GET',
      url: '/api/auth/token',
      headers: { cookie },
    });
    const { token } = TokenResponseSchema.parse(tokenResponse.json());
    const claims = decodeJwt(token);
    expect(claims.sub).toBe(stylist.userId);
    expect(claims.role).toBe('stylist');
    expect(claims.exp! - claims.iat!).toBe(900);

    const account = await app.inject({
      method: 'GET',
      url: '/api/account?include=stylist',
      headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.atelier.v1+json' },
    });
    expect(account.statusCode).toBe(200);
    const document = AccountDocumentSchema.parse(account.json());
    expect(document.data.attributes).toMatchObject({
      isStylist: true,
      firstName: 'Camille',
      name: 'Camille Laurent',
      initials: 'CL',
      email: stylist.email,
    });
    expect(document.included).toHaveLength(1);
    expect(document.included[0]).toMatchObject({ type: 'stylists', id: String(stylist.stylistId) });
  });

  test('the session token stays in the HttpOnly cookie, out of every JSON answer', async () => {
    const { response, cookie } = await signIn(app, stylist.email, PASSWORD, '10.0.0.7');
    expect(response.statusCode).toBe(200);
    const sessionToken = /better-auth\.session_token=([^.;]+)/.exec(cookie)?.[1];
    expect(sessionToken).toBeTruthy();
    expect(response.json()).not.toHaveProperty('token');
    expect(response.json()).toHaveProperty('user.email', stylist.email);

    const session = await app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie },
    });
    expect(session.statusCode).toBe(200);
    expect(session.body).not.toContain(sessionToken);
    expect(session.json()).toHaveProperty('user.email', stylist.email);
  });

  test('without include=stylist the stylist entry is left out', async () => {
    const token = await tokenFor(app, stylist.email);
    const account = await app.inject({
      method: 'GET',
      url: '/api/account',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(AccountDocumentSchema.parse(account.json()).included).toEqual([]);
  });

  test('a wrong password answers 401 with a clear message and opens no session', async () => {
    const { response } = await signIn(app, stylist.email, 'not-the-password', '10.0.0.2');
    expect(response.statusCode).toBe(401);
    expect(ErrorBodySchema.parse(response.json())).toEqual({
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
  });

  test('sign-in refuses unknown fields before anything happens', async () => {
    const before = await sessionsOf(stylist.userId);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: { email: stylist.email, password: PASSWORD, role: 'admin' },
      remoteAddress: '10.0.0.3',
    });
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json()).errors).toEqual({ role: ['Unknown field'] });
    expect(await sessionsOf(stylist.userId)).toBe(before);
  });

  test('the auth library’s endpoints the product does not use answer 404, even to an admin', async () => {
    const admin = await createTestAccount(app, { role: 'admin' });
    const { cookie } = await signIn(app, admin.email, PASSWORD, '10.0.0.8');
    const token = await tokenFor(app, admin.email);
    const headers = { cookie, authorization: `Bearer ${token}`, origin: TEST_ORIGIN };
    for (const [method, url, payload] of [
      ['POST', '/api/auth/admin/impersonate-user', { userId: stylist.userId }],
      ['GET', '/api/auth/admin/list-users', undefined],
      ['POST', '/api/auth/admin/ban-user', { userId: stylist.userId }],
      ['POST', '/api/auth/admin/set-role', { userId: stylist.userId, role: 'admin' }],
      [
        'POST',
        '/api/auth/admin/set-user-password',
        { userId: stylist.userId, newPassword: 'x'.repeat(12) },
      ],
      ['POST', '/api/auth/admin/remove-user', { userId: stylist.userId }],
      ['GET', '/api/auth/list-sessions', undefined],
      ['POST', '/api/auth/update-user', { name: 'Someone Else' }],
    ] as const) {
      const response = await app.inject({ method, url, headers, ...(payload && { payload }) });
      expect(response.statusCode, url).toBe(404);
      expect(ErrorBodySchema.parse(response.json()).code).toBe('NOT_FOUND');
    }
    // The stylist is untouched: still a stylist, still able to sign in.
    expect((await signIn(app, stylist.email, PASSWORD, '10.0.0.9')).response.statusCode).toBe(200);
  });

  test('sign-up is closed', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: { email: 'new@atelier.test', password: 'some-password-1', name: 'New Person' },
      remoteAddress: '10.0.0.4',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(ErrorBodySchema.safeParse(response.json()).success).toBe(true);
  });

  test('sign-in is rate limited per client address with Retry-After', async () => {
    const attempts = [];
    for (let i = 0; i < 4; i++)
      attempts.push(await signIn(app, stylist.email, 'wrong-password', '10.9.9.9'));
    expect(attempts.map((a) => a.response.statusCode)).toEqual([401, 401, 401, 429]);
    const limited = attempts[3]!.response;
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(ErrorBodySchema.parse(limited.json())).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.json().message).toMatch(
      /^Too many sign-in attempts\. Try again in \d+ seconds\.$/,
    );

    const elsewhere = await signIn(app, stylist.email, PASSWORD, '10.9.9.10');
    expect(elsewhere.response.statusCode).toBe(200);
  });
});

describe('accounts and roles', () => {
  test('a non-stylist account reads isStylist false and no stylist entry', async () => {
    const token = await tokenFor(app, shopper.email);
    const account = await app.inject({
      method: 'GET',
      url: '/api/account?include=stylist',
      headers: { authorization: `Bearer ${token}` },
    });
    const document = AccountDocumentSchema.parse(account.json());
    expect(document.data.attributes.isStylist).toBe(false);
    expect(document.included).toEqual([]);
  });

  test('a non-stylist token is refused on stylist routes with the stylist-only message', async () => {
    const token = await tokenFor(app, shopper.email);
    const response = await app.inject({
      method: 'GET',
      url: '/api/stylist/anything',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(403);
    expect(ErrorBodySchema.parse(response.json()).message).toBe(
      'Sorry, only stylists allowed access.',
    );
  });

  test('an unknown include answers 400', async () => {
    const token = await tokenFor(app, stylist.email);
    const response = await app.inject({
      method: 'GET',
      url: '/api/account?include=everything',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json()).errors).toHaveProperty('include');
  });
});

describe('sign-out', () => {
  test('ends the session and clears the single-sign-on cookie', async () => {
    const { cookie } = await signIn(app, stylist.email, PASSWORD, '10.0.0.5');
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const setCookies = [out.headers['set-cookie']].flat().join('\n');
    expect(setCookies).toMatch(/atelier_sso=;.*Expires=Thu, 01 Jan 1970/);
    const token = await app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } });
    expect(token.statusCode).toBe(401);
  });
});

describe('the addresses sign-in trusts (the browser journey is e2e/tests/auth.spec.ts)', () => {
  test('outside production, the loopback names of the public address’s port; in production, none', () => {
    expect(loopbackAliases('http://localhost:3000')).toEqual([
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
    expect(loopbackAliases('http://127.0.0.1:8080')).toEqual([
      'http://localhost:8080',
      'http://[::1]:8080',
    ]);
    expect(loopbackAliases('https://atelier.example.com')).toEqual([]);
    const env = { PUBLIC_URL: 'http://localhost:3000', TRUSTED_ORIGINS: 'https://shop.test' };
    expect(
      authSettings(testConfig({ ...env, NODE_ENV: 'development' }), 'x').trustedOrigins,
    ).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'https://shop.test',
    ]);
    expect(
      authSettings(
        testConfig({
          ...env,
          NODE_ENV: 'production',
          ALLOW_MAIL_FOLDER: 'true',
          ALLOW_LOCAL_LABELS: 'true',
        }),
        'x',
      ).trustedOrigins,
    ).toEqual(['http://localhost:3000', 'https://shop.test']);
  });
});
