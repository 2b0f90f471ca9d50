import {
  ErrorBodySchema,
  OfficeReceiptDocumentSchema,
  OfficeReceiveConflictSchema,
  type LifecycleStatus,
} from '@atelier/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import {
  auditLog,
  notifications,
  officeClaims,
  quotes,
  quoteStatusHistory,
  shipments,
} from '../../db/schema.ts';
import { insertQuote, insertShipment } from '../../test/fixtures.ts';
import { RECEIVE_SCAN_ACTION } from './office-receiving.service.ts';
import { buildOfficeWorld } from './testing.ts';

let app: App;
let tokens: Record<string, string>;
let userIds: Record<string, string>;
let stylistId: number;
let clientId: number;
let codeCounter = 0;

beforeAll(async () => {
  ({ app, tokens, userIds, stylistId, clientId } = await buildOfficeWorld());
});
afterAll(() => app.close());

const db = () => app.database.db;

function scan(code: unknown, who = 'operations') {
  return app.inject({
    method: 'POST',
    url: '/api/office/receive',
    headers: { authorization: `Bearer ${tokens[who]!}` },
    payload: { code },
  });
}

/** A code no other test uses. */
const uniqueCode = (prefix: string) => `${prefix}${Date.now()}${(codeCounter += 1)}`;

/** A parcel with a tracking number, holding one item per status given, each with its barcode. */
async function parcel(statuses: readonly LifecycleStatus[]) {
  const shipmentId = await insertShipment(db(), { stylistId, clientId });
  const trackingNumber = uniqueCode('1ZTEST');
  await db().update(shipments).set({ trackingNumber }).where(eq(shipments.id, shipmentId));
  const items: { quoteId: number; barCode: string; name: string }[] = [];
  for (const [index, status] of statuses.entries()) {
    const barCode = uniqueCode('WG');
    const name = `Item ${index + 1} ${status}`;
    const quoteId = await insertQuote(db(), {
      stylistId,
      clientId,
      status,
      name,
      barCode,
      shipmentId,
    });
    items.push({ quoteId, barCode, name });
  }
  return { shipmentId, trackingNumber, items };
}

/** Everything a refused scan must leave as it was. */
async function snapshot(quoteIds: number[]) {
  return {
    quotes: await db()
      .select()
      .from(quotes)
      .where(inArray(quotes.id, quoteIds))
      .orderBy(asc(quotes.id)),
    history: await db()
      .select()
      .from(quoteStatusHistory)
      .where(inArray(quoteStatusHistory.quoteId, quoteIds))
      .orderBy(asc(quoteStatusHistory.id)),
    notifications: await db()
      .select()
      .from(notifications)
      .where(eq(notifications.stylistId, stylistId))
      .orderBy(asc(notifications.id)),
    audit: await db().select().from(auditLog).orderBy(asc(auditLog.id)),
  };
}

const statusesOf = async (quoteIds: number[]) =>
  (
    await db()
      .select({ status: quotes.status })
      .from(quotes)
      .where(inArray(quotes.id, quoteIds))
      .orderBy(asc(quotes.id))
  ).map((row) => row.status);

