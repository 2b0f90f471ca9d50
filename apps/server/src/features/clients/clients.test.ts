import {
  ClientDocumentSchema,
  ClientListDocumentSchema,
  DUPLICATE_CLIENT_EMAIL_MESSAGE,
  ownClientEmailMessage,
  ErrorBodySchema,
  type CreateClientBody,
} from '@atelier/contract';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import { clients, users } from '../../db/schema.ts';
import { shopAccountRow } from '../user-accounts/index.ts';
import { buildTestApp, createTestAccount, tokenFor } from '../../test/test-app.ts';

let app: App;
let camille: Awaited<ReturnType<typeof createTestAccount>>;
let ines: Awaited<ReturnType<typeof createTestAccount>>;
let camilleToken: string;
let inesToken: string;

beforeAll(async () => {
  app = await buildTestApp({
    ADMIN_URL: 'https://admin.atelier.test/',
    SHOP_URL: 'https://shop.atelier.test',
  });
  camille = await createTestAccount(app, { firstName: 'Camille', lastName: 'Laurent' });
  ines = await createTestAccount(app, { firstName: 'Ines', lastName: 'Moreau' });
  camilleToken = await tokenFor(app, camille.email);
  inesToken = await tokenFor(app, ines.email);
});
afterAll(() => app.close());

let emailCounter = 0;
function newClient(overrides: Partial<Record<keyof CreateClientBody, unknown>> = {}) {
  emailCounter += 1;
  return {
    firstName: 'Margaux',
    lastName: 'Dubois',
    email: `margaux${emailCounter}@clients.test`,
    phone: '212.555.0101',
    address: '12 Prince St',
    city: 'New York',
    state: 'NY',
    postalCode: '10012',
    ...overrides,
  };
}

function call(
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload && { payload }),
  });
}

async function createClient(token: string, body = newClient()) {
  const response = await call(token, 'POST', '/api/stylist/clients', body);
  expect(response.statusCode).toBe(201);
  return ClientDocumentSchema.parse(response.json()).data;
}

const rowCounts = async () => ({
  clients: (await app.database.db.select({ n: count() }).from(clients))[0]!.n,
  users: (await app.database.db.select({ n: count() }).from(users))[0]!.n,
});

