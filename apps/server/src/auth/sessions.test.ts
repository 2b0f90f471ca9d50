import { ErrorBodySchema } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../app.ts';
import { runAdminCommand } from '../cli/admin-commands.ts';
import { auditLog, users } from '../db/schema.ts';
import { openStream } from '../features/notifications/notifications-testing.ts';
import { buildTestApp, createTestAccount, signIn, TEST_ORIGIN } from '../test/test-app.ts';
import { SESSION_ENDED_MESSAGE } from './auth.plugin.ts';

let app: App;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

/** A browser's sign-in: the session cookie and the API token minted for it. */
async function session(email: string) {
  const { response, cookie } = await signIn(app, email);
  expect(response.statusCode).toBe(200);
  const answer = await app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } });
  expect(answer.statusCode).toBe(200);
  return { cookie, token: answer.json<{ token: string }>().token };
}

const readClients = (token: string) =>
  app.inject({
    method: 'GET',
    url: '/api/stylist/clients',
    headers: { authorization: `Bearer ${token}` },
  });

function expectSessionEnded(response: Awaited<ReturnType<typeof readClients>>) {
  expect(response.statusCode).toBe(401);
  expect(ErrorBodySchema.parse(response.json())).toEqual({
    code: 'UNAUTHORIZED',
    message: SESSION_ENDED_MESSAGE,
  });
}

const admin = (argv: string[]) =>
  runAdminCommand(argv, { db: app.database.db, auth: app.auth, publicUrl: TEST_ORIGIN });

describe('a session that ends ends its API tokens at the next request', () => {
  test('sign-out: the token is refused and its open stream closes; other sessions go on', async () => {
    const stylist = await createTestAccount(app);
    const phone = await session(stylist.email);
    const laptop = await session(stylist.email);
    expect((await readClients(phone.token)).statusCode).toBe(200);
    const stream = await openStream(app, phone.token);
    const otherStream = await openStream(app, laptop.token);
    await stream.nextBlock();

    const signOut = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: TEST_ORIGIN, cookie: phone.cookie, 'content-type': 'application/json' },
      payload: {},
    });
    expect(signOut.statusCode).toBe(200);

    expectSessionEnded(await readClients(phone.token));
    await stream.untilEnded(3_000);
    expect((await readClients(laptop.token)).statusCode).toBe(200);
    await otherStream.nextBlock();
    await expect(otherStream.nextEvent(300)).rejects.toThrow('no event from the stream in time');
    otherStream.close();
  });

  test('a ban ends every session of the user, streams included, and is audited', async () => {
    const stylist = await createTestAccount(app);
    const { token } = await session(stylist.email);
    const stream = await openStream(app, token);
    await stream.nextBlock();

    expect(await admin(['ban', stylist.email, '--reason', 'test'])).toBe(
      `${stylist.email} is banned; 1 session ended.`,
    );
    expectSessionEnded(await readClients(token));
    await stream.untilEnded(3_000);
    expect((await signIn(app, stylist.email)).response.statusCode).toBe(403);

    const [audit] = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `user:${stylist.userId}`));
    expect(audit).toMatchObject({
      action: 'user.ban',
      actorUserId: null,
      detail: { reason: 'test' },
    });

    await admin(['unban', stylist.email]);
    expect((await signIn(app, stylist.email)).response.statusCode).toBe(200);
  });

  test('a ban made directly in the database refuses the token at the next request', async () => {
    const stylist = await createTestAccount(app);
    const { token } = await session(stylist.email);
    await app.database.db.update(users).set({ banned: true }).where(eq(users.id, stylist.userId));
    expectSessionEnded(await readClients(token));
  });

  test('a role change ends the sessions: the old token does not keep the old role', async () => {
    const stylist = await createTestAccount(app);
    const { token } = await session(stylist.email);
    expect(await admin(['set-role', stylist.email, 'user'])).toBe(
      `${stylist.email} is now user; 1 session ended.`,
    );
    expectSessionEnded(await readClients(token));
    // Signed in again, the new role holds.
    const fresh = await session(stylist.email);
    expect((await readClients(fresh.token)).statusCode).toBe(403);
  });
});
