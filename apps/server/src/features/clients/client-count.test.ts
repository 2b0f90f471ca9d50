import { ClientListDocumentSchema } from '@atelier/contract';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import { clients, stylists } from '../../db/schema.ts';
import { insertClients } from '../../test/fixtures.ts';
import { buildTestApp, createTestAccount, tokenFor } from '../../test/test-app.ts';

let app: App;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

async function listedTotal(token: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/stylist/clients?page=1',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  return ClientListDocumentSchema.parse(response.json()).meta.pagination.total;
}

async function countedClients(stylistId: number) {
  return app.database.db.$count(clients, eq(clients.stylistId, stylistId));
}

test("the list's total follows clients added, removed and moved to another stylist", async () => {
  const first = await createTestAccount(app);
  const second = await createTestAccount(app);
  const firstToken = await tokenFor(app, first.email);
  const secondToken = await tokenFor(app, second.email);
  expect(await listedTotal(firstToken)).toBe(0);

  const added = await insertClients(
    app.database.db,
    first.stylistId!,
    Array.from({ length: 7 }, (_, i) => ({ firstName: `Kept${i}`, lastName: 'Count' })),
  );
  expect(await listedTotal(firstToken)).toBe(7);

  await app.database.db.delete(clients).where(eq(clients.id, added[0]!.id));
  await app.database.db
    .update(clients)
    .set({ stylistId: second.stylistId! })
    .where(inArray(clients.id, [added[1]!.id, added[2]!.id]));
  // An update that does not move a client leaves the counts alone.
  await app.database.db
    .update(clients)
    .set({ comment: 'still here' })
    .where(eq(clients.stylistId, first.stylistId!));

  expect(await listedTotal(firstToken)).toBe(4);
  expect(await listedTotal(secondToken)).toBe(2);
  expect(await listedTotal(firstToken)).toBe(await countedClients(first.stylistId!));
  const [row] = await app.database.db
    .select({ clientCount: stylists.clientCount })
    .from(stylists)
    .where(eq(stylists.id, second.stylistId!));
  expect(row?.clientCount).toBe(await countedClients(second.stylistId!));
});

/** The kept prefix counts, next to the same counts made afresh from every client. */
async function keptAndFreshPrefixCounts() {
  const rows = async (query: SQL) =>
    ((await app.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows
      .map((row) => `${row.stylist_id} ${row.prefix} ${row.clients}`)
      .sort();
  return {
    kept: await rows(sql`
      select stylist_id, prefix, clients from client_search_prefix_counts where clients <> 0`),
    fresh: await rows(sql`
      select stylist_id, prefix, count(*) as clients
      from clients, unnest(search_word_prefixes(search_text)) as prefix
      group by 1, 2`),
  };
}

test("a short search's count follows clients added, renamed, removed and moved", async () => {
  const first = await createTestAccount(app);
  const second = await createTestAccount(app);
  const db = app.database.db;
  // Emails of their own: the fixture's random ones could start a word with any letter.
  const added = await insertClients(db, first.stylistId!, [
    { firstName: 'Ann', lastName: 'Annable', email: 'ann.annable@prefix.test' },
    { firstName: 'Anouk', lastName: "O'Neil", email: 'anouk@prefix.test' },
    { firstName: 'Bo', lastName: 'Berg', email: 'bo@prefix.test' },
  ]);
  await insertClients(db, second.stylistId!, [
    { firstName: 'Ann', lastName: 'Other', email: 'ann.other@prefix.test' },
  ]);
  const firstCounts = await keptAndFreshPrefixCounts();
  expect(firstCounts.kept.length).toBeGreaterThan(0);
  expect(firstCounts.kept).toEqual(firstCounts.fresh);

  await db.update(clients).set({ lastName: 'Zed' }).where(eq(clients.id, added[0]!.id));
  await db.update(clients).set({ phone: '(917) 555-0000' }).where(eq(clients.id, added[1]!.id));
  await db.update(clients).set({ comment: 'no figure moves' }).where(eq(clients.id, added[2]!.id));
  await db
    .update(clients)
    .set({ stylistId: second.stylistId! })
    .where(eq(clients.id, added[2]!.id));
  await db.delete(clients).where(eq(clients.id, added[1]!.id));
  const { kept, fresh } = await keptAndFreshPrefixCounts();
  expect(kept).toEqual(fresh);

  const secondToken = await tokenFor(app, second.email);
  const response = await app.inject({
    method: 'GET',
    url: '/api/stylist/clients?page=1&search=b',
    headers: { authorization: `Bearer ${secondToken}` },
  });
  const { data, meta } = ClientListDocumentSchema.parse(response.json());
  expect(data.map((client) => client.attributes.lastName)).toEqual(['Berg']);
  expect(meta.pagination.total).toBe(1);
});