describe('registering a client', () => {
  test('creates the client with a normalised phone, the shop links and a shop account', async () => {
    const before = await rowCounts();
    const response = await call(
      camilleToken,
      'POST',
      '/api/stylist/clients',
      newClient({ email: 'Margaux.Dubois@Clients.test', phone: '+1 (212) 555 0101' }),
    );
    expect(response.statusCode).toBe(201);
    const { data } = ClientDocumentSchema.parse(response.json());
    expect(data.attributes).toMatchObject({
      firstName: 'Margaux',
      lastName: 'Dubois',
      name: 'Margaux Dubois',
      initials: 'MD',
      email: 'Margaux.Dubois@Clients.test',
      phone: '(212) 555-0101',
      state: 'NY',
      postalCode: '10012',
      comment: '',
      thumbnailUrl: null,
      commissions: [{ number: 0, total: 0 }],
      pendingItems: [
        {
          open: 0,
          accepted: 0,
          total: 0,
          itemsSold: 0,
          pendingReviewTotal: 0,
          pendingShipmentTotal: 0,
        },
      ],
    });
    expect(data.links).toEqual({
      admin: `https://admin.atelier.test/suppliers/${data.id}`,
      shopAccount: 'https://shop.atelier.test/account',
      shopQuotes: 'https://shop.atelier.test/account/quotes',
      shopShipList: 'https://shop.atelier.test/account/ship-list',
    });

    const [account] = await app.database.db
      .select()
      .from(users)
      .where(eq(users.id, data.attributes.userId));
    expect(account).toMatchObject({ role: 'user', email: 'margaux.dubois@clients.test' });
    const [row] = await app.database.db.select().from(clients).where(eq(clients.id, data.id));
    expect(row?.stylistId).toBe(camille.stylistId);
    expect(await rowCounts()).toEqual({
      clients: before.clients + 1,
      users: before.users + 1,
    });
  });

  const tooLong = (n: number) => 'x'.repeat(n + 1);
  const badFields: [field: string, what: string, value: unknown][] = [
    ['firstName', 'missing', undefined],
    ['firstName', 'blank', '   '],
    ['firstName', 'too long', tooLong(100)],
    ['lastName', 'missing', undefined],
    ['lastName', 'blank', ''],
    ['lastName', 'too long', tooLong(100)],
    ['email', 'missing', undefined],
    ['email', 'blank', ' '],
    ['email', 'too long', `${'x'.repeat(250)}@clients.test`],
    ['email', 'not an address', 'margaux-at-clients.test'],
    ['email', 'not text', 42],
    ['phone', 'missing', undefined],
    ['phone', 'blank', ''],
    ['phone', 'too long', '1'.repeat(41)],
    ['phone', 'too few digits', '555-0101'],
    ['phone', 'letters', '212-555-CALL'],
    ['address', 'missing', undefined],
    ['address', 'blank', '  '],
    ['address', 'too long', tooLong(200)],
    ['city', 'missing', undefined],
    ['city', 'blank', ''],
    ['city', 'too long', tooLong(100)],
    ['state', 'missing', undefined],
    ['state', 'unknown', 'XX'],
    ['state', 'a territory, not a state', 'PR'],
    ['state', 'lower case', 'ny'],
    ['postalCode', 'missing', undefined],
    ['postalCode', 'too short', '1001'],
    ['postalCode', 'letters', 'ABCDE'],
    ['postalCode', 'a broken ZIP+4', '10012-12'],
  ];
  test.each(badFields)(
    'refuses %s when %s with 400 under that field and writes nothing',
    async (field, _what, value) => {
      const before = await rowCounts();
      const body = Object.fromEntries(
        Object.entries({ ...newClient(), [field]: value }).filter(([, v]) => v !== undefined),
      );
      const response = await call(camilleToken, 'POST', '/api/stylist/clients', body);
      expect(response.statusCode).toBe(400);
      const error = ErrorBodySchema.parse(response.json());
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error.errors ?? {})).toEqual([field]);
      expect(error.errors?.[field]?.[0]).toEqual(expect.any(String));
      expect(await rowCounts()).toEqual(before);
    },
  );

  test('refuses an unknown extra field by name and writes nothing', async () => {
    const before = await rowCounts();
    const response = await call(
      camilleToken,
      'POST',
      '/api/stylist/clients',
      newClient({ stylistId: 999 } as never),
    );
    expect(response.statusCode).toBe(400);
    const error = ErrorBodySchema.parse(response.json());
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { stylistId: ['Unknown field'] },
    });
    expect(await rowCounts()).toEqual(before);
  });

  test('an email already registered, in another letter case, answers 409 under email and writes nothing', async () => {
    const first = await createClient(
      camilleToken,
      newClient({ email: 'olga.petrova@clients.test' }),
    );
    const before = await rowCounts();
    // Another stylist, too: the shop account is global.
    const response = await call(
      inesToken,
      'POST',
      '/api/stylist/clients',
      newClient({ email: 'Olga.PETROVA@clients.test', firstName: 'Someone', lastName: 'Else' }),
    );
    expect(response.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(response.json())).toEqual({
      message: DUPLICATE_CLIENT_EMAIL_MESSAGE,
      code: 'CONFLICT',
      errors: { email: [DUPLICATE_CLIENT_EMAIL_MESSAGE] },
    });
    expect(await rowCounts()).toEqual(before);
    expect(first.attributes.email).toBe('olga.petrova@clients.test');
  });

  test("a stylist's own sign-in email cannot be a client's", async () => {
    const before = await rowCounts();
    const response = await call(
      camilleToken,
      'POST',
      '/api/stylist/clients',
      newClient({ email: camille.email.toUpperCase() }),
    );
    expect(response.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(response.json()).errors).toEqual({
      email: [DUPLICATE_CLIENT_EMAIL_MESSAGE],
    });
    expect(await rowCounts()).toEqual(before);
  });

  test('the same message for staff, stylists and other stylists’ clients; one’s own client is named', async () => {
    const admin = await createTestAccount(app, { role: 'admin' });
    const own = await createClient(camilleToken, newClient({ email: 'own.client@clients.test' }));
    const others = await createClient(inesToken, newClient({ email: 'ines.client@clients.test' }));
    const before = await rowCounts();
    const tryEmail = (email: string) =>
      call(camilleToken, 'POST', '/api/stylist/clients', newClient({ email }));
    const bodies = await Promise.all(
      [admin.email, ines.email, 'ines.client@clients.test'].map(async (email) => {
        const response = await tryEmail(email);
        expect(response.statusCode).toBe(409);
        return response.json();
      }),
    );
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(bodies[0]).toMatchObject({ message: DUPLICATE_CLIENT_EMAIL_MESSAGE });
    expect(JSON.stringify(bodies)).not.toContain(others.attributes.lastName);

    const mine = await tryEmail('OWN.client@clients.test');
    const message = ownClientEmailMessage(`${own.attributes.firstName} ${own.attributes.lastName}`);
    expect(mine.json()).toEqual({ message, code: 'CONFLICT', errors: { email: [message] } });
    expect(await rowCounts()).toEqual(before);
  });

  test('two registrations of one address at once: one is created, the other answers 409', async () => {
    const before = await rowCounts();
    const body = newClient({ email: 'twice@clients.test' });
    const responses = await Promise.all([
      call(camilleToken, 'POST', '/api/stylist/clients', body),
      call(inesToken, 'POST', '/api/stylist/clients', { ...body, email: 'TWICE@clients.test' }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const conflict = responses.find((r) => r.statusCode === 409)!;
    expect(ErrorBodySchema.parse(conflict.json()).errors).toEqual({
      email: [DUPLICATE_CLIENT_EMAIL_MESSAGE],
    });
    expect(await rowCounts()).toEqual({ clients: before.clients + 1, users: before.users + 1 });
  });

  // PGlite is one connection, so only PostgreSQL can hold a registration open beside a request.
  test.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'an address taken by a registration committing mid-request answers 409, not 500',
    async () => {
      const before = await rowCounts();
      const db = app.database.db;
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let inserted = () => {};
      const hasInserted = new Promise<void>((resolve) => (inserted = resolve));
      const rival = db.transaction(async (tx) => {
        await tx
          .insert(users)
          .values(shopAccountRow({ firstName: 'R', lastName: 'Ival', email: 'race@clients.test' }));
        inserted();
        await released;
      });
      await hasInserted;
      // The request does not see the uncommitted row, so its own insert waits on the unique index.
      const request = call(
        camilleToken,
        'POST',
        '/api/stylist/clients',
        newClient({ email: 'Race@clients.test' }),
      );
      let isWaiting = false;
      for (let attempt = 0; attempt < 200 && !isWaiting; attempt++) {
        const result = (await db.execute(
          sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        )) as unknown as { rows: { n: number }[] };
        isWaiting = result.rows[0]!.n > 0;
        if (!isWaiting) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(isWaiting).toBe(true);
      release();
      await rival;
      const response = await request;
      expect(response.statusCode).toBe(409);
      expect(ErrorBodySchema.parse(response.json()).errors).toEqual({
        email: [DUPLICATE_CLIENT_EMAIL_MESSAGE],
      });
      expect(await rowCounts()).toEqual({ clients: before.clients, users: before.users + 1 });
    },
  );

  test('a body that is not JSON answers 400 and writes nothing', async () => {
    const before = await rowCounts();
    const response = await app.inject({
      method: 'POST',
      url: '/api/stylist/clients',
      headers: { authorization: `Bearer ${camilleToken}`, 'content-type': 'application/json' },
      payload: '{"firstName": ',
    });
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json()).code).toBe('BAD_REQUEST');
    expect(await rowCounts()).toEqual(before);
  });
});

