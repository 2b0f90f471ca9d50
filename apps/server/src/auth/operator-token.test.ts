import { MarketingBoxDocumentSchema } from '@atelier/contract';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { App } from '../app.ts';
import { auditLog } from '../db/schema.ts';
import {
  buildTestApp,
  createTestAccount,
  TEST_AUTH_SECRET as secret,
  tokenFor,
} from '../test/test-app.ts';
import { mintOperatorToken, OPERATOR_TOKEN_TTL_SECONDS } from './operator-token.ts';

let app: App;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const call = (token: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload && { payload }),
  });

const box = {
  isEnabled: true,
  title: 'Spring consignment week',
  linkUrl: 'https://shop.example.com/spring',
  imageUrl: 'https://shop.example.com/spring.jpg',
};

test("a token signed with the server's secret acts as the back office, audited as the command line", async () => {
  const token = await mintOperatorToken(secret);
  const before = await call(token, 'GET', '/api/admin/marketing-box');
  expect(before.statusCode).toBe(200);
  expect(MarketingBoxDocumentSchema.parse(before.json())).toEqual({ data: null });

  expect((await call(token, 'PUT', '/api/admin/marketing-box', box)).statusCode).toBe(200);
  const [row] = await app.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  expect(row).toMatchObject({
    actorUserId: null,
    action: 'PUT /api/admin/marketing-box',
    detail: { status: 200, body: box },
  });
  expect((await call(token, 'GET', '/api/admin/marketing-box')).json()).toEqual({ data: box });
});

test('it opens admin routes only: a stylist or account route answers 401', async () => {
  const token = await mintOperatorToken(secret);
  for (const url of ['/api/stylist/dashboard', '/api/account']) {
    expect((await call(token, 'GET', url)).statusCode).toBe(401);
  }
});

test("a stylist's own token is refused on the back office's marketing box", async () => {
  const stylistToken = await tokenFor(app, (await createTestAccount(app)).email);
  expect((await call(stylistToken, 'GET', '/api/admin/marketing-box')).statusCode).toBe(403);
  expect((await call(stylistToken, 'PUT', '/api/admin/marketing-box', box)).statusCode).toBe(403);
});

test('another secret, or a token past its minute, is refused with 401 in the error shape', async () => {
  const forged = await mintOperatorToken('another-secret-that-is-long-enough-012345');
  const answer = await call(forged, 'GET', '/api/admin/marketing-box');
  expect(answer.statusCode).toBe(401);
  expect(answer.json()).toMatchObject({ code: 'UNAUTHORIZED' });

  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    vi.setSystemTime(Date.now() - (OPERATOR_TOKEN_TTL_SECONDS + 5) * 1000);
    const stale = await mintOperatorToken(secret);
    vi.useRealTimers();
    expect((await call(stale, 'GET', '/api/admin/marketing-box')).statusCode).toBe(401);
  } finally {
    vi.useRealTimers();
  }
});
