import { ErrorBodySchema, UNSTORABLE_TEXT_MESSAGE } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../app.ts';
import { clients } from '../db/schema.ts';
import { insertClients } from '../test/fixtures.ts';
import { solidImage } from '../test/images.ts';
import {
  buildTestApp,
  createTestAccount,
  randomAddress,
  TEST_ORIGIN,
  tokenFor,
} from '../test/test-app.ts';

let app: App;
let token: string;
let clientId: number;
beforeAll(async () => {
  app = await buildTestApp();
  const stylist = await createTestAccount(app);
  token = await tokenFor(app, stylist.email);
  const [client] = await insertClients(app.database.db, stylist.stylistId!, [
    { firstName: 'Ada', lastName: 'Moss' },
  ]);
  clientId = client!.id;
});
afterAll(() => app?.close());

const bearer = () => ({ authorization: `Bearer ${token}` });

function expectRefused(response: { statusCode: number; json: () => unknown }, field: string) {
  expect(response.statusCode).toBe(400);
  const body = ErrorBodySchema.parse(response.json());
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.errors?.[field]).toEqual([UNSTORABLE_TEXT_MESSAGE]);
}

describe('U+0000 in any text a request carries answers 400 and changes nothing', () => {
  test('in a JSON body field', async () => {
    const [before] = await app.database.db.select().from(clients).where(eq(clients.id, clientId));
    const response = await app.inject({
      method: 'PUT',
      url: `/api/stylist/clients/${clientId}`,
      headers: bearer(),
      payload: { comment: 'Prefers\u0000 mornings' },
    });
    expectRefused(response, 'comment');
    const [after] = await app.database.db.select().from(clients).where(eq(clients.id, clientId));
    expect(after).toEqual(before);
  });

  test('in a query parameter', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/stylist/clients?search=mo%00ss',
      headers: bearer(),
    });
    expectRefused(response, 'search');
  });

  test('in a path parameter', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/client/curated/${'A'.repeat(20)}%00${'A'.repeat(22)}`,
      remoteAddress: randomAddress(),
    });
    expectRefused(response, 'token');
  });

  test('in the sign-in form, which the auth library would otherwise take to the database', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: { email: 'someone\u0000@atelier.test', password: 'correct-horse-battery' },
      remoteAddress: randomAddress(),
    });
    expectRefused(response, 'email');
  });

  test('in a multipart form field', async () => {
    const form = new FormData();
    form.append('userId', '1\u00002');
    form.append(
      'file',
      new Blob([await solidImage('png', 32, 32)], { type: 'image/png' }),
      'a.png',
    );
    const response = await app.inject({
      method: 'POST',
      url: '/api/stylist/upload-profile-image',
      headers: bearer(),
      payload: form,
    });
    expectRefused(response, 'userId');
  });

  test('ordinary accented text and emoji pass', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: `/api/stylist/clients/${clientId}`,
      headers: bearer(),
      payload: { comment: 'Préfère les matinées 👗' },
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});