describe("one stylist never reaches another's clients", () => {
  let camillesClient: Awaited<ReturnType<typeof createClient>>;

  beforeAll(async () => {
    camillesClient = await createClient(
      camilleToken,
      newClient({ firstName: 'Private', lastName: 'Person' }),
    );
    await call(camilleToken, 'PUT', `/api/stylist/clients/${camillesClient.id}`, {
      comment: 'Prefers Hermès',
    });
  });

  test("another stylist's list, page and search never contain them", async () => {
    for (const url of [
      '/api/stylist/clients',
      '/api/stylist/clients?page=1',
      '/api/stylist/clients?search=private',
    ]) {
      const response = await call(inesToken, 'GET', url);
      expect(response.statusCode).toBe(200);
      const list = ClientListDocumentSchema.parse(response.json());
      const ids = list.data.map((client) => client.id);
      expect(ids).not.toContain(camillesClient.id);
      const owners = await app.database.db
        .select({ stylistId: clients.stylistId })
        .from(clients)
        .where(inArray(clients.id, ids.length ? ids : [0]));
      expect(owners.every((owner) => owner.stylistId === ines.stylistId)).toBe(true);
    }
    const own = ClientListDocumentSchema.parse(
      (await call(camilleToken, 'GET', '/api/stylist/clients?search=private')).json(),
    );
    expect(own.data.map((client) => client.id)).toEqual([camillesClient.id]);
  });

  test('reading it answers 404 exactly as a client that does not exist', async () => {
    const foreign = await call(inesToken, 'GET', `/api/stylist/clients/${camillesClient.id}`);
    const missing = await call(inesToken, 'GET', '/api/stylist/clients/2147483647');
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(foreign.json())).toEqual(ErrorBodySchema.parse(missing.json()));
    expect(foreign.json()).toEqual({ message: 'Client not found', code: 'NOT_FOUND' });
  });

  test('saving notes on it answers 404 and changes nothing', async () => {
    const response = await call(inesToken, 'PUT', `/api/stylist/clients/${camillesClient.id}`, {
      comment: 'overwritten',
    });
    expect(response.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(response.json()).code).toBe('NOT_FOUND');
    const [row] = await app.database.db
      .select({ comment: clients.comment })
      .from(clients)
      .where(eq(clients.id, camillesClient.id));
    expect(row?.comment).toBe('Prefers Hermès');
  });

  test('a client id that is not a number answers 400', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const response = await call(camilleToken, 'GET', `/api/stylist/clients/${id}`);
      expect(response.statusCode).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).errors).toHaveProperty('clientId');
    }
  });
});

