import { ErrorBodySchema, QuoteDocumentSchema } from '@atelier/contract';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { images, quotes, quoteStatusHistory } from '../../db/schema.ts';
import { insertDesigner } from '../../test/fixtures.ts';
import { barCodes } from './quotes.service.ts';
import { signedLinkTo } from '../../test/signed-link-matchers.ts';
import { ADMIN_URL, buildQuoteWorld, type QuoteWorld } from './testing.ts';

let world: QuoteWorld;

beforeAll(async () => {
  world = await buildQuoteWorld();
});
afterAll(() => world.app.close());

const CREATE = '/api/stylist/white-glove-quotes';

const quoteCount = async () => (await world.db.select({ n: count() }).from(quotes))[0]!.n;

async function freeImagesAmong(ids: number[]) {
  const rows = await world.db
    .select({ id: images.id })
    .from(images)
    .where(and(inArray(images.id, ids), isNull(images.quoteId)));
  return rows.map((row) => row.id).toSorted((a, b) => a - b);
}

/** Posts a body that must be refused and checks that no quote was made; says which of its photos are free. */
async function expectRefused(
  body: Record<string, unknown>,
  status: number,
  token = world.tokens.stylist,
) {
  const before = await quoteCount();
  const response = await world.call(token, 'POST', CREATE, body);
  expect(response.statusCode, response.body).toBe(status);
  expect(await quoteCount()).toBe(before);
  const imageIds = Array.isArray(body.imageIds)
    ? body.imageIds.filter((id): id is number => typeof id === 'number')
    : [];
  return {
    body: ErrorBodySchema.parse(response.json()),
    stillFree: await freeImagesAmong(imageIds),
  };
}

