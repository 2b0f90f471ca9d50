import { LIFECYCLE_STATUSES, officeStageOf, type LifecycleStatus } from '@atelier/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import { quoteStatusHistory } from '../../db/schema.ts';
import { insertClients, insertQuote } from '../../test/fixtures.ts';
import { buildTestApp, createTestAccount } from '../../test/test-app.ts';

/**
 * The reports read each stint from the step that ends it (from_stage, stage_entered_at: migration
 * 0019). Whoever writes the history (the services, the seed, the bench, a hand-written insert), the
 * stored stints must be the ones the whole history gives, worked out here from the contract's
 * queues: otherwise a report would drift from the history it sums.
 */
let app: App;
let stylistId: number;
let clientId: number;

beforeAll(async () => {
  app = await buildTestApp();
  stylistId = (await createTestAccount(app, { role: 'stylist' })).stylistId!;
  clientId = (
    await insertClients(app.database.db, stylistId, [{ firstName: 'Ines', lastName: 'Roy' }])
  )[0]!.id;
});
afterAll(() => app.close());

const db = () => app.database.db;
const at = (hour: number) => new Date(Date.UTC(2025, 2, 3, hour));

type Row = typeof quoteStatusHistory.$inferSelect;

/** The stints the history gives, as the reports counted them before migration 0020. */
function expectedStints(rows: readonly Row[]) {
  const ordered = [...rows].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id,
  );
  let previousChange: Date | null = null;
  return ordered.map((row) => {
    const from = row.fromStatus === null ? null : officeStageOf(row.fromStatus);
    const to = officeStageOf(row.toStatus);
    if (from === to) return { id: row.id, fromStage: null, toStage: null, stageEnteredAt: null };
    const stint = {
      id: row.id,
      fromStage: from,
      toStage: to,
      stageEnteredAt: from === null ? null : previousChange,
    };
    previousChange = row.createdAt;
    return stint;
  });
}

async function storedAndExpected(quoteIds: number[]) {
  const rows = await db()
    .select()
    .from(quoteStatusHistory)
    .where(inArray(quoteStatusHistory.quoteId, quoteIds))
    .orderBy(asc(quoteStatusHistory.id));
  const stored = rows.map(({ id, fromStage, toStage, stageEnteredAt }) => ({
    id,
    fromStage,
    toStage,
    stageEnteredAt,
  }));
  const expected = quoteIds
    .flatMap((quoteId) => expectedStints(rows.filter((row) => row.quoteId === quoteId)))
    .sort((a, b) => a.id - b.id);
  return { stored, expected };
}

const step = (
  quoteId: number,
  from: LifecycleStatus | null,
  to: LifecycleStatus,
  hour: number,
) => ({
  quoteId,
  fromStatus: from,
  toStatus: to,
  actorKind: 'admin' as const,
  createdAt: at(hour),
});

test('every status leaves and enters the queue the contract gives it', async () => {
  const quoteId = await insertQuote(db(), { stylistId, clientId });
  // Every ordered pair of statuses once, an hour apart, in one insert.
  const pairs = LIFECYCLE_STATUSES.flatMap((from) =>
    LIFECYCLE_STATUSES.map((to) => [from, to] as const),
  );
  await db()
    .insert(quoteStatusHistory)
    .values(pairs.map(([from, to], k) => step(quoteId, from, to, k)));
  const { stored, expected } = await storedAndExpected([quoteId]);
  expect(stored).toHaveLength(pairs.length);
  expect(stored).toEqual(expected);
  expect(stored.some((row) => row.stageEnteredAt !== null)).toBe(true);
});

test('steps inserted out of order, moved in time, given another status or deleted keep the stints', async () => {
  const first = await insertQuote(db(), { stylistId, clientId });
  const second = await insertQuote(db(), { stylistId, clientId });
  // One statement for both quotes, their steps not in time order.
  await db()
    .insert(quoteStatusHistory)
    .values([
      step(first, 'authentication_in_progress', 'authenticated_no_offer', 5),
      step(second, null, 'pending_authentication', 1),
      step(first, null, 'pending_authentication', 1),
      step(first, 'pending_authentication', 'authentication_in_progress', 3),
      step(second, 'pending_authentication', 'authentication_in_progress', 2),
      step(first, 'authenticated_no_offer', 'authenticated_with_offer', 8),
    ]);
  const check = async () => {
    const { stored, expected } = await storedAndExpected([first, second]);
    expect(stored).toEqual(expected);
    return stored;
  };
  const stored = await check();
  // The first quote's pricing began when authentication ended (5:00).
  expect(stored.find((row) => row.fromStage === 'to_price')?.stageEnteredAt).toEqual(at(5));

  // One step added later, one at a time, as the services write them.
  await db()
    .insert(quoteStatusHistory)
    .values(step(second, 'authentication_in_progress', 'fake', 4));
  await check();

  // A step moved earlier than the one before it (the report tests move steps so).
  const [entered] = await db()
    .select({ id: quoteStatusHistory.id })
    .from(quoteStatusHistory)
    .where(
      and(
        eq(quoteStatusHistory.quoteId, first),
        eq(quoteStatusHistory.toStatus, 'authenticated_no_offer'),
      ),
    );
  await db()
    .update(quoteStatusHistory)
    .set({ createdAt: at(2) })
    .where(eq(quoteStatusHistory.id, entered!.id));
  await check();

  // A step given another status: it no longer changes queue.
  await db()
    .update(quoteStatusHistory)
    .set({ toStatus: 'pending_authentication' })
    .where(eq(quoteStatusHistory.id, entered!.id));
  await check();

  // A step deleted: the next stint began at the change before it.
  await db().delete(quoteStatusHistory).where(eq(quoteStatusHistory.id, entered!.id));
  await check();
});
