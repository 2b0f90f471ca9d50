import { ErrorBodySchema, PriceGuidanceDocumentSchema } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import { commissions, images, quotes, quoteStatusHistory } from '../../db/schema.ts';
import { insertDesigner, insertImage, insertOffers, insertQuote } from '../../test/fixtures.ts';
import { buildOfficeWorld } from './testing.ts';

let app: App;
let tokens: Record<string, string>;
let stylistId: number;
let clientId: number;

beforeAll(async () => {
  ({ app, tokens, stylistId, clientId } = await buildOfficeWorld());
});
afterAll(() => app.close());

const db = () => app.database.db;
const DAY = 86_400_000;
const NOW = Date.now();

function guidanceOf(quoteId: number | string, who = 'pricer') {
  return app.inject({
    method: 'GET',
    url: `/api/office/items/${quoteId}/price-guidance`,
    headers: { authorization: `Bearer ${tokens[who]}` },
  });
}

async function guidance(quoteId: number, who = 'pricer') {
  const response = await guidanceOf(quoteId, who);
  expect(response.statusCode, response.body).toBe(200);
  return PriceGuidanceDocumentSchema.parse(response.json()).data;
}

/** An item waiting to be priced. */
const itemToPrice = (designerId: number, categoryId: number) =>
  insertQuote(db(), {
    stylistId,
    clientId,
    designerId,
    categoryId,
    status: 'authenticated_no_offer',
    name: 'To price',
  });

/**
 * A sold item as recordSale leaves it: listed (converted) `listedDaysAgo`, sold `soldDaysAgo`,
 * its commission's purchase price in dollars; a buyout carries an order id.
 */
async function sale(input: {
  designerId: number;
  categoryId: number;
  price: number;
  soldDaysAgo: number;
  listedDaysAgo: number;
  buyout?: boolean;
  name?: string;
}) {
  const quoteId = await insertQuote(db(), {
    stylistId,
    clientId,
    designerId: input.designerId,
    categoryId: input.categoryId,
    status: 'sold',
    acceptedOfferType: input.buyout ? 'buyout' : 'consignment',
    name: input.name ?? `Sold for ${input.price}`,
  });
  await db()
    .insert(quoteStatusHistory)
    .values([
      // An earlier conversion: the listing is the last one.
      {
        quoteId,
        fromStatus: 'received',
        toStatus: 'converted',
        actorKind: 'admin',
        createdAt: new Date(NOW - (input.listedDaysAgo + 30) * DAY),
      },
      {
        quoteId,
        fromStatus: 'received',
        toStatus: 'converted',
        actorKind: 'admin',
        createdAt: new Date(NOW - input.listedDaysAgo * DAY),
      },
      {
        quoteId,
        fromStatus: 'converted',
        toStatus: 'sold',
        actorKind: 'admin',
        createdAt: new Date(NOW - input.soldDaysAgo * DAY),
      },
    ]);
  await db()
    .insert(commissions)
    .values({
      stylistId,
      clientId,
      quoteId,
      productId: `P${quoteId}`,
      productName: 'Sold item',
      brand: 'Designer',
      titleWithoutBrand: 'Sold item',
      amountCents: 50_00,
      purchasePriceCents: input.price * 100,
      orderId: input.buyout ? `ORD-${quoteId}` : null,
      createdAt: new Date(NOW - input.soldDaysAgo * DAY),
    });
  return quoteId;
}