describe('submitting an item for a quote', () => {
  test('creates a pending quote with its photos in the order given and a first history entry', async () => {
    const [first, second] = [await world.freeImage(), await world.freeImage()];
    const body = await world.newQuoteBody({ imageIds: [second, first], description: undefined });
    const response = await world.call(world.tokens.stylist, 'POST', CREATE, body);
    expect(response.statusCode, response.body).toBe(201);
    const { data } = QuoteDocumentSchema.parse(response.json());

    expect(data.type).toBe('white-glove-quotes');
    expect(data.attributes).toMatchObject({
      name: 'Classic Flap Bag',
      description: '',
      brand: world.designer.name,
      brandId: world.designer.id,
      category: world.designer.categories[0]!.name,
      categoryId: world.designer.categories[0]!.id,
      status: 'pending_authentication',
      authenticationStatus: 'pending',
      pickup_type: null,
      hasPurchaseOffer: false,
      isApproved: false,
      offers: {
        consignmentEstimate: null,
        buyoutQuote: null,
        buybackQuote: null,
        acceptedOfferType: null,
      },
      commenter: null,
      commentToCustomer: null,
      shipment: null,
    });
    expect(data.attributes.barCode).toMatch(/^WG\d{8}$/);
    expect(data.attributes.images.map((image) => image.id)).toEqual([second, first]);
    expect(data.attributes.thumbnail_url).toBe(data.attributes.images[0]!.thumbnailUrl);
    expect(data.attributes.image_url).toBe(data.attributes.images[0]!.url);
    expect(data.attributes.images[0]!.url).toMatch(signedLinkTo('quote-images/.+\\.webp'));
    expect(data.attributes.statusHistory).toEqual([
      {
        from: null,
        to: 'pending_authentication',
        actor: 'stylist',
        note: 'Submitted by the stylist.',
        at: expect.any(String),
      },
    ]);
    expect(data.links.admin).toBe(`${ADMIN_URL}/pending-items/${data.id}`);

    const [row] = await world.db.select().from(quotes).where(eq(quotes.id, data.id));
    expect(row).toMatchObject({
      stylistId: world.stylist.stylistId,
      clientId: world.client.id,
    });
    const attached = await world.db
      .select({ id: images.id, position: images.position })
      .from(images)
      .where(eq(images.quoteId, data.id))
      .orderBy(asc(images.position));
    expect(attached).toEqual([
      { id: second, position: 0 },
      { id: first, position: 1 },
    ]);
    const history = await world.db
      .select()
      .from(quoteStatusHistory)
      .where(eq(quoteStatusHistory.quoteId, data.id));
    expect(history).toMatchObject([
      {
        fromStatus: null,
        toStatus: 'pending_authentication',
        actorKind: 'stylist',
        actorUserId: world.stylist.userId,
      },
    ]);
  });

  test("another stylist's client answers 404 exactly as a missing one, and nothing is written", async () => {
    const foreign = await expectRefused(
      await world.newQuoteBody({ clientId: world.foreignClient.id }),
      404,
    );
    const missing = await expectRefused(await world.newQuoteBody({ clientId: 2_000_000 }), 404);
    expect(foreign.body).toEqual({ message: 'Client not found', code: 'NOT_FOUND' });
    expect(missing.body).toEqual(foreign.body);
    expect(foreign.stillFree).toHaveLength(1);
  });

  test('an unknown designer, or a category the designer does not make, answers 400 under its field', async () => {
    const brand = await expectRefused(await world.newQuoteBody({ brandId: 2_000_000 }), 400);
    expect(brand.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { brandId: ['No such designer'] },
    });
    expect(brand.stillFree).toHaveLength(1);

    const elsewhere = await insertDesigner(world.db, 1);
    const category = await expectRefused(
      await world.newQuoteBody({ categoryId: elsewhere.categories[0]!.id }),
      400,
    );
    expect(category.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { categoryId: ["Choose one of this designer's categories"] },
    });
  });

  test("another stylist's photo, or a missing one, answers 404 and the stylist's own photos stay free", async () => {
    const own = await world.freeImage();
    const theirs = await world.freeImage(world.other.stylistId!);
    for (const stranger of [theirs, 2_000_000]) {
      const refused = await expectRefused(
        await world.newQuoteBody({ imageIds: [own, stranger] }),
        404,
      );
      expect(refused.body).toEqual({
        message: 'Image not found',
        code: 'NOT_FOUND',
        errors: { imageIds: ['Image not found'] },
      });
      expect(refused.stillFree).toContain(own);
    }
    expect(await freeImagesAmong([own, theirs])).toEqual([own, theirs].toSorted((a, b) => a - b));
  });

  test('a photo already on a quote answers 409 and the other photos stay free', async () => {
    const quote = await world.submitQuote();
    const taken = quote.attributes.images[0]!.id;
    const own = await world.freeImage();
    const refused = await expectRefused(await world.newQuoteBody({ imageIds: [own, taken] }), 409);
    expect(refused.body).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/already on another quote/),
      errors: { imageIds: [expect.stringMatching(/already on another quote/)] },
    });
    expect(refused.stillFree).toEqual([own]);
  });

  test('two quotes created at once with the same photo: one takes it, the other answers 409', async () => {
    const shared = await world.freeImage();
    const bodies = [
      await world.newQuoteBody({ imageIds: [shared] }),
      await world.newQuoteBody({ imageIds: [shared], name: 'Second try' }),
    ];
    const responses = await Promise.all(
      bodies.map((body) => world.call(world.tokens.stylist, 'POST', CREATE, body)),
    );
    expect(responses.map((response) => response.statusCode).toSorted((a, b) => a - b)).toEqual([
      201, 409,
    ]);
    const attached = await world.db.select().from(images).where(eq(images.id, shared));
    const winner = responses.find((response) => response.statusCode === 201)!;
    expect(attached[0]!.quoteId).toBe(QuoteDocumentSchema.parse(winner.json()).data.id);
  });

  test('a bar code already in use is drawn again', async () => {
    const existing = await world.submitQuote();
    const next = vi
      .spyOn(barCodes, 'next')
      .mockReturnValueOnce(existing.attributes.barCode)
      .mockReturnValueOnce('WG00000042');
    try {
      const quote = await world.submitQuote();
      expect(quote.attributes.barCode).toBe('WG00000042');
      expect(next).toHaveBeenCalledTimes(2);
    } finally {
      next.mockRestore();
    }
  });

  test('a body that breaks the contract answers 400 naming each field, and nothing is written', async () => {
    const image = await world.freeImage();
    const cases: [Record<string, unknown>, string[]][] = [
      [{ name: '  ' }, ['name']],
      [{ name: undefined }, ['name']],
      [{ imageIds: [] }, ['imageIds']],
      [{ imageIds: [image, image] }, ['imageIds']],
      [{ brandId: 'Chanel' }, ['brandId']],
      [{ clientId: -1 }, ['clientId']],
      [{ status: 'converted' }, ['status']],
      [{ description: 'x'.repeat(2001) }, ['description']],
    ];
    for (const [overrides, fields] of cases) {
      const body = { ...(await world.newQuoteBody({ imageIds: [image] })), ...overrides };
      const refused = await expectRefused(body, 400);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(refused.body.errors ?? {}), JSON.stringify(overrides)).toEqual(fields);
    }
    expect(await freeImagesAmong([image])).toEqual([image]);
  });

  test('only a signed-in stylist may submit', async () => {
    const body = await world.newQuoteBody();
    expect((await expectRefused(body, 401, '')).body.code).toBe('UNAUTHORIZED');
    expect((await expectRefused(body, 403, world.tokens.admin)).body.code).toBe('FORBIDDEN');
  });
});
