import { DashboardSchema } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import {
  insertClients,
  insertCommission,
  insertQuote,
  insertShipment,
} from '../../test/fixtures.ts';
import { buildTestApp, createTestAccount, tokenFor } from '../../test/test-app.ts';

let app: App;
let token: string;
let newcomerToken: string;

beforeAll(async () => {
  app = await buildTestApp();
  const db = app.database.db;
  const stylist = await createTestAccount(app);
  const newcomer = await createTestAccount(app);
  const other = await createTestAccount(app);
  token = await tokenFor(app, stylist.email);
  newcomerToken = await tokenFor(app, newcomer.email);
  const stylistId = stylist.stylistId!;
  const [first, second] = await insertClients(db, stylistId, [
    { firstName: 'Ada', lastName: 'First' },
    { firstName: 'Bo', lastName: 'Second' },
    { firstName: 'Cy', lastName: 'Third' },
  ]);
  const a = { stylistId, clientId: first!.id };
  const b = { stylistId, clientId: second!.id };
  const shipmentId = await insertShipment(db, a);
  for (const quote of [
    { ...a, status: 'authenticated_with_offer' },
    { ...b, status: 'offer_pending' },
    { ...b, status: 'offer_pending' },
    { ...a, status: 'offer_accepted', acceptedOfferType: 'buyout' },
    { ...b, status: 'offer_accepted', acceptedOfferType: 'consignment' },
    { ...a, status: 'offer_accepted', acceptedOfferType: 'buyout', pickupType: 'concierge' },
    { ...a, status: 'offer_accepted', acceptedOfferType: 'buyout', shipmentId },
    { ...a, status: 'needs_more_info' },
    { ...a, status: 'pending_authentication' },
    { ...b, status: 'sold', acceptedOfferType: 'consignment' },
  ] as const) {
    await insertQuote(db, quote);
  }
  await insertCommission(db, { ...a, amountCents: 250_00, paidAt: new Date('2026-01-05') });
  await insertCommission(db, { ...b, amountCents: 12_34, paidAt: new Date('2026-02-05') });
  await insertCommission(db, { ...a, amountCents: 80_05, paidAt: null });

  const [stranger] = await insertClients(db, other.stylistId!, [
    { firstName: 'Sam', lastName: 'S' },
  ]);
  const s = { stylistId: other.stylistId!, clientId: stranger!.id };
  await insertQuote(db, { ...s, status: 'offer_pending' });
  await insertQuote(db, { ...s, status: 'offer_accepted', acceptedOfferType: 'buyout' });
  await insertQuote(db, { ...s, status: 'needs_more_info' });
  await insertCommission(db, { ...s, amountCents: 1000_00, paidAt: new Date() });
  await insertCommission(db, { ...s, amountCents: 1000_00 });
});
afterAll(() => app.close());

async function dashboard(bearer: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/stylist/dashboard',
    headers: { authorization: `Bearer ${bearer}` },
  });
  expect(response.statusCode).toBe(200);
  return DashboardSchema.parse(response.json());
}

describe('dashboard', () => {
  test("sums the stylist's own commissions, quotes to review, stuff to ship and open tasks", async () => {
    expect(await dashboard(token)).toEqual({
      // Paid 250.00 + 12.34; unpaid 80.05.
      commissions: [{ total: 262.34, pending: 80.05 }],
      pendingItems: [{ pendingReviewTotal: 3, pendingShipmentTotal: 2 }],
      // 3 to review + 2 to ship + 1 needing more information.
      taskCount: 6,
      clientCount: 3,
    });
  });

  test('a stylist with nothing yet sees zeros', async () => {
    expect(await dashboard(newcomerToken)).toEqual({
      commissions: [{ total: 0, pending: 0 }],
      pendingItems: [{ pendingReviewTotal: 0, pendingShipmentTotal: 0 }],
      taskCount: 0,
      clientCount: 0,
    });
  });
});