function call(who: string, method: 'GET' | 'POST', url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[who]}` },
    ...(payload !== undefined && { payload }),
  });
}

/** A decision on the version the item has now, as operations. */
async function decide(quoteId: number, body: object) {
  const item = await call('operations', 'GET', `/api/office/items/${quoteId}`);
  const { version } = item.json<{ data: { version: number } }>().data;
  const answer = await call('operations', 'POST', `/api/office/items/${quoteId}/decisions`, {
    ...body,
    version,
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

describe('price guidance', () => {
  test("a designer's sales in the item's category give exact count, median, range, median buyout paid and median days", async () => {
    const designer = await insertDesigner(db(), 2);
    const [bags, shoes] = designer.categories.map((category) => category.id) as [number, number];
    const d = { designerId: designer.id };
    await sale({ ...d, categoryId: bags, price: 1000, soldDaysAgo: 50, listedDaysAgo: 60 });
    await sale({ ...d, categoryId: bags, price: 2000, soldDaysAgo: 40, listedDaysAgo: 44 });
    await sale({
      ...d,
      categoryId: bags,
      price: 800,
      soldDaysAgo: 30,
      listedDaysAgo: 31,
      buyout: true,
    });
    await sale({ ...d, categoryId: bags, price: 3000, soldDaysAgo: 20, listedDaysAgo: 40 });
    await sale({
      ...d,
      categoryId: bags,
      price: 1200,
      soldDaysAgo: 10,
      listedDaysAgo: 12,
      buyout: true,
    });
    const newest = await sale({
      ...d,
      categoryId: bags,
      price: 1500,
      soldDaysAgo: 5,
      listedDaysAgo: 6,
      name: 'Newest bag',
    });
    // Another category of the same designer, and the designer's items not sold, do not count.
    await sale({ ...d, categoryId: shoes, price: 9000, soldDaysAgo: 1, listedDaysAgo: 2 });
    const quoteId = await itemToPrice(designer.id, bags);
    const photo = await insertImage(db(), { stylistId, quoteId: newest });
    const [{ thumbnailKey }] = (await db()
      .select({ thumbnailKey: images.thumbnailKey })
      .from(images)
      .where(eq(images.id, photo))) as [{ thumbnailKey: string }];

    const found = await guidance(quoteId);

    expect(found).toMatchObject({
      quoteId,
      designer: { id: designer.id, name: designer.name },
      category: { id: bags },
      basis: 'designer_category',
      sales: 6,
      buyouts: 2,
      // 800 1000 1200 1500 2000 3000
      salePrice: { median: 1350, min: 800, max: 3000 },
      // 800 and 1200
      medianBuyoutPaid: 1000,
      // consignment only, from the last conversion: 10, 4, 20, 1
      medianDaysToSell: 7,
    });
    expect(found.comparables.map((row) => row.price)).toEqual([1500, 1200, 3000, 800, 2000]);
    expect(found.comparables.map((row) => row.kind)).toEqual([
      'consignment',
      'buyout',
      'consignment',
      'buyout',
      'consignment',
    ]);
    expect(found.comparables[0]).toMatchObject({ quoteId: newest, name: 'Newest bag' });
    expect(Date.parse(found.comparables[0]!.soldAt)).toBe(NOW - 5 * DAY);
    expect(found.comparables[0]!.photoUrl).toMatch(
      new RegExp(`^/files/${thumbnailKey}\\?expires=\\d+&signature=`),
    );
    expect(found.comparables[1]!.photoUrl).toBeNull();
    // Operations price too.
    expect((await guidance(quoteId, 'operations')).sales).toBe(6);
  });

  test('fewer than 3 sales in the category fall back to the designer in every category', async () => {
    const designer = await insertDesigner(db(), 3);
    const [bags, shoes, scarves] = designer.categories.map((category) => category.id) as [
      number,
      number,
      number,
    ];
    const d = { designerId: designer.id };
    await sale({ ...d, categoryId: bags, price: 400, soldDaysAgo: 9, listedDaysAgo: 12 });
    await sale({ ...d, categoryId: bags, price: 600, soldDaysAgo: 8, listedDaysAgo: 10 });
    await sale({ ...d, categoryId: shoes, price: 200, soldDaysAgo: 7, listedDaysAgo: 13 });
    await sale({
      ...d,
      categoryId: shoes,
      price: 1000,
      soldDaysAgo: 6,
      listedDaysAgo: 7,
      buyout: true,
    });
    const quoteId = await itemToPrice(designer.id, bags);
    const onlyScarf = await itemToPrice(designer.id, scarves);

    const found = await guidance(quoteId);
    expect(found).toMatchObject({
      basis: 'designer',
      sales: 4,
      buyouts: 1,
      salePrice: { median: 500, min: 200, max: 1000 },
      medianBuyoutPaid: 1000,
      // 3, 2, 6
      medianDaysToSell: 3,
    });
    expect(found.comparables.map((row) => row.price)).toEqual([1000, 200, 600, 400]);
    // No sale at all in its category: the designer's.
    expect((await guidance(onlyScarf)).basis).toBe('designer');
    expect((await guidance(onlyScarf)).sales).toBe(4);
  });

  test('a designer with no sales gives empty guidance', async () => {
    const designer = await insertDesigner(db(), 1);
    const quoteId = await itemToPrice(designer.id, designer.categories[0]!.id);
    expect(await guidance(quoteId)).toMatchObject({
      basis: 'designer',
      sales: 0,
      buyouts: 0,
      salePrice: null,
      medianBuyoutPaid: null,
      medianDaysToSell: null,
      comparables: [],
    });
  });

  test('an authenticator and a stylist are refused, an unknown item is 404, a bad id 400', async () => {
    const designer = await insertDesigner(db(), 1);
    const quoteId = await itemToPrice(designer.id, designer.categories[0]!.id);
    for (const who of ['authenticator', 'stylist']) {
      const response = await guidanceOf(quoteId, who);
      expect(response.statusCode, who).toBe(403);
      expect(ErrorBodySchema.parse(response.json()).code).toBeTruthy();
    }
    const missing = await guidanceOf(2_000_000_000);
    expect(missing.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(missing.json()).message).toBeTruthy();
    expect((await guidanceOf('abc')).statusCode).toBe(400);
    const anonymous = await app.inject({
      method: 'GET',
      url: `/api/office/items/${quoteId}/price-guidance`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  test('a sale recorded in the office counts at once, and corrections to a sale move its figures', async () => {
    const designer = await insertDesigner(db(), 2);
    const [bags, shoes] = designer.categories.map((category) => category.id) as [number, number];
    const quoteId = await itemToPrice(designer.id, bags);
    const inTransit = await insertQuote(db(), {
      stylistId,
      clientId,
      designerId: designer.id,
      categoryId: bags,
      status: 'in_transit',
      acceptedOfferType: 'consignment',
    });
    await insertOffers(db(), inTransit, { consignment: 700_00 });
    for (const decision of ['receive', 'convert']) await decide(inTransit, { decision });
    await decide(inTransit, { decision: 'record_sale', commission: 90 });

    const recorded = await guidance(quoteId);
    expect(recorded).toMatchObject({ basis: 'designer', sales: 1, buyouts: 0 });
    expect(recorded.salePrice).toEqual({ median: 700, min: 700, max: 700 });
    // Listed a moment ago, sold just after.
    expect(recorded.medianDaysToSell).toBe(0);
    expect(recorded.comparables.map((row) => row.quoteId)).toEqual([inTransit]);

    // An operator corrects the price and makes it a buyout; then the item was shoes after all.
    await db()
      .update(commissions)
      .set({ purchasePriceCents: 650_00, orderId: 'ORD-000001' })
      .where(eq(commissions.quoteId, inTransit));
    expect(await guidance(quoteId)).toMatchObject({
      sales: 1,
      buyouts: 1,
      salePrice: { median: 650 },
      medianBuyoutPaid: 650,
      medianDaysToSell: null,
    });
    await db().update(quotes).set({ categoryId: shoes }).where(eq(quotes.id, inTransit));
    const shoe = await itemToPrice(designer.id, shoes);
    expect((await guidance(shoe)).comparables[0]).toMatchObject({ quoteId: inTransit });
    // Paying the commission out changes nothing the guidance reads.
    await db()
      .update(commissions)
      .set({ paidAt: new Date() })
      .where(eq(commissions.quoteId, inTransit));
    expect((await guidance(shoe)).sales).toBe(1);
  });
});
