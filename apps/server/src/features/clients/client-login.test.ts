import {
  ClientLoginTicketSchema,
  ErrorBodySchema,
  SHOP_LOGIN_EXPIRED_MESSAGE,
  SHOP_LOGIN_FAILED_TITLE,
  type ShopLoginTarget,
} from '@atelier/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import { accessLinks, auditLog, clients } from '../../db/schema.ts';
import { decodeMultipassToken } from '../../integrations/shop-sso/testing.ts';
import { insertClients } from '../../test/fixtures.ts';
import { buildTestApp, createTestAccount, TEST_ORIGIN, tokenFor } from '../../test/test-app.ts';
import { clientAuditSubject, SHOP_LOGIN_AUDIT } from './client-login.service.ts';

const SHOP = 'http://shop.atelier.test';
const SSO_SECRET = 'the-shop-sso-secret-shared-with-the-shop-01';
const MULTIPASS_SECRET = 'a-shopify-multipass-secret';

interface World {
  app: App;
  stylist: Awaited<ReturnType<typeof createTestAccount>>;
  token: string;
  own: { id: number; userId: string; email: string };
  foreign: { id: number; userId: string; email: string };
}

async function buildWorld(env: Record<string, string>): Promise<World> {
  const app = await buildTestApp(env);
  const stylist = await createTestAccount(app);
  const other = await createTestAccount(app);
  const [own] = await insertClients(app.database.db, stylist.stylistId!, [
    { firstName: 'Ada', lastName: 'Lovelace' },
  ]);
  const [foreign] = await insertClients(app.database.db, other.stylistId!, [
    { firstName: 'Their', lastName: 'Client' },
  ]);
  return {
    app,
    stylist,
    token: await tokenFor(app, stylist.email),
    own: own!,
    foreign: foreign!,
  };
}

function askTicket(world: World, clientId: number, target?: ShopLoginTarget, bearer = world.token) {
  return world.app.inject({
    method: 'POST',
    url: `/api/stylist/clients/${clientId}/client-login`,
    headers: { authorization: `Bearer ${bearer}` },
    payload: target ? { target } : {},
  });
}

/** Opens the ticket's address as the new tab does: no bearer token, no cookie. */
function openTicket(world: World, url: string) {
  const { pathname, search } = new URL(url);
  return world.app.inject({ method: 'GET', url: `${pathname}${search}` });
}

async function ticketFor(world: World, target?: ShopLoginTarget) {
  const response = await askTicket(world, world.own.id, target);
  expect(response.statusCode).toBe(201);
  return ClientLoginTicketSchema.parse(response.json());
}

const auditRows = (world: World, clientId: number) =>
  world.app.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.subject, clientAuditSubject(clientId)))
    .orderBy(asc(auditLog.id));

const ticketRows = (world: World, clientIds: number[]) =>
  world.app.database.db.select().from(accessLinks).where(inArray(accessLinks.clientId, clientIds));

function setCookies(response: { headers: Record<string, unknown> }): string[] {
  const header = response.headers['set-cookie'];
  if (header === undefined) return [];
  return (Array.isArray(header) ? header : [header]).map(String);
}

