import { ErrorBodySchema } from '@atelier/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { createTestAccount, testConfig, tokenFor } from '../test/test-app.ts';

const lines: Record<string, unknown>[] = [];
let app: App;
let token: string;

beforeAll(async () => {
  app = await buildApp(testConfig(), {
    database: await openDatabase({ kind: 'memory' }),
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  });
  token = await tokenFor(app, (await createTestAccount(app)).email);
  // A refusal no handler expects: the insert fails in the database, with the client's data bound.
  await app.database.db.execute(
    sql`alter table clients add constraint clients_no_marker check (email not like '%marker%')`,
  );
});
afterAll(() => app?.close());

test('a failed insert is logged by its SQLSTATE, table and constraint, never the client’s data', async () => {
  const client = {
    firstName: 'Zebulon',
    lastName: 'Quixotically',
    email: 'zebulon.marker@clients.test',
    phone: '(212) 555-0101',
    address: '17 Quillfeather Lane',
    city: 'New York',
    state: 'NY',
    postalCode: '10001',
  };
  const response = await app.inject({
    method: 'POST',
    url: '/api/stylist/clients',
    headers: { authorization: `Bearer ${token}` },
    payload: client,
  });
  expect(response.statusCode, response.body).toBe(500);
  expect(ErrorBodySchema.parse(response.json())).toEqual({
    message: 'Internal error',
    code: 'INTERNAL',
  });

  const logged = lines.find((line) => line.msg === 'unhandled error');
  expect(logged?.database).toEqual({
    code: '23514',
    schema: 'public',
    table: 'clients',
    constraint: 'clients_no_marker',
  });
  const everything = JSON.stringify(lines);
  for (const value of [client.firstName, client.lastName, client.email, client.address])
    expect(everything).not.toContain(value);
  expect(everything).not.toMatch(/insert into/i);
});
