import { ErrorBodySchema, SESSION_ENDED_MESSAGE } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../app.ts';
import { runAdminCommand } from '../cli/admin-commands.ts';
import type { ListenHandlers } from '../db/listener.ts';
import { auditLog, authSessions, users } from '../db/schema.ts';
import { openStream } from '../features/notifications/notifications-testing.ts';
import { buildTestApp, createTestAccount, signIn, TEST_ORIGIN } from '../test/test-app.ts';

import { startSessionWatch } from './sessions.ts';

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

  test('a token trusted from memory (signature and session) is refused right after sign-out', async () => {
    const stylist = await createTestAccount(app);
    const { cookie, token } = await session(stylist.email);
    // Verified, then answered from the verified-token and session memories.
    for (let i = 0; i < 3; i++) expect((await readClients(token)).statusCode).toBe(200);

    const signOut = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' },
      payload: {},
    });
    expect(signOut.statusCode).toBe(200);
    expectSessionEnded(await readClients(token));
  });

  test('a ban ends every session of the user, streams included, and is audited', async () => {
    const stylist = await createTestAccount(app);
    const { token } = await session(stylist.email);
    const stream = await openStream(app, token);
    await stream.nextBlock();

    expect(await admin(['ban', stylist.email, '--reason', 'test'])).toBe(
      `${stylist.email} is banned; 1 session ended.`,
    );
    // The command ran beside this instance, as on another one: the instance learns of the ended
    // session from PostgreSQL's signal (milliseconds; docs/decisions/0016), which closes the stream.
    await stream.untilEnded(3_000);
    expectSessionEnded(await readClients(token));
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

  test('a ban made directly in the database ends the sessions too: token refused, stream closed', async () => {
    const stylist = await createTestAccount(app);
    const { token } = await session(stylist.email);
    expect((await readClients(token)).statusCode).toBe(200); // now remembered by this instance
    const stream = await openStream(app, token);
    await stream.nextBlock();
    await app.database.db.update(users).set({ banned: true }).where(eq(users.id, stylist.userId));
    await stream.untilEnded(3_000);
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

describe('the session watch remembers what it looked up, and forgets it when told or unsure', () => {
  async function watchWithHandlers() {
    let handlers: ListenHandlers | undefined;
    const watch = await startSessionWatch({
      db: app.database.db,
      listen: async (_channel, given) => {
        handlers = given;
        return async () => {};
      },
      logger: app.log,
    });
    return { watch, handlers: handlers! };
  }

  async function liveSession() {
    const stylist = await createTestAccount(app);
    const { token } = await session(stylist.email);
    const { sid } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      sid: string;
    };
    return { stylist, sid };
  }

  test('a signal forgets one session; a lost listener forgets all and remembers nothing until it is back', async () => {
    const { watch, handlers } = await watchWithHandlers();
    const one = await liveSession();
    const two = await liveSession();
    expect(await watch.find(one.sid, one.stylist.userId)).toMatchObject({ role: 'stylist' });
    expect(await watch.find(two.sid, two.stylist.userId)).toMatchObject({ role: 'stylist' });
    // This watch hears nothing by itself: what it remembered is what it answers.
    await app.database.db.delete(authSessions).where(eq(authSessions.userId, one.stylist.userId));
    await app.database.db.delete(authSessions).where(eq(authSessions.userId, two.stylist.userId));
    expect(await watch.find(one.sid, one.stylist.userId)).not.toBeNull();

    handlers.onPayload(one.sid);
    expect(await watch.find(one.sid, one.stylist.userId)).toBeNull();
    expect(await watch.find(two.sid, two.stylist.userId)).not.toBeNull();

    handlers.onLost?.();
    expect(await watch.find(two.sid, two.stylist.userId)).toBeNull();
    const three = await liveSession();
    await watch.find(three.sid, three.stylist.userId);
    await app.database.db.delete(authSessions).where(eq(authSessions.userId, three.stylist.userId));
    // Not remembered while the listener was down.
    expect(await watch.find(three.sid, three.stylist.userId)).toBeNull();
  });

  test("a change this instance made forgets the user's sessions before any signal comes", async () => {
    const { watch } = await watchWithHandlers();
    const one = await liveSession();
    const two = await liveSession();
    await watch.find(one.sid, one.stylist.userId);
    await watch.find(two.sid, two.stylist.userId);
    await app.database.db.delete(authSessions).where(eq(authSessions.userId, one.stylist.userId));
    await app.database.db.delete(authSessions).where(eq(authSessions.userId, two.stylist.userId));

    watch.forgetUser(one.stylist.userId);
    expect(await watch.find(one.sid, one.stylist.userId)).toBeNull();
    // Another user's remembered session is untouched until its own signal.
    expect(await watch.find(two.sid, two.stylist.userId)).not.toBeNull();
  });

  test('another user presenting a known session id is not taken for its owner', async () => {
    const { watch } = await watchWithHandlers();
    const one = await liveSession();
    const other = await createTestAccount(app);
    expect(await watch.find(one.sid, one.stylist.userId)).not.toBeNull();
    expect(await watch.find(one.sid, other.userId)).toBeNull();
  });
});
