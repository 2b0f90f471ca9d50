import {
  CommissionDocumentSchema,
  ErrorBodySchema,
  MarkPaidAnswerSchema,
  QuoteDocumentSchema,
  statusLabel,
  type OfferType,
} from '@atelier/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  commissions,
  commissionStatuses,
  notifications,
  quoteOffers,
  quoteStatusHistory,
  stylists,
} from '../../db/schema.ts';
import { insertImage, insertOffers, insertQuote } from '../../test/fixtures.ts';
import { buildQuoteWorld, type QuoteWorld } from '../quotes/testing.ts';

let world: QuoteWorld;

beforeAll(async () => {
  world = await buildQuoteWorld();
});
afterAll(() => world.app.close());

const RECEIVED_AT = new Date('2026-03-02T10:00:00Z');
const CONVERTED_AT = new Date('2026-03-05T15:30:00Z');

/** A quote of the stylist's client that the back office received and converted, with its history. */
async function convertedQuote(accepted: OfferType) {
  const quoteId = await insertQuote(world.db, {
    stylistId: world.stylist.stylistId,
    clientId: world.client.id,
    designerId: world.designer.id,
    name: 'Classic Flap Bag',
    status: 'converted',
    acceptedOfferType: accepted,
  });
  await insertOffers(world.db, quoteId, { consignment: 1200_00, buyout: 800_50 });
  await insertImage(world.db, { stylistId: world.stylist.stylistId, quoteId, position: 0 });
  await world.db.insert(quoteStatusHistory).values([
    {
      quoteId,
      fromStatus: 'in_transit',
      toStatus: 'received',
      actorKind: 'admin',
      createdAt: RECEIVED_AT,
    },
    {
      quoteId,
      fromStatus: 'received',
      toStatus: 'converted',
      actorKind: 'admin',
      createdAt: CONVERTED_AT,
    },
  ]);
  return quoteId;
}

const saleUrl = (quoteId: number) => `/api/admin/quotes/${quoteId}/sale`;
const MARK_PAID_URL = '/api/admin/commissions/mark-paid';

async function sell(quoteId: number, body: Record<string, unknown>) {
  const response = await world.call(world.tokens.admin, 'POST', saleUrl(quoteId), body);
  expect(response.statusCode, response.body).toBe(201);
  return CommissionDocumentSchema.parse(response.json()).data;
}

/** Everything stored about commissions and notifications, to show a refused call wrote nothing. */
async function stored() {
  return {
    commissions: await world.db.select().from(commissions).orderBy(asc(commissions.id)),
    statuses: await world.db.select().from(commissionStatuses).orderBy(asc(commissionStatuses.id)),
    notifications: await world.db.select().from(notifications).orderBy(asc(notifications.id)),
  };
}

