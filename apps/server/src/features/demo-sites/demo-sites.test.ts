import {
  AccountSiteLinkSchema,
  ClientDocumentSchema,
  ClientLoginTicketSchema,
  QuoteListDocumentSchema,
  SiteLinksSchema,
} from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import { createShopSso, shopSsoTokenKey } from '../../integrations/shop-sso/shop-sso.ts';
import { insertClients, insertQuote } from '../../test/fixtures.ts';
import {
  buildTestApp,
  createTestAccount,
  signIn,
  TEST_ORIGIN,
  tokenFor,
} from '../../test/test-app.ts';
import { createAccountSiteLink, demoHandoffSecret } from '../account-site/index.ts';

// The secret test-app.ts configures, from which the demo sites' keys are derived.
const AUTH_SECRET = 'test-secret-that-is-long-enough-0123456789';

let app: App;
let stylist: Awaited<ReturnType<typeof createTestAccount>>;
let client: { id: number; userId: string; email: string };
let quoteId: number;
let token: string;
let admin: Awaited<ReturnType<typeof createTestAccount>>;
const cookies = { stylist: '', admin: '' };

beforeAll(async () => {
  app = await buildTestApp({ DEMO_SITES: 'true' });
  const db = app.database.db;
  stylist = await createTestAccount(app, { firstName: 'Camille', lastName: 'Laurent' });
  admin = await createTestAccount(app, { role: 'admin' });
  client = (
    await insertClients(db, stylist.stylistId!, [{ firstName: 'Margaux', lastName: 'Dubois' }])
  )[0]!;
  quoteId = await insertQuote(db, {
    stylistId: stylist.stylistId!,
    clientId: client.id,
    name: 'Kelly 28',
  });
  token = await tokenFor(app, stylist.email);
  cookies.stylist = (await signIn(app, stylist.email)).cookie;
  cookies.admin = (await signIn(app, admin.email)).cookie;
});
afterAll(() => app.close());

const get = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const pathOf = (url: string) => {
  const parsed = new URL(url);
  expect(parsed.origin).toBe(TEST_ORIGIN);
  return `${parsed.pathname}${parsed.search}`;
};

/** A refusal is a page a person reads, with its 4xx status, its site's title and no record. */
function expectRefusalPage(
  response: Awaited<ReturnType<typeof get>>,
  status: number,
  title: string,
  says: RegExp,
) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.body).toContain(`<h1>${title}</h1>`);
  expect(response.body).toMatch(says);
}

describe('demo shop', () => {
  async function openShop(target: 'dashboard' | 'quotes' | 'ship-list') {
    const ticket = await app.inject({
      method: 'POST',
      url: `/api/stylist/clients/${client.id}/client-login`,
      headers: { authorization: `Bearer ${token}` },
      payload: { target },
    });
    expect(ticket.statusCode).toBe(201);
    const signIn = await get(pathOf(ClientLoginTicketSchema.parse(ticket.json()).url));
    expect(signIn.statusCode).toBe(302);
    const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
    return { location: String(signIn.headers.location), cookie };
  }

  test("the shop sign-in lands on the demo shop, which reads the cookie's token and shows the client", async () => {
    const { location, cookie } = await openShop('quotes');
    expect(location).toBe(`${TEST_ORIGIN}/demo/shop/account/quotes?check-sso=true`);
    const page = await get(pathOf(location), cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Demo shop</h1>');
    expect(page.body).toContain('<h2>Quotes to review</h2>');
    expect(page.body).toContain('Margaux Dubois');
    expect(page.body).toContain(client.email);
    expect(page.body).toContain(client.userId);

    const buy = await openShop('dashboard');
    expect(buy.location).toBe(`${TEST_ORIGIN}/demo/shop/account?check-sso=true`);
    expect((await get(pathOf(buy.location), buy.cookie)).body).toContain('Account dashboard');
  });

  test('no cookie, no check-sso, an expired token or one signed with another key: 401, no client shown', async () => {
    const { cookie } = await openShop('ship-list');
    const url = '/demo/shop/account/ship-list?check-sso=true';
    const shopSso = (key: string) =>
      createShopSso({
        shopUrl: `${TEST_ORIGIN}/demo/shop`,
        publicUrl: TEST_ORIGIN,
        cookie: { name: 'atelier_sso', domain: undefined },
        tokenKey: shopSsoTokenKey(null, key),
        multipassSecret: null,
      });
    const customer = {
      ...client,
      firstName: 'Margaux',
      lastName: 'Dubois',
      shopifyCustomerId: null,
    };
    const expired = await shopSso(AUTH_SECRET).signIn(
      customer,
      'ship-list',
      new Date(Date.now() - 6 * 60_000),
    );
    const forged = await shopSso('another-auth-secret-that-is-long-enough').signIn(
      customer,
      'ship-list',
    );
    // The same key signs a token that the shop accepts: the refusals below are for their reason.
    const fresh = await shopSso(AUTH_SECRET).signIn(customer, 'ship-list');
    expect((await get(url, `atelier_sso=${fresh.cookie!.value}`)).statusCode).toBe(200);

    for (const [address, sent] of [
      [url, undefined],
      ['/demo/shop/account/ship-list', cookie],
      [url, `atelier_sso=${expired.cookie!.value}`],
      [url, `atelier_sso=${forged.cookie!.value}`],
      [url, 'atelier_sso=not-a-token'],
    ] as const) {
      const page = await get(address, sent);
      expectRefusalPage(page, 401, 'Demo shop', /Open the shop again from the portal/);
      expect(page.body).not.toContain('Margaux');
    }
  });
});

describe('demo account site', () => {
  async function handoffUrl(page: string) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/stylist/account-site-link',
      headers: { authorization: `Bearer ${token}` },
      payload: { page },
    });
    expect(response.statusCode).toBe(200);
    return AccountSiteLinkSchema.parse(response.json()).url;
  }

  test('the modal knows the account and help sites, and each hand-off lands on its page signed in', async () => {
    const siteLinks = await app.inject({
      method: 'GET',
      url: '/api/site-links',
      headers: { authorization: `Bearer ${token}` },
    });
    const links = SiteLinksSchema.parse(siteLinks.json());
    expect(links).toEqual({ helpUrl: `${TEST_ORIGIN}/demo/help`, hasAccountSite: true });

    for (const [page, heading] of [
      ['personal-info', 'Personal info'],
      ['security', 'Security'],
      ['terms', 'Terms of use'],
    ]) {
      const url = await handoffUrl(page!);
      expect(url).toMatch(new RegExp(`^${TEST_ORIGIN}/demo/account/${page}\\?handoff=`));
      const response = await get(pathOf(url));
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<h1>Demo account site</h1>');
      expect(response.body).toContain(`<h2>${heading}</h2>`);
      expect(response.body).toContain(stylist.email);
      expect(response.body).toContain(`<dd>${page}</dd>`);
    }
  });

  test('a missing, expired, altered or foreign hand-off token is refused with a 401 page', async () => {
    const site = {
      url: `${TEST_ORIGIN}/demo/account`,
      handoffSecret: demoHandoffSecret(AUTH_SECRET),
    };
    const actor = { userId: stylist.userId, role: 'stylist', stylistId: null, sessionId: null };
    const expired = await createAccountSiteLink(
      { site, issuer: TEST_ORIGIN },
      actor,
      'security',
      new Date(Date.now() - 2 * 60_000),
    );
    const foreign = await createAccountSiteLink(
      {
        site: { ...site, handoffSecret: demoHandoffSecret('another-auth-secret-long-enough') },
        issuer: TEST_ORIGIN,
      },
      actor,
      'security',
    );
    const good = new URL(await handoffUrl('security'));
    const altered = `${good.pathname}?handoff=${good.searchParams.get('handoff')!.slice(0, -3)}AAA`;
    for (const url of [
      '/demo/account/security',
      pathOf(expired.url),
      pathOf(foreign.url),
      altered,
    ]) {
      const page = await get(url);
      expectRefusalPage(page, 401, 'Demo account site', /expired or is not valid/);
      expect(page.body).not.toContain(stylist.email);
    }
    // A page the account site does not have.
    expectRefusalPage(
      await get(`/demo/account/payouts?handoff=${good.searchParams.get('handoff')}`),
      400,
      'Demo account site',
      /not valid/,
    );
  });
});