describe('a tracking number', () => {
  test('receives every item in transit on the parcel, as "Receive" does, and lists what the manifest says is missing', async () => {
    const { shipmentId, trackingNumber, items } = await parcel([
      'in_transit',
      'in_transit',
      'offer_accepted',
    ]);
    const [first, second, notShipped] = items as [
      (typeof items)[0],
      (typeof items)[0],
      (typeof items)[0],
    ];
    // Operations holds one of them in "In transit": received, it is free in "At warehouse".
    const old = new Date(Date.now() - 20 * 60_000);
    await db().insert(officeClaims).values({
      quoteId: first.quoteId,
      userId: userIds.operations!,
      claimedAt: old,
      activeAt: old,
    });

    const answer = await scan(trackingNumber);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(OfficeReceiptDocumentSchema.parse(answer.json()).data).toEqual({
      code: trackingNumber,
      matched: 'shipment',
      shipment: { id: shipmentId, trackingNumber, client: 'Margaux Dubois' },
      received: [first, second].map((item) => ({
        quoteId: item.quoteId,
        name: item.name,
        designer: expect.any(String),
        barCode: item.barCode,
        status: 'received',
      })),
      missing: [
        {
          quoteId: notShipped.quoteId,
          name: notShipped.name,
          designer: expect.any(String),
          barCode: notShipped.barCode,
          status: 'offer_accepted',
          reason: 'not_in_transit',
          receivedAt: null,
        },
      ],
    });

    const ids = items.map((item) => item.quoteId);
    expect(await statusesOf(ids)).toEqual(['received', 'received', 'offer_accepted']);
    // The step each item took is the "Receive" decision's: by the staff member, with its note.
    const steps = await db()
      .select()
      .from(quoteStatusHistory)
      .where(
        and(inArray(quoteStatusHistory.quoteId, ids), eq(quoteStatusHistory.toStatus, 'received')),
      )
      .orderBy(asc(quoteStatusHistory.quoteId));
    expect(steps).toMatchObject(
      [first, second].map((item) => ({
        quoteId: item.quoteId,
        fromStatus: 'in_transit',
        actorKind: 'admin',
        actorUserId: userIds.operations,
        note: 'Received at the warehouse.',
      })),
    );
    // Each item leaves "In transit" for "At warehouse", its clock started anew.
    const [row] = await db()
      .select({ stage: quotes.officeStage, enteredAt: quotes.stageEnteredAt })
      .from(quotes)
      .where(eq(quotes.id, first.quoteId));
    expect(row?.stage).toBe('at_warehouse');
    expect(row!.enteredAt.getTime()).toBeGreaterThan(Date.now() - 60_000);

    const told = await db()
      .select({ text: notifications.text, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.stylistId, stylistId));
    for (const item of [first, second]) {
      expect(told).toContainEqual({
        text: `${item.name} arrived at the warehouse.`,
        link: `/quotes/pickup/${clientId}`,
      });
    }
    expect(told.map((n) => n.text)).not.toContain(`${notShipped.name} arrived at the warehouse.`);

    const audited = await db()
      .select({ subject: auditLog.subject, actor: auditLog.actorUserId })
      .from(auditLog)
      .where(eq(auditLog.action, RECEIVE_SCAN_ACTION));
    for (const item of [first, second]) {
      expect(audited).toContainEqual({
        subject: `quoteId=${item.quoteId}`,
        actor: userIds.operations,
      });
    }
    expect(audited.map((a) => a.subject)).not.toContain(`quoteId=${notShipped.quoteId}`);

    const claims = await db()
      .select()
      .from(officeClaims)
      .where(eq(officeClaims.quoteId, first.quoteId));
    expect(claims).toEqual([]);
  });

  test('typed in lower case and grouped with spaces, it finds the parcel all the same', async () => {
    const { trackingNumber, items } = await parcel(['in_transit']);
    const typed = ` ${trackingNumber.slice(0, 6).toLowerCase()} ${trackingNumber.slice(6)} `;
    const answer = await scan(typed);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(OfficeReceiptDocumentSchema.parse(answer.json()).data).toMatchObject({
      matched: 'shipment',
      received: [{ quoteId: items[0]!.quoteId }],
    });
  });

  test('scanned twice, it answers 409 naming the items as already received, and writes nothing', async () => {
    const { trackingNumber, items } = await parcel(['in_transit', 'in_transit']);
    expect((await scan(trackingNumber)).statusCode).toBe(200);
    const ids = items.map((item) => item.quoteId);
    const before = await snapshot(ids);

    const again = await scan(trackingNumber);
    expect(again.statusCode).toBe(409);
    const body = OfficeReceiveConflictSchema.parse(again.json());
    expect(body).toMatchObject({
      code: 'CONFLICT',
      message: `Parcel ${trackingNumber} was already received: all 2 of its items are at the warehouse.`,
      receipt: {
        matched: 'shipment',
        received: [],
        missing: ids.map((quoteId) => ({
          quoteId,
          status: 'received',
          reason: 'already_received',
          receivedAt: expect.any(String),
        })),
      },
    });
    expect(await snapshot(ids)).toEqual(before);
  });

  test('a parcel with nothing in transit answers 409 with why for each item', async () => {
    const { trackingNumber, items } = await parcel(['offer_accepted', 'converted']);
    const ids = items.map((item) => item.quoteId);
    const before = await snapshot(ids);
    const answer = await scan(trackingNumber);
    expect(answer.statusCode).toBe(409);
    const body = OfficeReceiveConflictSchema.parse(answer.json());
    expect(body.message).toMatch(/Nothing on parcel .* is in transit/);
    expect(body.receipt?.missing.map((item) => item.reason)).toEqual([
      'not_in_transit',
      'already_received',
    ]);
    expect(await snapshot(ids)).toEqual(before);
  });
});