describe('notes', () => {
  test('saved notes come back on the next read', async () => {
    const client = await createClient(camilleToken);
    const saved = await call(camilleToken, 'PUT', `/api/stylist/clients/${client.id}`, {
      comment: 'Size 38. Call after 6 pm.',
    });
    expect(saved.statusCode).toBe(200);
    expect(ClientDocumentSchema.parse(saved.json()).data.attributes.comment).toBe(
      'Size 38. Call after 6 pm.',
    );
    const read = await call(camilleToken, 'GET', `/api/stylist/clients/${client.id}`);
    expect(read.statusCode).toBe(200);
    expect(ClientDocumentSchema.parse(read.json()).data.attributes.comment).toBe(
      'Size 38. Call after 6 pm.',
    );
    const cleared = await call(camilleToken, 'PUT', `/api/stylist/clients/${client.id}`, {
      comment: '',
    });
    expect(ClientDocumentSchema.parse(cleared.json()).data.attributes.comment).toBe('');
  });

  test('notes over 5000 characters answer 400 and keep the old notes', async () => {
    const client = await createClient(camilleToken);
    await call(camilleToken, 'PUT', `/api/stylist/clients/${client.id}`, { comment: 'Keep me' });
    const response = await call(camilleToken, 'PUT', `/api/stylist/clients/${client.id}`, {
      comment: 'x'.repeat(5001),
    });
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json()).errors).toHaveProperty('comment');
    const read = await call(camilleToken, 'GET', `/api/stylist/clients/${client.id}`);
    expect(ClientDocumentSchema.parse(read.json()).data.attributes.comment).toBe('Keep me');
  });

  test('only the notes can be changed this way', async () => {
    const client = await createClient(camilleToken);
    const response = await call(camilleToken, 'PUT', `/api/stylist/clients/${client.id}`, {
      comment: 'ok',
      email: 'hijack@clients.test',
    });
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json()).errors).toEqual({ email: ['Unknown field'] });
    const read = await call(camilleToken, 'GET', `/api/stylist/clients/${client.id}`);
    expect(ClientDocumentSchema.parse(read.json()).data.attributes).toMatchObject({
      comment: '',
      email: client.attributes.email,
    });
  });
});

describe('links', () => {
  test('without ADMIN_URL and SHOP_URL every link is null', async () => {
    const bare = await buildTestApp();
    try {
      const stylist = await createTestAccount(bare);
      const token = await tokenFor(bare, stylist.email);
      const response = await bare.inject({
        method: 'POST',
        url: '/api/stylist/clients',
        headers: { authorization: `Bearer ${token}` },
        payload: newClient(),
      });
      expect(response.statusCode).toBe(201);
      expect(ClientDocumentSchema.parse(response.json()).data.links).toEqual({
        admin: null,
        shopAccount: null,
        shopQuotes: null,
        shopShipList: null,
      });
    } finally {
      await bare.close();
    }
  });
});