test('the demo help site shows the FAQ to anyone', async () => {
  const page = await get('/demo/help');
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('<h1>Demo help site</h1>');
  expect(page.body).toContain('Frequently asked questions');
});

describe('the admin links without ADMIN_URL', () => {
  test("the client's and the quote's admin links open this server's office records, not a stand-in", async () => {
    const detail = await app.inject({
      method: 'GET',
      url: `/api/stylist/clients/${client.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const { links } = ClientDocumentSchema.parse(detail.json()).data;
    expect(links.admin).toBe(`${TEST_ORIGIN}/office/clients/${client.id}`);
    expect(links.shopAccount).toBe(`${TEST_ORIGIN}/demo/shop/account`);

    const list = await app.inject({
      method: 'GET',
      url: `/api/stylist/clients/${client.id}/quotes`,
      headers: { authorization: `Bearer ${token}` },
    });
    const quote = QuoteListDocumentSchema.parse(list.json()).data.find(
      (candidate) => candidate.id === quoteId,
    );
    expect(quote?.links.admin).toBe(`${TEST_ORIGIN}/office/items/${quoteId}`);

    // The records behind them are the office's, which the office's staff read.
    const record = await app.inject({
      method: 'GET',
      url: `/api/office/clients/${client.id}`,
      headers: { authorization: `Bearer ${await tokenFor(app, admin.email)}` },
    });
    expect(record.statusCode).toBe(200);
    expect(record.json().data.client.name).toBe('Margaux Dubois');

    // The stand-in is retired: its addresses are served no more, to anyone.
    for (const url of [
      `/demo/admin/suppliers/${client.id}`,
      `/demo/admin/pending-items/${quoteId}`,
    ]) {
      expect((await get(url, cookies.stylist)).statusCode).toBe(404);
      expect((await get(url, cookies.admin)).statusCode).toBe(404);
    }
  });
});

test('odd requests get a 4xx page, never a 500', async () => {
  for (const [url, cookie, status] of [
    ['/demo/shop/account?check-sso=true&check-sso=true', undefined, 400],
    ['/demo/account/security?handoff=a&handoff=b', undefined, 400],
    [`/demo/account/terms?handoff=${'x'.repeat(5000)}`, undefined, 401],
    ['/demo/shop/account?check-sso=true', 'atelier_sso=%E0%A4%A', 401],
  ] as const) {
    const response = await get(url, cookie);
    expect({ url, status: response.statusCode }).toEqual({ url, status });
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  }
});

test('without stand-ins (tests and production by default) none of their addresses is served', async () => {
  const bare = await buildTestApp();
  try {
    for (const url of [
      '/demo/shop/account?check-sso=true',
      '/demo/account/security',
      '/demo/help',
      '/demo/admin/suppliers/1',
    ]) {
      expect((await bare.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  } finally {
    await bare.close();
  }
});
