import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { App } from '../app.ts';
import { insertClients, insertCommission, insertQuote } from '../test/fixtures.ts';
import { buildTestApp, createTestAccount } from '../test/test-app.ts';
import { compiledRows, preparedStatement } from './prepared.ts';
import { clients, commissions, quotes } from './schema.ts';

let app: App;
let stylistId: number;
beforeAll(async () => {
  app = await buildTestApp();
  stylistId = (await createTestAccount(app)).stylistId!;
  const db = app.database.db;
  const people = await insertClients(db, stylistId, [
    { firstName: 'Ada', lastName: 'Moss' },
    { firstName: 'Élodie', lastName: 'Brun' },
  ]);
  for (const [index, person] of people.entries()) {
    const owner = { stylistId, clientId: person.id };
    await insertQuote(db, { ...owner, acceptedOfferType: index === 0 ? 'buyout' : null });
    await insertCommission(db, {
      ...owner,
      amountCents: 125_00 * (index + 1),
      paidAt: index === 0 ? new Date('2026-03-04T05:06:07.089Z') : null,
    });
  }
});
afterAll(() => app?.close());

/** Every kind of field Atelier's hot statements select: columns of each type, and expressions. */
const selection = {
  id: quotes.id,
  name: quotes.name,
  status: quotes.status,
  isApproved: quotes.isApproved,
  acceptedOfferType: quotes.acceptedOfferType,
  createdAt: quotes.createdAt,
  paidAt: commissions.paidAt,
  amountCents: commissions.amountCents,
  doubled: sql<number>`${commissions.amountCents} * 2`.mapWith(Number),
  label: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`,
  day: sql<string>`to_char(${commissions.createdAt}, 'YYYY-MM-DD')`.as('day'),
};

const rowsOf = (db: App['database']['db']) =>
  db
    .select(selection)
    .from(quotes)
    .innerJoin(clients, eq(clients.id, quotes.clientId))
    .innerJoin(commissions, eq(commissions.clientId, quotes.clientId))
    .where(eq(quotes.stylistId, sql.placeholder('stylistId')))
    .orderBy(quotes.id);

test('a compiled row mapper gives exactly the rows drizzle maps itself', async () => {
  const db = app.database.db;
  const byDrizzle = await rowsOf(db).prepare('prepared_test_drizzle').execute({ stylistId });
  const statement = preparedStatement((on, name) => rowsOf(on).prepare(name), 'prepared_test');
  const compiled = await statement(db).execute({ stylistId });

  expect(byDrizzle).toHaveLength(2);
  expect(compiled).toEqual(byDrizzle);
  expect(compiled[0]!.createdAt).toBeInstanceOf(Date);
  expect(compiled[0]!.paidAt).toEqual(new Date('2026-03-04T05:06:07.089Z'));
  expect(compiled[1]!.paidAt).toBeNull();
  expect(compiled[1]!.acceptedOfferType).toBeNull();
  expect(compiled.map((row) => row.doubled)).toEqual([250_00, 500_00]);
  expect(compiled[1]!.label).toBe('Élodie Brun');
  // The mapper is drizzle's hook, not a copy of its default.
  expect(
    (statement(db) as unknown as { customResultMapper?: unknown }).customResultMapper,
  ).toBeTypeOf('function');
});

test('an inner join’s table nested under its own key is mapped the same way', async () => {
  const db = app.database.db;
  const build = (on: typeof db, name: string) =>
    on
      .select({ commission: commissions, firstName: clients.firstName })
      .from(commissions)
      .innerJoin(clients, eq(clients.id, commissions.clientId))
      .where(eq(commissions.stylistId, sql.placeholder('stylistId')))
      .orderBy(commissions.id)
      .prepare(name);
  const byDrizzle = await build(db, 'prepared_test_nested_drizzle').execute({ stylistId });
  const statement = preparedStatement(build, 'prepared_test_nested');
  const compiled = await statement(db).execute({ stylistId });

  expect(compiled).toEqual(byDrizzle);
  expect(compiled.map((row) => row.commission.amountCents)).toEqual([125_00, 250_00]);
  expect(compiled[0]!.commission.createdAt).toBeInstanceOf(Date);
  expect(
    (statement(db) as unknown as { customResultMapper?: unknown }).customResultMapper,
  ).toBeTypeOf('function');
});

test('a left join’s table, which drizzle turns into null when all its values are, keeps drizzle’s mapping', () => {
  const nested = app.database.db
    .select({ quote: { id: quotes.id }, commission: commissions })
    .from(quotes)
    .leftJoin(commissions, eq(commissions.quoteId, quotes.id))
    .prepare('prepared_test_left');
  expect(
    (compiledRows(nested) as unknown as { customResultMapper?: unknown }).customResultMapper,
  ).toBeUndefined();
});
