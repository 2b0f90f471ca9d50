import {
  clientBarCode,
  ErrorBodySchema,
  PICKUP_TEXT,
  ShipmentDocumentSchema,
  type CompletePickupBody,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { quoteStatusHistory, shipments } from '../../db/schema.ts';
import { sniffImageType } from '../../lib/images.ts';
import { keyOfSignedLink, signedLinkTo } from '../../test/signed-link-matchers.ts';
import { solidImage } from '../../test/images.ts';
import {
  buildPickupWorld,
  dataUrlOf,
  signaturePng,
  STYLIST_ADDRESS,
  type PickupWorld,
} from './testing.ts';

let world: PickupWorld;
let signature: string;

beforeAll(async () => {
  world = await buildPickupWorld();
  signature = dataUrlOf(await signaturePng());
});
afterAll(() => world.app.close());

const COMPLETE_URL = '/api/stylist/white-glove-quotes/complete';

function pickUp(body: Partial<CompletePickupBody>, token: string | null = world.tokens.stylist) {
  return world.call(token, 'POST', COMPLETE_URL, {
    signature,
    generateShippingLabel: false,
    ...body,
  });
}

const idsOf = (...ids: number[]) => ids.join(',');

/** Sends a pickup that must be refused, and checks that nothing at all was written. */
async function expectRefused(quoteIds: number[], send: () => ReturnType<typeof pickUp>) {
  const before = { counts: await world.counts(), quotes: await world.snapshot(quoteIds) };
  const response = await send();
  const after = { counts: await world.counts(), quotes: await world.snapshot(quoteIds) };
  expect(after).toEqual(before);
  return { status: response.statusCode, body: ErrorBodySchema.parse(response.json()) };
}

describe('completing a pickup', () => {
  test('moves the items in transit as picked up, with the signature stored as a clean PNG', async () => {
    const first = await world.acceptedQuote();
    const second = await world.acceptedQuote();
    const before = await world.counts();
    const response = await pickUp({ quoteIds: `${second}, ${first}` });
    expect(response.statusCode, response.body).toBe(200);
    const document = ShipmentDocumentSchema.parse(response.json());

    expect(document.data.attributes).toMatchObject({
      kind: 'pickup',
      clientId: world.client.id,
      clientBarCode: clientBarCode(world.client.id),
      trackingNumber: null,
      labelUrl: null,
      itemCount: 2,
    });
    expect(document.included.map((quote) => quote.id).sort()).toEqual([first, second].sort());
    for (const quote of document.included) {
      expect(quote.attributes).toMatchObject({ status: 'in_transit', pickup_type: 'concierge' });
      expect(quote.attributes.shipment?.id).toBe(document.data.id);
      expect(quote.attributes.statusHistory.at(-1)).toMatchObject({
        from: 'offer_accepted',
        to: 'in_transit',
        actor: 'stylist',
        note: 'Picked up in person; signed by the client',
      });
    }
    expect(document.meta).toMatchObject({
      stylistName: 'Camille Laurent',
      client: {
        id: world.client.id,
        firstName: 'Margaux',
        barCode: clientBarCode(world.client.id),
      },
    });

    const [row] = await world.db.select().from(shipments).where(eq(shipments.id, document.data.id));
    expect(row?.idempotencyKey).toBe(
      `pickup:${world.stylist.stylistId}:${[first, second].sort((a, b) => a - b).join(',')}`,
    );
    const stored = await world.app.storage.get(row!.signatureKey!);
    expect(row!.signatureKey).toMatch(/^signatures\/.+\.png$/);
    expect(document.data.attributes.signatureUrl).toBe(
      world.app.storage.urlFor(row!.signatureKey!),
    );
    expect(sniffImageType(stored!.body)).toBe('image/png');
    expect(await sharp(stored!.body).metadata()).toMatchObject({ width: 550, height: 300 });
    expect(stored!.body.includes('stolen tablet')).toBe(false);

    // The stylist prints a pickup's manifest signed in; no public link is made for nobody. The
    // one email is the client's receipt (pickup-receipt.test.ts).
    expect(await world.counts()).toEqual({
      ...before,
      shipments: before.shipments + 1,
      outbox: before.outbox + 1,
    });
  });

  test('a repeated submit answers the same pickup and writes nothing', async () => {
    const quoteIds = idsOf(await world.acceptedQuote(), await world.acceptedQuote());
    const first = await pickUp({ quoteIds });
    expect(first.statusCode, first.body).toBe(200);
    const shipmentId = ShipmentDocumentSchema.parse(first.json()).data.id;
    const before = await world.counts();
    const history = await world.db.select().from(quoteStatusHistory);

    const again = await pickUp({ quoteIds });
    expect(again.statusCode, again.body).toBe(200);
    expect(ShipmentDocumentSchema.parse(again.json()).data.id).toBe(shipmentId);
    expect(await world.counts()).toEqual(before);
    expect(await world.db.select().from(quoteStatusHistory)).toEqual(history);
  });

  test('two submits at once make one pickup, and both answer it', async () => {
    const quoteIds = idsOf(await world.acceptedQuote(), await world.acceptedQuote());
    const before = await world.counts();
    const responses = await Promise.all([pickUp({ quoteIds }), pickUp({ quoteIds })]);
    const ids = responses.map((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return ShipmentDocumentSchema.parse(response.json()).data.id;
    });
    expect(ids[0]).toBe(ids[1]);
    expect((await world.counts()).shipments).toBe(before.shipments + 1);
  });

  test('a pickup already recorded under the same key is the answer, never a 500', async () => {
    const quoteId = await world.acceptedQuote();
    // What a submit that committed between this one's lock and its insert would have left.
    const [winner] = await world.db
      .insert(shipments)
      .values({
        stylistId: world.stylist.stylistId,
        clientId: world.client.id,
        kind: 'pickup',
        clientBarCode: clientBarCode(world.client.id),
        idempotencyKey: `pickup:${world.stylist.stylistId}:${quoteId}`,
      })
      .returning({ id: shipments.id });
    const response = await pickUp({ quoteIds: String(quoteId) });
    expect(response.statusCode, response.body).toBe(200);
    expect(ShipmentDocumentSchema.parse(response.json()).data.id).toBe(winner!.id);
  });

  test('can buy a label from the stylist to the warehouse for the same shipment', async () => {
    await world.setStylistAddress(STYLIST_ADDRESS);
    const quoteId = await world.acceptedQuote();
    const response = await pickUp({ quoteIds: String(quoteId), generateShippingLabel: true });
    expect(response.statusCode, response.body).toBe(200);
    const document = ShipmentDocumentSchema.parse(response.json());
    const { trackingNumber, labelUrl, labelImageUrl } = document.data.attributes;
    expect(document.data.attributes.kind).toBe('pickup');
    expect(trackingNumber).toMatch(/^AT\d{20}$/);
    expect(labelUrl).toMatch(signedLinkTo('labels/.+\\.pdf'));
    expect(keyOfSignedLink(labelImageUrl)).toBe(
      keyOfSignedLink(labelUrl).replace(/\.pdf$/, '.png'),
    );
    expect(world.shipping.requests.at(-1)).toMatchObject({
      from: { name: 'Camille Laurent', street1: STYLIST_ADDRESS.address1, city: 'Brooklyn' },
      to: { city: 'Secaucus', state: 'NJ' },
      parcel: { itemCount: 1 },
    });
    expect(document.meta.stylistAddress).toMatchObject({ address_1: STYLIST_ADDRESS.address1 });
    expect(document.included[0]?.attributes.statusHistory.at(-1)?.note).toBe(
      `Picked up in person; signed by the client. Shipping label ${trackingNumber}`,
    );
  });

  test('refuses a label while the stylist has no address, writing nothing', async () => {
    await world.setStylistAddress(null);
    const quoteId = await world.acceptedQuote();
    const { status, body } = await expectRefused([quoteId], () =>
      pickUp({ quoteIds: String(quoteId), generateShippingLabel: true }),
    );
    expect(status).toBe(400);
    expect(body.errors?.generateShippingLabel?.[0]).toMatch(/add your address/i);
  });
});

describe('a pickup that is refused writes nothing', () => {
  test('without a signature', async () => {
    const quoteId = await world.acceptedQuote();
    const { status, body } = await expectRefused([quoteId], () =>
      world.call(world.tokens.stylist, 'POST', COMPLETE_URL, {
        quoteIds: String(quoteId),
        generateShippingLabel: false,
      }),
    );
    expect(status).toBe(400);
    expect(body.errors?.signature).toEqual([PICKUP_TEXT.signatureRequired]);
  });

  test.each([
    ['a data URL of another type', async () => `data:image/jpeg;base64,${'A'.repeat(8)}`],
    ['broken base64', async () => 'data:image/png;base64,iVBORw0KGgo@@@'],
    ['an empty image', async () => 'data:image/png;base64,'],
    [
      'JPEG bytes posing as PNG',
      async () =>
        dataUrlOf(
          await sharp(await signaturePng())
            .jpeg()
            .toBuffer(),
        ),
    ],
    [
      'a PNG header on garbage',
      async () =>
        dataUrlOf(Buffer.concat([(await signaturePng()).subarray(0, 40), Buffer.alloc(200, 7)])),
    ],
  ])('with %s as the signature', async (_, makeSignature) => {
    const quoteId = await world.acceptedQuote();
    const bad = await makeSignature();
    const { status, body } = await expectRefused([quoteId], () =>
      pickUp({ quoteIds: String(quoteId), signature: bad }),
    );
    expect(status).toBe(400);
    expect(body.errors?.signature?.length).toBeGreaterThan(0);
  });

  test('with a PNG of too many pixels', async () => {
    const quoteId = await world.acceptedQuote();
    const huge = dataUrlOf(await solidImage('png', 4000, 4000));
    const { status, body } = await expectRefused([quoteId], () =>
      pickUp({ quoteIds: String(quoteId), signature: huge }),
    );
    expect(status).toBe(400);
    expect(body.errors?.signature?.[0]).toMatch(/too large/);
  });

  test('with no items', async () => {
    const { status, body } = await expectRefused([], () => pickUp({ quoteIds: ' , ' }));
    expect(status).toBe(400);
    expect(body.errors?.quoteIds).toEqual([PICKUP_TEXT.noPickupItems]);
  });

  test('when an item is not accepted, naming it and its status', async () => {
    const accepted = await world.acceptedQuote();
    const shipped = await world.quoteIn('in_transit');
    const { status, body } = await expectRefused([accepted, shipped], () =>
      pickUp({ quoteIds: idsOf(accepted, shipped) }),
    );
    expect(status).toBe(409);
    expect(body.message).toBe(`Quote #${shipped} is In Transit, not Offer Accepted.`);
    expect(body.errors?.quoteIds).toEqual([`Quote #${shipped} is In Transit, not Offer Accepted`]);
  });

  test("with another stylist's item, exactly as a missing one", async () => {
    const own = await world.acceptedQuote();
    const theirs = await world.acceptedQuote({
      stylistId: world.other.stylistId,
      clientId: world.foreignClient.id,
    });
    const foreign = await expectRefused([own, theirs], () =>
      pickUp({ quoteIds: idsOf(own, theirs) }),
    );
    const missing = await expectRefused([own], () => pickUp({ quoteIds: idsOf(own, 2_000_000) }));
    expect(foreign).toEqual({ status: 404, body: missing.body });
    expect(foreign.body.message).toBe('Quote not found');
  });

  test('with items of two clients', async () => {
    const mine = await world.acceptedQuote();
    const hers = await world.acceptedQuote({ clientId: world.secondClient.id });
    const { status, body } = await expectRefused([mine, hers], () =>
      pickUp({ quoteIds: idsOf(mine, hers) }),
    );
    expect(status).toBe(400);
    expect(body.errors?.quoteIds?.[0]).toMatch(/same client/);
  });

  test('without signing in', async () => {
    const quoteId = await world.acceptedQuote();
    const { status } = await expectRefused([quoteId], () =>
      pickUp({ quoteIds: String(quoteId) }, null),
    );
    expect(status).toBe(401);
  });
});
