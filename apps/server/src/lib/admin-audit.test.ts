import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { App } from '../app.ts';
import { auditLog, outbox } from '../db/schema.ts';
import { enqueueEmail } from '../integrations/outbox/outbox.ts';
import { buildTestApp, createTestAccount, signIn, tokenFor } from '../test/test-app.ts';

let app: App;
let admin: Awaited<ReturnType<typeof createTestAccount>>;
let stylist: Awaited<ReturnType<typeof createTestAccount>>;
let token: string;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await createTestAccount(app, { role: 'admin' });
  stylist = await createTestAccount(app);
  token = await tokenFor(app, admin.email);
});
afterAll(() => app.close());

const rows = () => app.database.db.select().from(auditLog).orderBy(desc(auditLog.id));

const notify = (text: string) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/notifications',
    headers: { authorization: `Bearer ${token}` },
    payload: { stylistEmail: stylist.email, kind: 'quote_status_changed', text },
    remoteAddress: '10.9.8.7',
  });

test('an admin change writes who did what, to what, when and from where', async () => {
  const before = Date.now();
  expect((await notify('Your Kelly 28 was authenticated.')).statusCode).toBe(201);
  const [row] = await rows();
  expect(row).toMatchObject({
    actorUserId: admin.userId,
    action: 'POST /api/admin/notifications',
    subject: '/api/admin/notifications',
    ipAddress: '10.9.8.7',
    detail: { status: 201, body: { text: 'Your Kelly 28 was authenticated.' } },
  });
  expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1_000);
});

test('a path parameter is the subject', async () => {
  const id = await enqueueEmail(app.database.db, {
    to: stylist.email,
    subject: 'A message the outbox gave up on',
    text: 'Hello',
  });
  await app.database.db.update(outbox).set({ failedAt: new Date() }).where(eq(outbox.id, id));
  const answer = await app.inject({
    method: 'POST',
    url: `/api/admin/outbox/${id}/retry`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.statusCode).toBe(200);
  expect((await rows())[0]).toMatchObject({
    action: 'POST /api/admin/outbox/:id/retry',
    subject: `id=${id}`,
  });
});

test('reads and refused changes write nothing', async () => {
  const count = (await rows()).length;
  const read = await app.inject({
    method: 'GET',
    url: '/api/admin/outbox',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(read.statusCode).toBe(200);
  expect((await notify('')).statusCode).toBe(400);
  const missing = await app.inject({
    method: 'POST',
    url: '/api/admin/outbox/999999/retry',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(missing.statusCode).toBe(404);
  expect(await rows()).toHaveLength(count);
});

test('opening a stylist account is audited without its password, and the stylist signs in', async () => {
  const email = `opened-${Date.now()}@atelier.test`;
  const body = { email, password: 'velvet-lining-autumn', firstName: 'Nina', lastName: 'Vale' };
  const create = () =>
    app.inject({
      method: 'POST',
      url: '/api/admin/stylists',
      headers: { authorization: `Bearer ${token}` },
      payload: body,
    });
  const created = await create();
  expect(created.statusCode).toBe(201);
  expect(created.json()).toMatchObject({ email, stylistId: expect.any(Number) });
  const [row] = await rows();
  expect(row).toMatchObject({
    action: 'POST /api/admin/stylists',
    detail: { body: { email, firstName: 'Nina', lastName: 'Vale' } },
  });
  expect(JSON.stringify(row)).not.toContain('velvet-lining-autumn');
  expect((await signIn(app, email, 'velvet-lining-autumn')).response.statusCode).toBe(200);
  expect((await create()).statusCode).toBe(409);

  const stylistToken = await tokenFor(app, stylist.email);
  const refused = await app.inject({
    method: 'POST',
    url: '/api/admin/stylists',
    headers: { authorization: `Bearer ${stylistToken}` },
    payload: { ...body, email: `x-${email}` },
  });
  expect(refused.statusCode).toBe(403);
});

test('a ban whose reason holds half of a surrogate pair (valid JSON, refused by jsonb) answers 400 and changes nothing', async () => {
  const before = await rows();
  const answer = await app.inject({
    method: 'POST',
    url: '/api/admin/users/ban',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: `{"email":"${stylist.email}","reason":"\\ud800"}`,
  });
  expect(answer.statusCode, answer.body).toBe(400);
  expect(answer.json()).toMatchObject({
    code: 'VALIDATION_FAILED',
    errors: { reason: [expect.any(String)] },
  });
  expect(await rows()).toEqual(before);
  expect((await signIn(app, stylist.email)).response.statusCode).toBe(200);
});
