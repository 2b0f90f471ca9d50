import {
  AccountDocumentSchema,
  ErrorBodySchema,
  PAYPAL_ADDRESS_REQUIRED,
  type PaymentOptionsBody,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import { stylists } from '../../db/schema.ts';
import { buildTestApp, createTestAccount, tokenFor } from '../../test/test-app.ts';

let app: App;
let token: string;
let stylistId: number;

beforeAll(async () => {
  app = await buildTestApp();
  const account = await createTestAccount(app);
  stylistId = account.stylistId!;
  token = await tokenFor(app, account.email);
});
afterAll(() => app.close());

const save = (body: PaymentOptionsBody | Record<string, unknown>, bearer: string | null = token) =>
  app.inject({
    method: 'PATCH',
    url: '/api/account/payment-options',
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    payload: body,
  });

async function account() {
  const response = await app.inject({
    method: 'GET',
    url: '/api/account?include=stylist',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return AccountDocumentSchema.parse(response.json());
}

const storedOptions = async () =>
  (
    await app.database.db
      .select({ paymentMethod: stylists.paymentMethod, paypalAddress: stylists.paypalAddress })
      .from(stylists)
      .where(eq(stylists.id, stylistId))
  )[0];

test('PayPal with a valid address is saved and shows on the account and its stylist entry', async () => {
  const response = await save({ paymentMethod: 'paypal', paypalAddress: ' camille@paypal.test ' });
  expect(response.statusCode, response.body).toBe(200);
  const answered = AccountDocumentSchema.parse(response.json());
  expect(answered).toEqual(await account());
  expect(answered.data.attributes).toMatchObject({
    paymentMethod: 'paypal',
    paypalAddress: 'camille@paypal.test',
  });
  expect(answered.included[0]?.attributes).toMatchObject({
    paymentMethod: 'paypal',
    paypalAddress: 'camille@paypal.test',
  });
});

test('PayPal without a valid address answers 400 under paypalAddress and changes nothing', async () => {
  await save({ paymentMethod: 'paypal', paypalAddress: 'first@paypal.test' });
  const before = await storedOptions();
  for (const body of [
    { paymentMethod: 'paypal', paypalAddress: 'not-an-email' },
    { paymentMethod: 'paypal', paypalAddress: '' },
    { paymentMethod: 'paypal', paypalAddress: null },
    { paymentMethod: 'paypal' },
  ] as const) {
    const response = await save(body);
    expect(response.statusCode, JSON.stringify(body)).toBe(400);
    expect(ErrorBodySchema.parse(response.json()).errors).toEqual({
      paypalAddress: [PAYPAL_ADDRESS_REQUIRED],
    });
  }
  expect(await storedOptions()).toEqual(before);
});

test('choosing check keeps no PayPal address', async () => {
  await save({ paymentMethod: 'paypal', paypalAddress: 'camille@paypal.test' });
  const response = await save({ paymentMethod: 'check', paypalAddress: 'camille@paypal.test' });
  expect(response.statusCode, response.body).toBe(200);
  expect(AccountDocumentSchema.parse(response.json()).data.attributes).toMatchObject({
    paymentMethod: 'check',
    paypalAddress: null,
  });
  expect(await storedOptions()).toEqual({ paymentMethod: 'check', paypalAddress: null });
});

test('anonymous callers get 401 and admins 403, and nothing changes', async () => {
  const before = await storedOptions();
  const anonymous = await save({ paymentMethod: 'paypal', paypalAddress: 'x@paypal.test' }, null);
  expect(anonymous.statusCode).toBe(401);
  expect(ErrorBodySchema.parse(anonymous.json()).code).toBe('UNAUTHORIZED');
  const admin = await createTestAccount(app, { role: 'admin' });
  const forbidden = await save(
    { paymentMethod: 'paypal', paypalAddress: 'x@paypal.test' },
    await tokenFor(app, admin.email),
  );
  expect(forbidden.statusCode).toBe(403);
  expect(await storedOptions()).toEqual(before);
});