describe('an item barcode', () => {
  test('receives that one item, names its parcel, and leaves the parcel’s other items in transit', async () => {
    const { shipmentId, trackingNumber, items } = await parcel(['in_transit', 'in_transit']);
    const [scanned, other] = items as [(typeof items)[0], (typeof items)[0]];
    const answer = await scan(scanned.barCode.toLowerCase());
    expect(answer.statusCode, answer.body).toBe(200);
    expect(OfficeReceiptDocumentSchema.parse(answer.json()).data).toMatchObject({
      code: scanned.barCode.toLowerCase(),
      matched: 'item',
      shipment: { id: shipmentId, trackingNumber },
      received: [{ quoteId: scanned.quoteId, barCode: scanned.barCode, status: 'received' }],
      missing: [],
    });
    expect(await statusesOf([scanned.quoteId, other.quoteId])).toEqual(['received', 'in_transit']);

    // The parcel's scan then receives the rest and lists the item as already received.
    const rest = await scan(trackingNumber);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(OfficeReceiptDocumentSchema.parse(rest.json()).data).toMatchObject({
      received: [{ quoteId: other.quoteId }],
      missing: [{ quoteId: scanned.quoteId, reason: 'already_received' }],
    });

    const twice = await scan(scanned.barCode);
    expect(twice.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(twice.json()).message).toBe(
      `${scanned.name} (#${scanned.quoteId}) was already received.`,
    );
  });

  test('of an item without a parcel (a pickup on its way) receives it', async () => {
    const barCode = uniqueCode('WG');
    const quoteId = await insertQuote(db(), { stylistId, clientId, status: 'in_transit', barCode });
    const answer = await scan(barCode);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(OfficeReceiptDocumentSchema.parse(answer.json()).data).toMatchObject({
      shipment: null,
      received: [{ quoteId }],
    });
  });

  test('of an item not in transit answers 409 with its status', async () => {
    const barCode = uniqueCode('WG');
    const quoteId = await insertQuote(db(), {
      stylistId,
      clientId,
      status: 'authenticated_with_offer',
      name: 'Kelly 28',
      barCode,
    });
    const before = await snapshot([quoteId]);
    const answer = await scan(barCode);
    expect(answer.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(answer.json()).message).toBe(
      `Kelly 28 (#${quoteId}) is not in transit: it is "Authenticated - Has Offer".`,
    );
    expect(await snapshot([quoteId])).toEqual(before);
  });
});

describe('refusals', () => {
  test('an unknown code answers 404 in the error shape and writes nothing', async () => {
    const { items } = await parcel(['in_transit']);
    const before = await snapshot([items[0]!.quoteId]);
    const answer = await scan('NO-SUCH-CODE-42');
    expect(answer.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(answer.json())).toMatchObject({
      code: 'NOT_FOUND',
      message: 'No parcel or item has the code NO-SUCH-CODE-42. Check it and scan again.',
    });
    expect(await snapshot([items[0]!.quoteId])).toEqual(before);
  });

  test('a stylist, an authenticator and a pricer (no right to receive) get 403 and nothing is written', async () => {
    const { trackingNumber, items } = await parcel(['in_transit']);
    const ids = items.map((item) => item.quoteId);
    const before = await snapshot(ids);
    for (const who of ['stylist', 'authenticator', 'pricer']) {
      const answer = await scan(trackingNumber, who);
      expect(answer.statusCode, who).toBe(403);
      expect(ErrorBodySchema.parse(answer.json()).code).toBe('FORBIDDEN');
    }
    expect(await snapshot(ids)).toEqual(before);
  });

  test('a missing, empty or too long code, or another field, answers 400 and writes nothing', async () => {
    const { items } = await parcel(['in_transit']);
    const before = await snapshot([items[0]!.quoteId]);
    for (const payload of [
      {},
      { code: '' },
      { code: '   ' },
      { code: 'X'.repeat(65) },
      { code: 42 },
    ]) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/office/receive',
        headers: { authorization: `Bearer ${tokens.operations!}` },
        payload,
      });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(ErrorBodySchema.parse(answer.json()).errors?.code).toBeDefined();
    }
    const extra = await app.inject({
      method: 'POST',
      url: '/api/office/receive',
      headers: { authorization: `Bearer ${tokens.operations!}` },
      payload: { code: 'WG1', extra: true },
    });
    expect(extra.statusCode).toBe(400);
    expect(await snapshot([items[0]!.quoteId])).toEqual(before);
  });

  test('a failure on one item of the parcel leaves every item as it was: all or nothing', async () => {
    const { trackingNumber, items } = await parcel(['in_transit', 'in_transit']);
    const ids = items.map((item) => item.quoteId);
    // The second item's step fails inside the scan's transaction, after the first was received.
    await db().execute(
      sql.raw(`create function refuse_scan_test() returns trigger language plpgsql as $$
        begin raise exception 'refused for the test'; end $$`),
    );
    await db().execute(
      sql.raw(`create trigger refuse_scan_test before update on quotes for each row
        when (old.id = ${ids[1]}) execute function refuse_scan_test()`),
    );
    try {
      const before = await snapshot(ids);
      const answer = await scan(trackingNumber);
      expect(answer.statusCode).toBe(500);
      expect(await snapshot(ids)).toEqual(before);
    } finally {
      await db().execute(sql.raw('drop trigger refuse_scan_test on quotes'));
      await db().execute(sql.raw('drop function refuse_scan_test()'));
    }
    expect((await scan(trackingNumber)).statusCode).toBe(200);
    expect(await statusesOf(ids)).toEqual(['received', 'received']);
  });
});