describe('recording a sale', () => {
  test('a consignment sale pays the consignment estimate and reads Received, Listed, Sold', async () => {
    const quoteId = await convertedQuote('consignment');
    const commission = await sell(quoteId, { commission: 120.5 });
    expect(commission.attributes).toMatchObject({
      clientId: world.client.id,
      clientName: 'Margaux Dubois',
      productName: `${world.designer.name} Classic Flap Bag`,
      amount: 120.5,
      orderId: null,
      paidAt: null,
      purchasePrice: 1200,
      statuses: [
        { Received: 'Item received at warehouse' },
        { Listed: 'Photographed and listed for sale' },
        { Sold: 'Sold to a buyer' },
      ],
    });
    const [row] = await world.db
      .select()
      .from(commissions)
      .where(eq(commissions.id, commission.id));
    expect(row).toMatchObject({
      stylistId: world.stylist.stylistId,
      quoteId,
      productId: `P${quoteId}`,
      brand: world.designer.name,
      titleWithoutBrand: 'Classic Flap Bag',
      amountCents: 120_50,
      purchasePriceCents: 1200_00,
    });
    expect(row?.productThumbnailUrl).toMatch(/-thumb\.webp$/);
    const statusTimes = await world.db
      .select({ label: commissionStatuses.label, at: commissionStatuses.createdAt })
      .from(commissionStatuses)
      .where(eq(commissionStatuses.commissionId, commission.id))
      .orderBy(asc(commissionStatuses.id));
    expect(statusTimes.slice(0, 2)).toEqual([
      { label: 'Received', at: RECEIVED_AT },
      { label: 'Listed', at: CONVERTED_AT },
    ]);

    const quote = await world.call(world.tokens.admin, 'GET', `/api/admin/quotes/${quoteId}`);
    expect(QuoteDocumentSchema.parse(quote.json()).data.attributes.status).toBe('sold');
    const [last] = await world.db
      .select()
      .from(quoteStatusHistory)
      .where(eq(quoteStatusHistory.quoteId, quoteId))
      .orderBy(asc(quoteStatusHistory.id))
      .then((rows) => rows.slice(-1));
    expect(last).toMatchObject({
      fromStatus: 'converted',
      toStatus: 'sold',
      actorKind: 'admin',
      actorUserId: world.admin.userId,
      note: 'Sold',
    });
  });

  test('a buyout is a purchase with a made-up order id, reading Received then Purchased', async () => {
    const quoteId = await convertedQuote('buyout');
    const commission = await sell(quoteId, { commission: 80 });
    const { orderId, purchasePrice, statuses } = commission.attributes;
    expect(orderId).toMatch(/^ORD-\d{6}$/);
    expect(purchasePrice).toBe(800.5);
    expect(statuses).toEqual([
      { Received: 'Item received at warehouse' },
      { Purchased: `Bought outright by Atelier, order ${orderId}` },
    ]);
    const history = await world.db
      .select({ note: quoteStatusHistory.note })
      .from(quoteStatusHistory)
      .where(eq(quoteStatusHistory.quoteId, quoteId))
      .orderBy(asc(quoteStatusHistory.id));
    expect(history.at(-1)?.note).toBe(`Purchased, order ${orderId}`);
  });

  test('a buyout keeps the given order id and payout', async () => {
    const quoteId = await convertedQuote('buyout');
    const commission = await sell(quoteId, {
      commission: 75.25,
      purchasePrice: 900,
      orderId: 'SHOP-42',
    });
    expect(commission.attributes).toMatchObject({
      orderId: 'SHOP-42',
      purchasePrice: 900,
      amount: 75.25,
    });
  });

  test('a consignment sale refuses an order id, and nothing is written', async () => {
    const quoteId = await convertedQuote('consignment');
    const before = { ...(await stored()), quote: await world.snapshot(quoteId) };
    const response = await world.call(world.tokens.admin, 'POST', saleUrl(quoteId), {
      commission: 10,
      orderId: 'SHOP-1',
    });
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json()).errors).toEqual({
      orderId: ['A consignment sale has no order'],
    });
    expect({ ...(await stored()), quote: await world.snapshot(quoteId) }).toEqual(before);
  });

  test('without an accepted offer to default to, the payout must be given', async () => {
    const quoteId = await convertedQuote('consignment');
    await world.db.delete(quoteStatusHistory).where(eq(quoteStatusHistory.quoteId, quoteId));
    await world.db.delete(quoteOffers).where(eq(quoteOffers.quoteId, quoteId));
    const refused = await world.call(world.tokens.admin, 'POST', saleUrl(quoteId), {
      commission: 10,
    });
    expect(refused.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(refused.json()).errors).toHaveProperty('purchasePrice');
    const commission = await sell(quoteId, { commission: 10, purchasePrice: 500 });
    expect(commission.attributes.purchasePrice).toBe(500);
    // Without history every update carries the sale's time; they still read in order.
    expect(commission.attributes.statuses.map((status) => Object.keys(status)[0])).toEqual([
      'Received',
      'Listed',
      'Sold',
    ]);
  });

  test('a quote that is not converted answers 409 naming its status, a missing one 404; nothing is written', async () => {
    const quoteId = await insertQuote(world.db, {
      stylistId: world.stylist.stylistId,
      clientId: world.client.id,
      status: 'received',
      acceptedOfferType: 'consignment',
    });
    await insertOffers(world.db, quoteId, { consignment: 500_00 });
    const sold = await convertedQuote('consignment');
    await sell(sold, { commission: 10 });
    const before = { ...(await stored()), quote: await world.snapshot(quoteId) };

    const refused = await world.call(world.tokens.admin, 'POST', saleUrl(quoteId), {
      commission: 10,
    });
    expect(refused.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(refused.json()).message).toContain(`"${statusLabel('received')}"`);
    const again = await world.call(world.tokens.admin, 'POST', saleUrl(sold), { commission: 10 });
    expect(again.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(again.json()).message).toContain(`"${statusLabel('sold')}"`);
    const missing = await world.call(world.tokens.admin, 'POST', saleUrl(2_000_000), {
      commission: 10,
    });
    expect(missing.statusCode).toBe(404);
    expect({ ...(await stored()), quote: await world.snapshot(quoteId) }).toEqual(before);
  });

  test('stylists get 403 and anonymous callers 401, and nothing is written', async () => {
    const quoteId = await convertedQuote('consignment');
    const before = { ...(await stored()), quote: await world.snapshot(quoteId) };
    for (const [token, status] of [
      [world.tokens.stylist, 403],
      [null, 401],
    ] as const) {
      const sale = await world.call(token, 'POST', saleUrl(quoteId), { commission: 10 });
      expect(sale.statusCode).toBe(status);
      const paid = await world.call(token, 'POST', MARK_PAID_URL, { commissionIds: [1] });
      expect(paid.statusCode).toBe(status);
    }
    expect({ ...(await stored()), quote: await world.snapshot(quoteId) }).toEqual(before);
  });
});

