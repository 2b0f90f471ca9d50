import {
  ACCOUNT_SITE_HANDOFF_TTL_SECONDS,
  AccountSiteLinkSchema,
  ErrorBodySchema,
  SiteLinksSchema,
} from '@atelier/contract';
import { errors, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { buildTestApp, createTestAccount, TEST_ORIGIN, tokenFor } from '../../test/test-app.ts';

const ACCOUNT_SITE_URL = 'https://account.atelier.test/portal/';
const HANDOFF_SECRET = 'handoff-secret-shared-with-the-account-site';
const HELP_SITE_URL = 'https://help.atelier.test/faq';
const key = new TextEncoder().encode(HANDOFF_SECRET);

let app: App;
let bare: App;
let stylist: Awaited<ReturnType<typeof createTestAccount>>;
let token: string;
let bareToken: string;
let adminToken: string;

beforeAll(async () => {
  app = await buildTestApp({
    ACCOUNT_SITE_URL,
    ACCOUNT_SITE_HANDOFF_SECRET: HANDOFF_SECRET,
    HELP_SITE_URL,
  });
  bare = await buildTestApp();
  stylist = await createTestAccount(app);
  token = await tokenFor(app, stylist.email);
  adminToken = await tokenFor(app, (await createTestAccount(app, { role: 'admin' })).email);
  bareToken = await tokenFor(bare, (await createTestAccount(bare)).email);
});
afterAll(async () => {
  await app.close();
  await bare.close();
});

function link(target: App, bearer: string, payload: unknown) {
  return target.inject({
    method: 'POST',
    url: '/api/stylist/account-site-link',
    headers: { authorization: `Bearer ${bearer}` },
    payload: payload as Record<string, unknown>,
  });
}

async function handoffOf(page: string) {
  const response = await link(app, token, { page });
  expect(response.statusCode, response.body).toBe(200);
  const url = new URL(AccountSiteLinkSchema.parse(response.json()).url);
  return { url, token: url.searchParams.get('handoff') ?? '' };
}

describe('account site hand-off', () => {
  test('each page gets a link on the account site carrying a one-minute token for the stylist', async () => {
    for (const page of ['personal-info', 'security', 'terms']) {
      const before = Math.floor(Date.now() / 1000);
      const handoff = await handoffOf(page);
      expect(`${handoff.url.origin}${handoff.url.pathname}`).toBe(
        `https://account.atelier.test/portal/${page}`,
      );
      const { payload, protectedHeader } = await jwtVerify(handoff.token, key, {
        issuer: TEST_ORIGIN,
        audience: 'https://account.atelier.test',
        algorithms: ['HS256'],
      });
      expect(protectedHeader.alg).toBe('HS256');
      expect(payload.sub).toBe(stylist.userId);
      expect(payload.iat).toBeGreaterThanOrEqual(before);
      expect(payload.exp! - payload.iat!).toBe(ACCOUNT_SITE_HANDOFF_TTL_SECONDS);
      expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  test('the token is dead after its minute, unique per link, and useless elsewhere', async () => {
    const first = await handoffOf('security');
    const second = await handoffOf('security');
    const firstClaims = (await jwtVerify(first.token, key)).payload;
    expect((await jwtVerify(second.token, key)).payload.jti).not.toBe(firstClaims.jti);

    await expect(
      jwtVerify(first.token, key, { currentDate: new Date((firstClaims.exp! + 1) * 1000) }),
    ).rejects.toBeInstanceOf(errors.JWTExpired);
    await expect(
      jwtVerify(first.token, new TextEncoder().encode('some-other-secret-of-enough-length')),
    ).rejects.toBeInstanceOf(errors.JWSSignatureVerificationFailed);

    // It is no API token: the portal refuses it as a bearer.
    const asBearer = await app.inject({
      method: 'GET',
      url: '/api/account',
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect(asBearer.statusCode).toBe(401);
  });

  test('an unknown page answers 400; a signed-out or non-stylist caller gets no link', async () => {
    const unknown = await link(app, token, { page: 'billing' });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(ErrorBodySchema.parse(unknown.json()).errors ?? {})).toEqual(['page']);
    expect((await link(app, adminToken, { page: 'terms' })).statusCode).toBe(403);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/stylist/account-site-link',
      payload: { page: 'terms' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  test('without an account site the link answers 404 in the error shape', async () => {
    const response = await link(bare, bareToken, { page: 'personal-info' });
    expect(response.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(response.json())).toEqual({
      message: 'The account site is not available on this server.',
      code: 'NOT_FOUND',
    });
  });

  test('site links say where help is and whether the account site exists', async () => {
    const configured = await app.inject({
      method: 'GET',
      url: '/api/site-links',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(SiteLinksSchema.parse(configured.json())).toEqual({
      helpUrl: HELP_SITE_URL,
      hasAccountSite: true,
    });
    const none = await bare.inject({
      method: 'GET',
      url: '/api/site-links',
      headers: { authorization: `Bearer ${bareToken}` },
    });
    expect(SiteLinksSchema.parse(none.json())).toEqual({ helpUrl: null, hasAccountSite: false });
  });

  test('an account site without its hand-off secret is a configuration error', () => {
    expect(() => loadConfig({ ACCOUNT_SITE_URL })).toThrow(ConfigError);
    expect(() => loadConfig({ ACCOUNT_SITE_URL })).toThrow(/ACCOUNT_SITE_HANDOFF_SECRET/);
    expect(() =>
      loadConfig({ ACCOUNT_SITE_URL, ACCOUNT_SITE_HANDOFF_SECRET: 'too-short' }),
    ).toThrow(/at least 32 characters/);
  });
});
