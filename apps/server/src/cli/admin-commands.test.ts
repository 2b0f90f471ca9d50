import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { App } from '../app.ts';
import { stylists, users } from '../db/schema.ts';
import { buildTestApp, signIn } from '../test/test-app.ts';
import { runAdminCommand, UsageError } from './admin-commands.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const run = (argv: string[]) => runAdminCommand(argv, { db: app.database.db, auth: app.auth });
const account = ['--password', 'a-long-password', '--first-name', 'Ava', '--last-name', 'Stone'];

test('create-stylist makes an account that signs in and has a stylist record', async () => {
  const output = await run(['create-stylist', '--email', 'Ava@Atelier.test', ...account]);
  expect(output).toMatch(/^Created stylist #\d+ ava@atelier\.test/);
  const [row] = await app.database.db
    .select({ role: users.role, firstName: stylists.firstName })
    .from(users)
    .innerJoin(stylists, eq(stylists.userId, users.id))
    .where(eq(users.email, 'ava@atelier.test'));
  expect(row).toEqual({ role: 'stylist', firstName: 'Ava' });
  expect((await signIn(app, 'ava@atelier.test', 'a-long-password')).response.statusCode).toBe(200);
});

test('create-admin makes an admin without a stylist record', async () => {
  await run(['create-admin', '--email', 'boss@atelier.test', ...account]);
  const [row] = await app.database.db
    .select({ role: users.role, stylistId: stylists.id })
    .from(users)
    .leftJoin(stylists, eq(stylists.userId, users.id))
    .where(eq(users.email, 'boss@atelier.test'));
  expect(row).toEqual({ role: 'admin', stylistId: null });
});

test('a duplicate email is refused and nothing is written', async () => {
  await expect(run(['create-stylist', '--email', 'ava@atelier.test', ...account])).rejects.toThrow(
    'already exists',
  );
  expect(
    await app.database.db.select().from(users).where(eq(users.email, 'ava@atelier.test')),
  ).toHaveLength(1);
});

test('missing options and unknown commands explain the usage', async () => {
  await expect(run(['create-stylist', '--email', 'x@atelier.test'])).rejects.toThrow(UsageError);
  await expect(run(['create-stylist', '--email', 'x@atelier.test'])).rejects.toThrow(
    /Missing: --password/,
  );
  await expect(run(['delete-everything'])).rejects.toThrow(/Unknown command/);
});

test('a short password is refused before anything is written', async () => {
  await expect(
    run([
      'create-stylist',
      '--email',
      'short@atelier.test',
      '--password',
      'short',
      '--first-name',
      'A',
      '--last-name',
      'B',
    ]),
  ).rejects.toThrow();
  expect(
    await app.database.db.select().from(users).where(eq(users.email, 'short@atelier.test')),
  ).toEqual([]);
});
