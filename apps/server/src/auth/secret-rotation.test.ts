import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isNull, or, gt, sql } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { authJwks } from '../db/schema.ts';
import { createTestAccount, signIn, testConfig } from '../test/test-app.ts';

/**
 * Rotating AUTH_SECRET (docs/operations.md): one data folder, the server restarted with a new
 * secret, as an operator would, on the embedded database (the same code runs on PostgreSQL).
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-rotation-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const OLD = 'old-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
const NEW = 'new-secret-9876543210-zyxwvutsrqponmlkjihgfedcba';

async function start(env: Record<string, string>): Promise<App> {
  return buildApp(testConfig({ DATA_DIR: dataDir, SEED_DEMO_DATA: 'false', ...env }), {
    logger: false,
  });
}

const tokenWith = (app: App, cookie: string) =>
  app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } });
const clientsWith = (app: App, token: string) =>
  app.inject({
    method: 'GET',
    url: '/api/stylist/clients',
    headers: { authorization: `Bearer ${token}` },
  });

test('a new AUTH_SECRET with the old one as previous: sign-in again, tokens and links keep working', async () => {
  let app = await start({ AUTH_SECRET: OLD });
  const stylist = await createTestAccount(app);
  const before = await signIn(app, stylist.email);
  const oldToken = (await tokenWith(app, before.cookie)).json<{ token: string }>().token;
  await app.storage.put('labels/rotation.pdf', Buffer.from('%PDF-1.7\n'), 'application/pdf');
  const oldLink = app.storage.urlFor('labels/rotation.pdf');
  await app.close();

  app = await start({ AUTH_SECRET: NEW, AUTH_PREVIOUS_SECRETS: OLD });
  let fresh: string;
  try {
    // Sessions are signed with the current secret only: everyone signs in once more.
    expect((await tokenWith(app, before.cookie)).statusCode).toBe(401);
    const after = await signIn(app, stylist.email);
    expect(after.response.statusCode).toBe(200);
    const issued = await tokenWith(app, after.cookie);
    expect(issued.statusCode, issued.body).toBe(200);
    expect((await clientsWith(app, issued.json<{ token: string }>().token)).statusCode).toBe(200);
    // What the old secret signed still holds until it expires.
    expect((await clientsWith(app, oldToken)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: oldLink })).statusCode).toBe(200);
    fresh = app.storage.urlFor('labels/rotation.pdf');
    expect(fresh).not.toBe(oldLink);
    expect((await app.inject({ method: 'GET', url: fresh })).statusCode).toBe(200);
  } finally {
    await app.close();
  }

  app = await start({ AUTH_SECRET: OLD });
  try {
    // A link the new secret signed means nothing to an instance that does not know it.
    expect((await app.inject({ method: 'GET', url: fresh })).statusCode).toBe(403);
  } finally {
    await app.close();
  }
  // Three servers start on one data folder, one after the other: on PostgreSQL each runs its
  // migrations check, which took 33 s in all on a machine at load 13.
}, 90_000);

test('once the signing keys are retired, the old secret can go: tokens are signed with a fresh key', async () => {
  let app = await start({ AUTH_SECRET: NEW, AUTH_PREVIOUS_SECRETS: OLD });
  const stylist = await createTestAccount(app);
  const session = await signIn(app, stylist.email);
  const earlier = (await tokenWith(app, session.cookie)).json<{ token: string }>().token;
  // What docs/operations.md runs with psql after a leaked secret, or what 30 days do by themselves.
  await app.database.db
    .update(authJwks)
    .set({ expiresAt: sql`now()` })
    .where(or(isNull(authJwks.expiresAt), gt(authJwks.expiresAt, sql`now()`)));
  await app.close();

  app = await start({ AUTH_SECRET: NEW });
  try {
    const issued = await tokenWith(app, session.cookie);
    expect(issued.statusCode, issued.body).toBe(200);
    expect((await clientsWith(app, issued.json<{ token: string }>().token)).statusCode).toBe(200);
    expect((await clientsWith(app, earlier)).statusCode).toBe(200);
  } finally {
    await app.close();
  }
}, 90_000);
