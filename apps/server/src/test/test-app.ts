import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp, type App, type BuildOptions } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { createAccount, type NewAccount } from '../features/user-accounts/create-account.ts';

export const TEST_ORIGIN = 'http://localhost:3000';
export const PASSWORD = 'correct-horse-battery';
export const TEST_AUTH_SECRET = 'test-secret-that-is-long-enough-0123456789';

/** A fresh, empty database on the PostgreSQL named by TEST_DATABASE_URL, and how to drop it. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('needs TEST_DATABASE_URL');
  const name = `atelier_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      // The pools' sockets may still be closing; a forced drop would kill them mid-goodbye (57P01).
      for (let waited = 0; waited < 5_000; waited += 50) {
        const { rows } = await cleanup.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * A fresh database per test app: in-memory PGlite by default, or a throwaway database on the
 * PostgreSQL named by TEST_DATABASE_URL (CI runs the suite both ways).
 */
async function openTestDatabase(): Promise<Database> {
  if (!process.env.TEST_DATABASE_URL) return openDatabase({ kind: 'memory' });
  const created = await createTestDatabase();
  const database = await openDatabase({ kind: 'postgres', url: created.url, poolMax: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

/** A server's settings for a test: quiet, in a fresh data folder, with no web build. */
export function testConfig(env: Record<string, string> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-test-'));
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: TEST_ORIGIN,
    DATA_DIR: dir,
    WEB_DIST_DIR: path.join(dir, 'no-web'),
    AUTH_SECRET: TEST_AUTH_SECRET,
    ...env,
  });
}

export async function buildTestApp(
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'database'> = {},
): Promise<App> {
  const config = testConfig(env);
  const app = await buildApp(config, {
    logger: false,
    ...options,
    database: await openTestDatabase(),
  });
  app.addHook('onClose', () => fs.rmSync(config.dataDir, { recursive: true, force: true }));
  return app;
}

/** Another server on the same PostgreSQL database as `first`, as a second instance behind a load balancer. */
export async function buildSecondInstance(first: App): Promise<App> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('needs TEST_DATABASE_URL');
  const result = (await first.database.db.execute(
    sql`select current_database() as name`,
  )) as unknown as { rows: { name: string }[] };
  const url = new URL(serverUrl);
  url.pathname = `/${result.rows[0]!.name}`;
  const config = testConfig({ DATABASE_URL: url.toString() });
  const second = await buildApp(config, {
    database: await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 2 }),
    logger: false,
  });
  second.addHook('onClose', () => fs.rmSync(config.dataDir, { recursive: true, force: true }));
  return second;
}

let emailCounter = 0;

/** Sign-in is rate limited per address, so each test sign-in comes from its own unless a test says otherwise. */
export function randomAddress() {
  return `10.${[1, 2, 3].map(() => crypto.randomInt(1, 255)).join('.')}`;
}

export async function createTestAccount(app: App, input: Partial<NewAccount> = {}) {
  emailCounter += 1;
  const account = {
    email: `person${emailCounter}-${crypto.randomBytes(3).toString('hex')}@atelier.test`,
    password: PASSWORD,
    firstName: 'Test',
    lastName: `Person${emailCounter}`,
    role: 'stylist' as const,
    ...input,
  };
  const created = await createAccount(app.database.db, app.auth, account);
  return { ...account, ...created };
}

export async function signIn(
  app: App,
  email: string,
  password = PASSWORD,
  remoteAddress = randomAddress(),
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    payload: { email, password },
    remoteAddress,
  });
  const cookie = response.headers['set-cookie'];
  const cookies = (Array.isArray(cookie) ? cookie : cookie ? [cookie] : []).map(
    (c) => c.split(';')[0],
  );
  return { response, cookie: cookies.join('; ') };
}

/** Signs in and fetches the API token, as the web does. */
export async function tokenFor(app: App, email: string, password = PASSWORD): Promise<string> {
  const { response, cookie } = await signIn(app, email, password);
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  const token = await app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } });
  return token.json<{ token: string }>().token;
}
