import { ClientListDocumentSchema } from '@atelier/contract';
import { eq, inArray } from 'drizzle-orm';
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
