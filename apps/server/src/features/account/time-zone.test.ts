import { AccountDocumentSchema, ErrorBodySchema } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import { stylists } from '../../db/schema.ts';
import { buildTestApp, createTestAccount, tokenFor } from '../../test/test-app.ts';

let app: App;
let own: Stylist;

interface Stylist {
  token: string;
  stylistId: number;
}

async function signedInStylist(): Promise<Stylist> {
  const account = await createTestAccount(app);
  return { token: await tokenFor(app, account.email), stylistId: account.stylistId! };
}

beforeAll(async () => {
  app = await buildTestApp();
  own = await signedInStylist();
});
afterAll(() => app.close());

const save = (body: unknown, bearer: string | null = own.token) =>
  app.inject({
    method: 'PATCH',
    url: '/api/account/time-zone',
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    payload: body as Record<string, unknown>,
  });

const storedZone = async (id = own.stylistId) =>
  (
    await app.database.db
      .select({ timeZone: stylists.timeZone })
      .from(stylists)
      .where(eq(stylists.id, id))
  )[0]?.timeZone;

test('a new stylist has no time zone until the browser sets one', async () => {
  const fresh = await signedInStylist();
  const response = await app.inject({
    method: 'GET',
    url: '/api/account?include=stylist',
    headers: { authorization: `Bearer ${fresh.token}` },
  });
  const account = AccountDocumentSchema.parse(response.json());
  expect(account.data.attributes.timeZone).toBeNull();
  expect(account.included[0]?.attributes.timeZone).toBeNull();
});

test('the zone is stored in its canonical spelling and shows on the account', async () => {
  const response = await save({ timeZone: 'america/los_angeles' });
  expect(response.statusCode, response.body).toBe(200);
  const account = AccountDocumentSchema.parse(response.json());
  expect(account.data.attributes.timeZone).toBe('America/Los_Angeles');
  expect(account.included[0]?.attributes.timeZone).toBe('America/Los_Angeles');
  expect(await storedZone()).toBe('America/Los_Angeles');
});

test('a zone Intl does not know answers 400 under timeZone and changes nothing', async () => {
  await save({ timeZone: 'Europe/Paris' });
  for (const timeZone of ['Mars/Olympus_Mons', '', '+05:30', 'x'.repeat(200), 42, null]) {
    const response = await save({ timeZone });
    expect(response.statusCode, JSON.stringify(timeZone)).toBe(400);
    const body = ErrorBodySchema.parse(response.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.errors ?? {})).toEqual(['timeZone']);
  }
  expect((await save({})).statusCode).toBe(400);
  expect((await save({ timeZone: 'UTC', extra: 1 })).statusCode).toBe(400);
  expect(await storedZone()).toBe('Europe/Paris');
});

test('a stylist changes only their own zone; anonymous callers get 401, admins 403', async () => {
  await save({ timeZone: 'Asia/Tokyo' });
  const other = await signedInStylist();
  const response = await save({ timeZone: 'Pacific/Auckland' }, other.token);
  expect(response.statusCode, response.body).toBe(200);
  expect(await storedZone(other.stylistId)).toBe('Pacific/Auckland');
  expect(await storedZone()).toBe('Asia/Tokyo');

  expect((await save({ timeZone: 'UTC' }, null)).statusCode).toBe(401);
  const admin = await createTestAccount(app, { role: 'admin' });
  expect((await save({ timeZone: 'UTC' }, await tokenFor(app, admin.email))).statusCode).toBe(403);
  expect(await storedZone()).toBe('Asia/Tokyo');
});
