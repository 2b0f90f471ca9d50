import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { App } from '../app.ts';
import { lockDataDir } from '../db/lock.ts';
import { freePort } from '../test/processes.ts';
import { buildTestApp, TEST_AUTH_SECRET, TEST_ORIGIN, testConfig } from '../test/test-app.ts';
import { runAdminCommand } from './admin-commands.ts';
import { apiBackend } from './api-backend.ts';
import { findRunningServer } from './running-server.ts';

let app: App;
let publicUrl: string;

beforeAll(async () => {
  app = await buildTestApp();
  await app.listen({ host: '127.0.0.1', port: 0 });
  publicUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

const madeDirs: string[] = [];
afterAll(() => madeDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const postgres = (url: string) => {
  const config = testConfig({
    DATABASE_URL: 'postgres://atelier@127.0.0.1:1/atelier',
    PUBLIC_URL: url,
  });
  madeDirs.push(config.dataDir);
  return config;
};

test('on PostgreSQL, a server answering at PUBLIC_URL is used, and the database when none answers', async () => {
  expect(await findRunningServer(postgres(publicUrl))).toEqual({
    baseUrl: publicUrl,
    secret: TEST_AUTH_SECRET,
  });
  const nobody = `http://127.0.0.1:${await freePort()}`;
  expect(await findRunningServer(postgres(nobody))).toBeNull();
});

test('on the embedded database, a free data directory means no server, whatever answers', async () => {
  const config = testConfig({ PUBLIC_URL: publicUrl });
  expect(await findRunningServer(config)).toBeNull();
  const release = lockDataDir(config.dataDir);
  try {
    // The lock is this process's own: no other process holds it.
    expect(await findRunningServer(config)).toBeNull();
  } finally {
    release();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  }
});

test('commands print the same through the API as on the database, refusals included', async () => {
  const api = apiBackend({ baseUrl: publicUrl, secret: TEST_AUTH_SECRET });
  const direct = { db: app.database.db, auth: app.auth, publicUrl: TEST_ORIGIN };
  const outcome = (promise: Promise<string>) =>
    promise.then(
      (printed) => ({ printed }),
      (error: Error) => ({ error: `${error.name}: ${error.message}` }),
    );
  const commands = [
    ['outbox'],
    ['marketing-box'],
    ['quote-show', '999999'],
    ['revoke-links', '999999'],
    ['mark-paid', '999999'],
    ['notify', 'nobody@atelier.test', 'quote_status_changed', 'Hello.'],
    ['unban', 'nobody@atelier.test'],
    ['outbox', 'retry', '999999'],
  ];
  for (const argv of commands) {
    const [viaApi, viaDatabase] = [
      await outcome(runAdminCommand(argv, api)),
      await outcome(runAdminCommand(argv, direct)),
    ];
    expect(viaApi, argv.join(' ')).toEqual(viaDatabase);
  }
  const stale = apiBackend({ baseUrl: publicUrl, secret: 'another-secret-that-is-long-enough-0' });
  await expect(runAdminCommand(['outbox'], stale)).rejects.toThrow('Please sign in again.');
});
