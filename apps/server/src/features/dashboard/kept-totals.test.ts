import { CommissionListDocumentSchema, DashboardSchema, startOfDay } from '@atelier/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { commissions, quotes } from '../../db/schema.ts';
import { insertClients, insertQuote, insertShipment } from '../../test/fixtures.ts';
import { buildTestApp, createTestAccount, tokenFor } from '../../test/test-app.ts';
import {
  generateSeeds,
  insertGenerated,
  seededRandom,
  type Generated,
} from '../commissions/commissions-testing.ts';

let app: App;
let db: Db;
let token: string;
let stylistId: number;
let otherId: number;
let clientIds: number[];
let otherClientId: number;
let own: Generated[];

beforeAll(async () => {
  app = await buildTestApp();
  db = app.database.db;
  const stylist = await createTestAccount(app);
  const other = await createTestAccount(app);
  stylistId = stylist.stylistId!;
  otherId = other.stylistId!;
  token = await tokenFor(app, stylist.email);
  const mine = await insertClients(db, stylistId, [
    { firstName: 'Ada', lastName: 'First' },
    { firstName: 'Bo', lastName: 'Second' },
  ]);
  const [theirs] = await insertClients(db, otherId, [{ firstName: 'Sam', lastName: 'S' }]);
  clientIds = mine.map((row) => row.id);
  otherClientId = theirs!.id;
  const names = new Map(clientIds.map((id) => [id, 'Client']));
  own = await insertGenerated(
    db,
    generateSeeds(seededRandom(20_261_125), 80, stylistId, clientIds),
    names,
  );
});
afterAll(() => app.close());

interface Rows {
  rows: Record<string, unknown>[];
}

/** Rows as plain numbers and strings, ordered, so two queries' answers compare with toEqual. */
async function rowsOf(query: ReturnType<typeof sql>): Promise<Record<string, string>[]> {
  const result = (await db.execute(query)) as unknown as Rows;
  return result.rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, String(value)])),
  );
}

/** What the triggers keep, next to the same figures aggregated afresh from every row. */
async function keptAndFresh() {
  const kept = {
    totals: await rowsOf(sql`
      select stylist_id, paid_cents, unpaid_cents, paid_count, unpaid_count,
             pending_review, pending_shipment, needs_more_info
      from stylist_totals
      where (paid_cents, unpaid_cents, paid_count, unpaid_count, pending_review, pending_shipment,
             needs_more_info) <> (0, 0, 0, 0, 0, 0, 0)
      order by stylist_id`),
    days: await rowsOf(sql`
      select stylist_id, day::text, paid_cents, unpaid_cents, paid_count, unpaid_count
      from commission_days
      where (paid_cents, unpaid_cents, paid_count, unpaid_count) <> (0, 0, 0, 0)
      order by stylist_id, day`),
  };
  const fresh = {
    totals: await rowsOf(sql`
      select stylist_id, sum(paid_cents)::bigint as paid_cents, sum(unpaid_cents)::bigint as unpaid_cents,
             sum(paid_count)::int as paid_count, sum(unpaid_count)::int as unpaid_count,
             sum(pending_review)::int as pending_review, sum(pending_shipment)::int as pending_shipment,
             sum(needs_more_info)::int as needs_more_info
      from (
        select stylist_id,
               coalesce(sum(amount_cents) filter (where paid_at is not null), 0) as paid_cents,
               coalesce(sum(amount_cents) filter (where paid_at is null), 0) as unpaid_cents,
               count(*) filter (where paid_at is not null) as paid_count,
               count(*) filter (where paid_at is null) as unpaid_count,
               0 as pending_review, 0 as pending_shipment, 0 as needs_more_info
        from commissions group by stylist_id
        union all
        select stylist_id, 0, 0, 0, 0,
               count(*) filter (where status in ('authenticated_with_offer', 'offer_pending')),
               count(*) filter (where status = 'offer_accepted' and pickup_type is null
                                  and shipment_id is null),
               count(*) filter (where status = 'needs_more_info')
        from quotes group by stylist_id
      ) as figures
      group by stylist_id
      having (sum(paid_cents), sum(unpaid_cents), sum(paid_count), sum(unpaid_count),
              sum(pending_review), sum(pending_shipment), sum(needs_more_info))
             <> (0, 0, 0, 0, 0, 0, 0)
      order by stylist_id`),
    days: await rowsOf(sql`
      select stylist_id, (created_at at time zone 'UTC')::date::text as day,
             coalesce(sum(amount_cents) filter (where paid_at is not null), 0) as paid_cents,
             coalesce(sum(amount_cents) filter (where paid_at is null), 0) as unpaid_cents,
             count(*) filter (where paid_at is not null) as paid_count,
             count(*) filter (where paid_at is null) as unpaid_count
      from commissions
      group by 1, 2
      order by 1, 2`),
  };
  return { kept, fresh };
}