describe('with the signed token and shared cookie', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld({
      SHOP_URL: `${SHOP}/`,
      SHOP_SSO_SECRET: SSO_SECRET,
      SSO_COOKIE_DOMAIN: 'localhost',
    });
  });
  afterAll(() => world.app.close());

  test('a ticket opens the shop once: cookie with the signed token, redirect with check-sso=true, audited', async () => {
    const before = Date.now();
    const ticket = await ticketFor(world, 'quotes');
    expect(ticket.url).toMatch(
      new RegExp(
        `^${TEST_ORIGIN}/api/stylist/${world.own.userId}/client-login\\?ticket=[\\w-]{43}&target=quotes$`,
      ),
    );
    const lifetime = Date.parse(ticket.expiresAt) - before;
    expect(lifetime).toBeGreaterThan(55_000);
    expect(lifetime).toBeLessThanOrEqual(61_000);

    const response = await openTicket(world, ticket.url);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${SHOP}/account/quotes?check-sso=true`);
    expect(response.headers['cache-control']).toBe('no-store');

    const cookies = setCookies(response);
    expect(cookies).toHaveLength(1);
    const [nameValue, ...attributes] = cookies[0]!.split('; ');
    expect(nameValue).toMatch(/^atelier_sso=[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(attributes).toEqual(
      expect.arrayContaining([
        'Max-Age=300',
        'Domain=localhost',
        'Path=/',
        'HttpOnly',
        'SameSite=Lax',
      ]),
    );
    // PUBLIC_URL is http here; over https the cookie is Secure (shop-sso.test.ts).
    expect(attributes).not.toContain('Secure');

    const { payload } = await jwtVerify(
      nameValue!.slice('atelier_sso='.length),
      new TextEncoder().encode(SSO_SECRET),
      { audience: SHOP, issuer: TEST_ORIGIN },
    );
    expect(payload).toMatchObject({ sub: world.own.userId, email: world.own.email });
    expect(payload.exp! - payload.iat!).toBe(300);

    const again = await openTicket(world, ticket.url);
    expect(again.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(again.json())).toEqual({
      message: SHOP_LOGIN_EXPIRED_MESSAGE,
      code: 'NOT_FOUND',
    });
    expect(setCookies(again)).toEqual([]);

    const rows = await auditRows(world, world.own.id);
    const ticketId = rows[0]?.detail && (rows[0].detail as { ticketId: number }).ticketId;
    expect(rows.map((row) => [row.action, row.actorUserId, row.detail])).toEqual([
      [
        SHOP_LOGIN_AUDIT.ticketIssued,
        world.stylist.userId,
        { clientId: world.own.id, target: 'quotes', ticketId, expiresAt: ticket.expiresAt },
      ],
      [
        SHOP_LOGIN_AUDIT.signedIn,
        world.stylist.userId,
        {
          clientId: world.own.id,
          target: 'quotes',
          ticketId,
          method: 'sso-cookie',
          ipAddress: '127.0.0.1',
        },
      ],
    ]);
  });

  test('Buy lands on the account dashboard, Stuff to Ship on the ship list', async () => {
    for (const [target, path] of [
      [undefined, '/account'],
      ['ship-list', '/account/ship-list'],
    ] as const) {
      const response = await openTicket(world, (await ticketFor(world, target)).url);
      expect(response.headers.location).toBe(`${SHOP}${path}?check-sso=true`);
    }
  });

  test("another stylist's client answers 404 and gets no ticket, no cookie and no audit row", async () => {
    const response = await askTicket(world, world.foreign.id, 'dashboard');
    expect(response.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(response.json()).code).toBe('NOT_FOUND');
    expect(setCookies(response)).toEqual([]);
    expect(await ticketRows(world, [world.foreign.id])).toEqual([]);
    expect(await auditRows(world, world.foreign.id)).toEqual([]);

    const missing = await askTicket(world, 999_999);
    expect(missing.statusCode).toBe(404);
  });

  test("a ticket opens only its own client's account, and not once it has expired", async () => {
    const ticket = await ticketFor(world);
    const forged = ticket.url.replace(world.own.userId, world.foreign.userId);
    const wrongClient = await openTicket(world, forged);
    expect(wrongClient.statusCode).toBe(404);
    expect(setCookies(wrongClient)).toEqual([]);
    // The wrong address did not use the ticket up.
    expect((await openTicket(world, ticket.url)).statusCode).toBe(302);

    const late = await ticketFor(world);
    await world.app.database.db
      .update(accessLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessLinks.purpose, 'shop-login'));
    const expired = await openTicket(world, late.url);
    expect(expired.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(expired.json()).message).toBe(SHOP_LOGIN_EXPIRED_MESSAGE);
    expect(setCookies(expired)).toEqual([]);
  });

  test('a ticket issued before the client moved to another stylist no longer signs in', async () => {
    const [moving] = await insertClients(world.app.database.db, world.stylist.stylistId!, [
      { firstName: 'Moving', lastName: 'Client' },
    ]);
    const issued = await askTicket(world, moving!.id);
    expect(issued.statusCode).toBe(201);
    const [foreignRow] = await world.app.database.db
      .select({ stylistId: clients.stylistId })
      .from(clients)
      .where(eq(clients.id, world.foreign.id));
    await world.app.database.db
      .update(clients)
      .set({ stylistId: foreignRow!.stylistId })
      .where(eq(clients.id, moving!.id));

    const opened = await openTicket(world, ClientLoginTicketSchema.parse(issued.json()).url);
    expect(opened.statusCode).toBe(404);
    expect(setCookies(opened)).toEqual([]);
    expect((await auditRows(world, moving!.id)).map((row) => row.action)).toEqual([
      SHOP_LOGIN_AUDIT.ticketIssued,
    ]);
  });

  test('a browser opening a used or malformed ticket reads a page in words, not the error shape', async () => {
    const { url } = await ticketFor(world);
    const { pathname, search } = new URL(url);
    const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    expect((await openTicket(world, url)).statusCode).toBe(302);

    const used = await world.app.inject({
      method: 'GET',
      url: `${pathname}${search}`,
      headers: browser,
    });
    expect(used.statusCode).toBe(404);
    expect(used.headers['content-type']).toMatch(/^text\/html/);
    expect(used.body).toContain(SHOP_LOGIN_FAILED_TITLE.replace("'", '&#39;'));
    expect(used.body).toContain('This shop sign-in link has expired or was already used.');
    expect(setCookies(used)).toEqual([]);

    const malformed = await world.app.inject({
      method: 'GET',
      url: `/api/stylist/${world.own.userId}/client-login?ticket=short`,
      headers: browser,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain(SHOP_LOGIN_EXPIRED_MESSAGE.split('.')[0]);
  });

  test('a malformed ticket answers 400 in the error shape; asking for one needs a stylist token', async () => {
    const malformed = await world.app.inject({
      method: 'GET',
      url: `/api/stylist/${world.own.userId}/client-login?ticket=short`,
    });
    expect(malformed.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(malformed.json()).code).toBe('VALIDATION_FAILED');

    const anonymous = await world.app.inject({
      method: 'POST',
      url: `/api/stylist/clients/${world.own.id}/client-login`,
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);

    const badTarget = await world.app.inject({
      method: 'POST',
      url: `/api/stylist/clients/${world.own.id}/client-login`,
      headers: { authorization: `Bearer ${world.token}` },
      payload: { target: 'checkout' },
    });
    expect(badTarget.statusCode).toBe(400);
  });
});

describe('with Shopify Multipass', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld({ SHOP_URL: SHOP, SHOPIFY_MULTIPASS_SECRET: MULTIPASS_SECRET });
  });
  afterAll(() => world.app.close());

  test("redirects to the store's multipass login with the client's email, created_at and the target", async () => {
    const before = Date.now();
    const response = await openTicket(world, (await ticketFor(world, 'quotes')).url);
    expect(response.statusCode).toBe(302);
    const location = String(response.headers.location);
    const prefix = `${SHOP}/account/login/multipass/`;
    expect(location.startsWith(prefix)).toBe(true);
    expect(setCookies(response)).toEqual([]);

    const customer = decodeMultipassToken(MULTIPASS_SECRET, location.slice(prefix.length));
    expect(customer).toMatchObject({
      email: world.own.email,
      return_to: `${SHOP}/account/quotes`,
      identifier: world.own.userId,
    });
    const createdAt = Date.parse(String(customer.created_at));
    expect(createdAt).toBeGreaterThanOrEqual(before - 1000);
    expect(createdAt).toBeLessThanOrEqual(Date.now());

    const rows = await auditRows(world, world.own.id);
    expect(rows.map((row) => (row.detail as { method?: string }).method ?? row.action)).toEqual([
      SHOP_LOGIN_AUDIT.ticketIssued,
      'multipass',
    ]);
  });
});

describe('without a shop', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld({});
  });
  afterAll(() => world.app.close());

  test('asking for a ticket answers 409 and records nothing', async () => {
    const response = await askTicket(world, world.own.id);
    expect(response.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(response.json()).message).toBe("The shop isn't connected yet");
    expect(await ticketRows(world, [world.own.id])).toEqual([]);
    expect(await auditRows(world, world.own.id)).toEqual([]);
  });
});
