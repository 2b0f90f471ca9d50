import { ErrorBodySchema, QuoteListDocumentSchema } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Logger } from 'drizzle-orm';
import { quotes, quoteStatusHistory, shipments } from '../../db/schema.ts';
import {
  insertClients,
  insertImage,
  insertOffers,
  insertQuote,
  insertShipment,
} from '../../test/fixtures.ts';
import { signedLinkTo } from '../../test/signed-link-matchers.ts';
import { ADMIN_URL, buildQuoteWorld, type QuoteWorld } from './testing.ts';

let world: QuoteWorld;

beforeAll(async () => {
  world = await buildQuoteWorld();
});
afterAll(() => world.app.close());

const listUrl = (clientId: number | string) => `/api/stylist/clients/${clientId}/quotes`;

async function newClient(firstName: string) {
  const [client] = await insertClients(world.db, world.stylist.stylistId!, [
    { firstName, lastName: 'Client' },
  ]);
  return client!.id;
}

describe("a client's quotes", () => {
  test('lists them newest first with offers in dollars, photos, shipment, history and links', async () => {
    const clientId = await newClient('Listed');
    const owner = { stylistId: world.stylist.stylistId!, clientId };
    const older = await insertQuote(world.db, {
      ...owner,
      status: 'in_transit',
      acceptedOfferType: 'consignment',
      authenticationStatus: 'authentic',
      isApproved: true,
      createdAt: new Date('2026-01-02T10:00:00Z'),
    });
    const newer = await insertQuote(world.db, {
      ...owner,
      status: 'pending_authentication',
      createdAt: new Date('2026-02-02T10:00:00Z'),
    });
    await insertOffers(world.db, older, { consignment: 1234_56, buyback: 900_00 });
    const photos = [
      await insertImage(world.db, { ...owner, quoteId: older, position: 1 }),
      await insertImage(world.db, { ...owner, quoteId: older, position: 0 }),
    ];
    const shipmentId = await insertShipment(world.db, owner);
    await world.db
      .update(shipments)
      .set({
        labelKey: 'labels/abc.pdf',
        shiplistKey: 'shiplists/abc.pdf',
        trackingNumber: '1Z999',
        shippedDate: new Date('2026-01-10T12:00:00Z'),
      })
      .where(eq(shipments.id, shipmentId));
    await world.db.update(quotes).set({ shipmentId }).where(eq(quotes.id, older));
    await world.db.insert(quoteStatusHistory).values([
      {
        quoteId: older,
        fromStatus: 'offer_accepted',
        toStatus: 'in_transit',
        actorKind: 'stylist',
        note: 'Label',
        createdAt: new Date('2026-01-10T12:00:00Z'),
      },
      {
        quoteId: older,
        fromStatus: null,
        toStatus: 'pending_authentication',
        actorKind: 'stylist',
        note: null,
        createdAt: new Date('2026-01-02T10:00:00Z'),
      },
    ]);

    const response = await world.call(world.tokens.stylist, 'GET', listUrl(clientId));
    expect(response.statusCode, response.body).toBe(200);
    const document = QuoteListDocumentSchema.parse(response.json());
    expect(document.meta.client).toEqual({ id: clientId, firstName: 'Listed', lastName: 'Client' });
    expect(document.data.map((quote) => quote.id)).toEqual([newer, older]);

    const [fresh, shipped] = document.data;
    expect(fresh!.attributes).toMatchObject({
      images: [],
      thumbnail_url: null,
      image_url: null,
      hasPurchaseOffer: false,
      shipment: null,
      statusHistory: [],
    });
    expect(shipped!.attributes).toMatchObject({
      status: 'in_transit',
      authenticationStatus: 'authentic',
      isApproved: true,
      hasPurchaseOffer: true,
      createdAt: '2026-01-02T10:00:00.000Z',
      offers: {
        consignmentEstimate: 1234.56,
        buyoutQuote: null,
        buybackQuote: 900,
        acceptedOfferType: 'consignment',
      },
      shipment: {
        id: shipmentId,
        kind: 'label',
        labelUrl: expect.stringMatching(signedLinkTo('labels/abc\\.pdf')),
        trackingNumber: '1Z999',
        shiplistPDFLink: expect.stringMatching(signedLinkTo('shiplists/abc\\.pdf')),
        receiptUrl: null,
        shippedDate: '2026-01-10T12:00:00.000Z',
      },
      statusHistory: [
        { from: null, to: 'pending_authentication', actor: 'stylist', note: null },
        { from: 'offer_accepted', to: 'in_transit', actor: 'stylist', note: 'Label' },
      ],
    });
    expect(shipped!.attributes.images.map((image) => image.id)).toEqual([photos[1], photos[0]]);
    expect(shipped!.attributes.thumbnail_url).toBe(shipped!.attributes.images[0]!.thumbnailUrl);
    expect(shipped!.links.admin).toBe(`${ADMIN_URL}/pending-items/${older}`);
  });

  test('a shipment without label files gives null links', async () => {
    const clientId = await newClient('Pickup');
    const owner = { stylistId: world.stylist.stylistId!, clientId };
    const shipmentId = await insertShipment(world.db, owner);
    await world.db.update(shipments).set({ kind: 'pickup' }).where(eq(shipments.id, shipmentId));
    await insertQuote(world.db, {
      ...owner,
      status: 'in_transit',
      pickupType: 'concierge',
      shipmentId,
    });
    const response = await world.call(world.tokens.stylist, 'GET', listUrl(clientId));
    const [quote] = QuoteListDocumentSchema.parse(response.json()).data;
    expect(quote!.attributes.pickup_type).toBe('concierge');
    expect(quote!.attributes.shipment).toMatchObject({
      kind: 'pickup',
      labelUrl: null,
      shiplistPDFLink: null,
      receiptUrl: null,
      trackingNumber: null,
    });
  });

  test("lists only this client's quotes, and an empty list for a client without any", async () => {
    const lonely = await newClient('Lonely');
    const busy = await newClient('Busy');
    await insertQuote(world.db, { stylistId: world.stylist.stylistId!, clientId: busy });
    const response = await world.call(world.tokens.stylist, 'GET', listUrl(lonely));
    expect(QuoteListDocumentSchema.parse(response.json()).data).toEqual([]);
  });

  test("another stylist's client answers 404 exactly as a missing one", async () => {
    await insertQuote(world.db, {
      stylistId: world.other.stylistId!,
      clientId: world.foreignClient.id,
    });
    const foreign = await world.call(world.tokens.stylist, 'GET', listUrl(world.foreignClient.id));
    const missing = await world.call(world.tokens.stylist, 'GET', listUrl(2_000_000));
    expect(foreign.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(foreign.json())).toEqual({
      message: 'Client not found',
      code: 'NOT_FOUND',
    });
    expect(missing.json()).toEqual(foreign.json());
  });

  test('a client id that is not a number answers 400; only a signed-in stylist may list', async () => {
    const bad = await world.call(world.tokens.stylist, 'GET', listUrl('abc'));
    expect(bad.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(bad.json()).errors).toHaveProperty('clientId');
    const anonymous = await world.call(null, 'GET', listUrl(world.client.id));
    expect(anonymous.statusCode).toBe(401);
    expect(ErrorBodySchema.parse(anonymous.json()).code).toBe('UNAUTHORIZED');
    const admin = await world.call(world.tokens.admin, 'GET', listUrl(world.client.id));
    expect(admin.statusCode).toBe(403);
    expect(ErrorBodySchema.parse(admin.json()).code).toBe('FORBIDDEN');
  });

  test('thirty quotes take as many queries as one', async () => {
    const owner = (clientId: number) => ({ stylistId: world.stylist.stylistId!, clientId });
    const one = await newClient('One');
    const thirty = await newClient('Thirty');
    for (const clientId of [one, ...Array<number>(30).fill(thirty)]) {
      const quoteId = await insertQuote(world.db, { ...owner(clientId), status: 'offer_pending' });
      await insertOffers(world.db, quoteId, { consignment: 100_00, buyout: 80_00 });
      await insertImage(world.db, { ...owner(clientId), quoteId });
      await world.db.insert(quoteStatusHistory).values({
        quoteId,
        toStatus: 'pending_authentication',
        actorKind: 'stylist',
      });
      const shipmentId = await insertShipment(world.db, owner(clientId));
      await world.db.update(quotes).set({ shipmentId }).where(eq(quotes.id, quoteId));
    }
    // The first signed-in call loads the token keys and the session; later calls reuse them.
    await world.call(world.tokens.stylist, 'GET', listUrl(one));
    const logger = (world.db as unknown as { session: { logger: Logger } }).session.logger;
    const logged = vi.spyOn(logger, 'logQuery');
    const queriesFor = async (clientId: number, expected: number) => {
      logged.mockClear();
      const response = await world.call(world.tokens.stylist, 'GET', listUrl(clientId));
      expect(QuoteListDocumentSchema.parse(response.json()).data).toHaveLength(expected);
      return logged.mock.calls.length;
    };
    try {
      const forOne = await queriesFor(one, 1);
      expect(await queriesFor(thirty, 30)).toBe(forOne);
      // The client, the quotes, then offers, images, history, the client's messages, the sale
      // and shipments; the session and its stylist were looked up by the first call and are
      // remembered (auth/sessions.ts).
      expect(forOne).toBe(8);
    } finally {
      logged.mockRestore();
    }
  });
});