describe('paying commissions', () => {
  const markPaid = (commissionIds: number[]) =>
    world.call(world.tokens.admin, 'POST', MARK_PAID_URL, { commissionIds });

  test('pays unpaid commissions once: date, Paid update and a notification; a second call lists them as paid', async () => {
    const first = await sell(await convertedQuote('consignment'), { commission: 120.5 });
    const second = await sell(await convertedQuote('buyout'), { commission: 60 });
    await world.db
      .update(stylists)
      .set({ paymentMethod: 'paypal', paypalAddress: 'camille@paypal.test' })
      .where(eq(stylists.id, world.stylist.stylistId));

    const response = await markPaid([first.id, second.id]);
    expect(response.statusCode, response.body).toBe(200);
    expect(MarkPaidAnswerSchema.parse(response.json())).toEqual({
      paid: [first.id, second.id],
      alreadyPaid: [],
    });
    const rows = await world.db
      .select({ id: commissions.id, paidAt: commissions.paidAt })
      .from(commissions)
      .where(inArray(commissions.id, [first.id, second.id]));
    expect(rows.every((row) => row.paidAt instanceof Date)).toBe(true);
    const paidUpdates = await world.db
      .select({ commissionId: commissionStatuses.commissionId, text: commissionStatuses.text })
      .from(commissionStatuses)
      .where(eq(commissionStatuses.label, 'Paid'))
      .orderBy(asc(commissionStatuses.commissionId));
    expect(paidUpdates).toEqual([
      { commissionId: first.id, text: 'Commission paid by PayPal to camille@paypal.test' },
      { commissionId: second.id, text: 'Commission paid by PayPal to camille@paypal.test' },
    ]);
    const sent = await world.db
      .select({
        stylistId: notifications.stylistId,
        kind: notifications.kind,
        text: notifications.text,
        link: notifications.link,
      })
      .from(notifications)
      .where(eq(notifications.link, `/commission/${first.id}`));
    expect(sent).toEqual([
      {
        stylistId: world.stylist.stylistId,
        kind: 'commission_paid',
        text: `Your $120.50 commission for ${first.attributes.productName} was paid.`,
        link: `/commission/${first.id}`,
      },
    ]);

    const before = await stored();
    const third = await sell(await convertedQuote('consignment'), { commission: 5 });
    await world.db
      .update(stylists)
      .set({ paymentMethod: 'check', paypalAddress: null })
      .where(eq(stylists.id, world.stylist.stylistId));
    const again = await markPaid([first.id, third.id]);
    expect(again.statusCode, again.body).toBe(200);
    expect(MarkPaidAnswerSchema.parse(again.json())).toEqual({
      paid: [third.id],
      alreadyPaid: [first.id],
    });
    const after = await stored();
    expect(after.commissions.find((row) => row.id === first.id)).toEqual(
      before.commissions.find((row) => row.id === first.id),
    );
    expect(after.statuses.filter((row) => row.commissionId === first.id)).toEqual(
      before.statuses.filter((row) => row.commissionId === first.id),
    );
    expect(after.statuses.filter((row) => row.commissionId === third.id).at(-1)).toMatchObject({
      label: 'Paid',
      text: 'Commission paid by check',
    });
    expect(after.notifications).toHaveLength(before.notifications.length + 1);
  });

  test('an unknown id answers 404 naming it, and nothing is paid', async () => {
    const unpaid = await sell(await convertedQuote('consignment'), { commission: 30 });
    const before = await stored();
    const response = await markPaid([unpaid.id, 1_999_999]);
    expect(response.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(response.json()).message).toBe('Commission 1999999 not found');
    expect(await stored()).toEqual(before);
  });
});
