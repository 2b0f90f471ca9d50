import { CreatedAdminSchema, ErrorBodySchema, UserAccessAnswerSchema } from '@atelier/contract';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import { auditLog } from '../../db/schema.ts';
import { buildTestApp, createTestAccount, signIn, tokenFor } from '../../test/test-app.ts';

let app: App;
let admin: Awaited<ReturnType<typeof createTestAccount>>;
let adminToken: string;
let stylistToken: string;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await createTestAccount(app, { role: 'admin' });
  adminToken = await tokenFor(app, admin.email);
  stylistToken = await tokenFor(app, (await createTestAccount(app)).email);
});
afterAll(() => app.close());

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload && { payload }),
  });

const audits = () => app.database.db.select().from(auditLog).orderBy(desc(auditLog.id));

/** Whether the account's token still works. */
const isAccepted = async (token: string) =>
  (await call(token, 'GET', '/api/account')).statusCode === 200;

describe('users on the admin API', () => {
  test("a ban ends the user's sessions and refuses sign-in; unban lets them back; both audited", async () => {
    const stylist = await createTestAccount(app);
    const token = await tokenFor(app, stylist.email);
    expect(await isAccepted(token)).toBe(true);

    const banned = await call(adminToken, 'POST', '/api/admin/users/ban', {
      email: stylist.email.toUpperCase(),
      reason: 'Shared the account',
    });
    expect(banned.statusCode).toBe(200);
    expect(UserAccessAnswerSchema.parse(banned.json())).toEqual({
      email: stylist.email,
      role: 'stylist',
      banned: true,
      sessionsEnded: 1,
    });
    expect(await isAccepted(token)).toBe(false);
    expect((await signIn(app, stylist.email)).response.statusCode).not.toBe(200);
    const [request, change] = await audits();
    expect(request).toMatchObject({
      actorUserId: admin.userId,
      action: 'POST /api/admin/users/ban',
      detail: { status: 200, body: { reason: 'Shared the account' } },
    });
    expect(change).toMatchObject({
      actorUserId: admin.userId,
      action: 'user.ban',
      subject: `user:${stylist.userId}`,
      detail: { reason: 'Shared the account' },
    });

    const unbanned = await call(adminToken, 'POST', '/api/admin/users/unban', {
      email: stylist.email,
    });
    expect(unbanned.json()).toEqual({
      email: stylist.email,
      role: 'stylist',
      banned: false,
      sessionsEnded: 0,
    });
    expect((await signIn(app, stylist.email)).response.statusCode).toBe(200);
    expect((await audits())[0]).toMatchObject({ action: 'POST /api/admin/users/unban' });
  });

  test('a role change ends the sessions, so the old token does not keep the old role', async () => {
    const stylist = await createTestAccount(app);
    const token = await tokenFor(app, stylist.email);
    const changed = await call(adminToken, 'POST', '/api/admin/users/role', {
      email: stylist.email,
      role: 'user',
    });
    expect(changed.json()).toEqual({
      email: stylist.email,
      role: 'user',
      banned: false,
      sessionsEnded: 1,
    });
    expect(await isAccepted(token)).toBe(false);
    expect((await audits())[1]).toMatchObject({
      action: 'user.set-role',
      detail: { from: 'stylist', to: 'user' },
    });
  });

  test('an admin account is opened, audited without its password, and signs in as admin', async () => {
    const email = `boss-${Date.now()}@atelier.test`;
    const body = { email, password: 'velvet-lining-autumn', firstName: 'Ada', lastName: 'Stone' };
    const created = await call(adminToken, 'POST', '/api/admin/admins', body);
    expect(created.statusCode).toBe(201);
    expect(CreatedAdminSchema.parse(created.json())).toEqual({ userId: expect.any(String), email });
    expect(JSON.stringify((await audits())[0])).not.toContain('velvet-lining-autumn');
    const newToken = await tokenFor(app, email, 'velvet-lining-autumn');
    expect((await call(newToken, 'GET', '/api/admin/outbox')).statusCode).toBe(200);
    expect((await call(adminToken, 'POST', '/api/admin/admins', body)).statusCode).toBe(409);
  });

  test('a stylist is refused every one of them, and nothing changes', async () => {
    const target = await createTestAccount(app);
    const count = (await audits()).length;
    const calls = [
      ['/api/admin/users/ban', { email: target.email }],
      ['/api/admin/users/unban', { email: target.email }],
      ['/api/admin/users/role', { email: target.email, role: 'admin' }],
      [
        '/api/admin/admins',
        {
          email: 'sneaky@atelier.test',
          password: 'velvet-lining-autumn',
          firstName: 'S',
          lastName: 'N',
        },
      ],
    ] as const;
    for (const [url, body] of calls) {
      const refused = await call(stylistToken, 'POST', url, body);
      expect(refused.statusCode).toBe(403);
      ErrorBodySchema.parse(refused.json());
    }
    expect((await audits()).length).toBe(count);
    expect((await signIn(app, target.email)).response.statusCode).toBe(200);
  });

  test('bad input is a 400 and an unknown email a 404, in the error shape, writing nothing', async () => {
    const count = (await audits()).length;
    const answers = [
      [await call(adminToken, 'POST', '/api/admin/users/ban', {}), 400],
      [await call(adminToken, 'POST', '/api/admin/users/ban', { email: 'a@b.c', until: 1 }), 400],
      [
        await call(adminToken, 'POST', '/api/admin/users/role', { email: 'a@b.c', role: 'root' }),
        400,
      ],
      [
        await call(adminToken, 'POST', '/api/admin/admins', { email: 'x@y.z', password: 'short' }),
        400,
      ],
      [
        await call(adminToken, 'POST', '/api/admin/users/unban', { email: 'nobody@atelier.test' }),
        404,
      ],
    ] as const;
    for (const [answer, status] of answers) {
      expect(answer.statusCode).toBe(status);
      ErrorBodySchema.parse(answer.json());
    }
    expect(answers[4][0].json().message).toBe('No user has the email nobody@atelier.test.');
    expect((await audits()).length).toBe(count);
  });
});