async function expectKeptEqualsFresh() {
  const { kept, fresh } = await keptAndFresh();
  expect(kept.totals.length).toBeGreaterThan(0);
  expect(kept).toEqual(fresh);
}

describe('kept totals', () => {
  test('equal a fresh aggregate after every kind of write to quotes and commissions', async () => {
    await expectKeptEqualsFresh();

    const a = { stylistId, clientId: clientIds[0]! };
    const b = { stylistId, clientId: clientIds[1]! };
    const s = { stylistId: otherId, clientId: otherClientId };
    const shipmentId = await insertShipment(db, a);
    const ids = [];
    for (const quote of [
      { ...a, status: 'authenticated_with_offer' },
      { ...b, status: 'offer_pending' },
      { ...a, status: 'offer_accepted', acceptedOfferType: 'buyout' },
      { ...b, status: 'offer_accepted', acceptedOfferType: 'consignment' },
      { ...a, status: 'needs_more_info' },
      { ...a, status: 'pending_authentication' },
      { ...s, status: 'offer_pending' },
    ] as const) {
      ids.push(await insertQuote(db, quote));
    }
    await expectKeptEqualsFresh();

    // Transitions, a pickup, a shipment, an update that moves no figure, a delete.
    await db.update(quotes).set({ status: 'offer_pending' }).where(eq(quotes.id, ids[0]!));
    await db
      .update(quotes)
      .set({ status: 'offer_accepted', acceptedOfferType: 'buyout' })
      .where(inArray(quotes.id, [ids[1]!, ids[6]!]));
    await db.update(quotes).set({ pickupType: 'concierge' }).where(eq(quotes.id, ids[2]!));
    await db.update(quotes).set({ shipmentId }).where(eq(quotes.id, ids[3]!));
    await db.update(quotes).set({ status: 'authenticated_no_offer' }).where(eq(quotes.id, ids[4]!));
    await db.update(quotes).set({ description: 'touched' }).where(eq(quotes.stylistId, stylistId));
    await db.delete(quotes).where(eq(quotes.id, ids[5]!));
    await expectKeptEqualsFresh();

    // Payouts in one statement, an amount corrected, a sale moved to another day and stylist,
    // one statement writing both stylists' rows, a refund of a payout, deletes.
    const unpaid = own.filter((row) => row.paidAt === null).map((row) => row.id);
    await db
      .update(commissions)
      .set({ paidAt: new Date() })
      .where(inArray(commissions.id, unpaid.slice(0, 10)));
    await db.update(commissions).set({ amountCents: 999 }).where(eq(commissions.id, own[0]!.id));
    await db
      .update(commissions)
      .set({ createdAt: new Date('2024-02-29T23:59:59.999Z') })
      .where(eq(commissions.id, own[1]!.id));
    await db
      .update(commissions)
      .set({ stylistId: otherId, clientId: otherClientId })
      .where(eq(commissions.id, own[2]!.id));
    await db.insert(commissions).values(
      [stylistId, otherId, otherId].map((owner, index) => ({
        stylistId: owner,
        clientId: owner === stylistId ? clientIds[0]! : otherClientId,
        productId: `P-kept-${index}`,
        productName: 'Kept bag',
        brand: 'Kept',
        titleWithoutBrand: 'bag',
        amountCents: 100 + index,
        purchasePriceCents: 1000,
        paidAt: index === 1 ? new Date() : null,
      })),
    );
    await db
      .update(commissions)
      .set({ paidAt: null })
      .where(and(eq(commissions.stylistId, stylistId), eq(commissions.id, unpaid[0]!)));
    await db.delete(commissions).where(inArray(commissions.id, [own[3]!.id, own[4]!.id]));
    await expectKeptEqualsFresh();

    // One statement pays one commission and unpays another of a different amount: the counts and
    // the grand total do not move, the paid and unpaid sums do.
    const mine = await db
      .select({ id: commissions.id, paidAt: commissions.paidAt })
      .from(commissions)
      .where(eq(commissions.stylistId, stylistId))
      .orderBy(commissions.id);
    const paidOne = mine.find((row) => row.paidAt !== null)!;
    const unpaidOne = mine.find((row) => row.paidAt === null)!;
    await db.update(commissions).set({ amountCents: 111 }).where(eq(commissions.id, paidOne.id));
    await db
      .update(commissions)
      .set({ amountCents: 999_00 })
      .where(eq(commissions.id, unpaidOne.id));
    await db
      .update(commissions)
      .set({ paidAt: sql`case when ${commissions.paidAt} is null then now() end` })
      .where(inArray(commissions.id, [paidOne.id, unpaidOne.id]));
    await expectKeptEqualsFresh();
  });

  test('a rolled-back write leaves the kept figures as they were', async () => {
    const before = await keptAndFresh();
    await db
      .transaction(async (tx) => {
        await tx
          .update(commissions)
          .set({ paidAt: null })
          .where(eq(commissions.stylistId, stylistId));
        await tx.delete(quotes).where(eq(quotes.stylistId, stylistId));
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await keptAndFresh()).toEqual(before);
  });

  test('the dashboard reads the kept figures', async () => {
    const [fresh] = await rowsOf(sql`
      select coalesce(sum(amount_cents) filter (where paid_at is not null), 0) as paid,
             coalesce(sum(amount_cents) filter (where paid_at is null), 0) as unpaid
      from commissions where stylist_id = ${stylistId}`);
    const response = await app.inject({
      method: 'GET',
      url: '/api/stylist/dashboard',
      headers: { authorization: `Bearer ${token}` },
    });
    const dashboard = DashboardSchema.parse(response.json());
    expect(dashboard.commissions).toEqual([
      { total: Number(fresh!.paid) / 100, pending: Number(fresh!.unpaid) / 100 },
    ]);
  });
});

describe('range totals from kept days and edge rows', () => {
  // Zones whose days start off the UTC hour, on either side of UTC, and UTC itself.
  const zones = ['UTC', 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Chatham', 'Asia/Tokyo'];
  const ranges: { startDate: string; endDate?: string }[] = [
    { startDate: '2025-09-01', endDate: '2026-10-31' },
    { startDate: '2026-03-01', endDate: '2026-03-01' },
    { startDate: '2026-01-15', endDate: '2026-02-10' },
    { startDate: '2026-03-31' },
  ];

  test.each(zones)('equal the rows in range for a viewer in %s', async (timeZone) => {
    const rows = await rowsOf(sql`
      select extract(epoch from created_at) * 1000 as created_ms, paid_at is not null as is_paid,
             amount_cents
      from commissions where stylist_id = ${stylistId}`);
    for (const range of ranges) {
      const start = startOfDay(range.startDate, timeZone).getTime();
      const [y, m, d] = (range.endDate ?? '9999-12-30').split('-').map(Number);
      const next = new Date(Date.UTC(y!, m! - 1, d! + 1)).toISOString().slice(0, 10);
      const end = range.endDate ? startOfDay(next, timeZone).getTime() : Infinity;
      const inRange = rows.filter((row) => {
        const at = Number(row.created_ms);
        return at >= start && at < end;
      });
      const sum = (paid: boolean) =>
        inRange
          .filter((row) => (row.is_paid === 'true') === paid)
          .reduce((total, row) => total + Number(row.amount_cents), 0);
      const query = new URLSearchParams({ ...range, timeZone } as Record<
        string,
        string
      >).toString();
      const response = await app.inject({
        method: 'GET',
        url: `/api/stylist/commissions?${query}`,
        headers: { authorization: `Bearer ${token}` },
      });
      const { meta } = CommissionListDocumentSchema.parse(response.json());
      expect({ range, paid: meta.paid, unpaid: meta.unpaid, count: meta.pagination.total }).toEqual(
        { range, paid: sum(true) / 100, unpaid: sum(false) / 100, count: inRange.length },
      );
    }
  });
});
