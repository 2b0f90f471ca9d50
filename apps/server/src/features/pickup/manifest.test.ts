import crypto from 'node:crypto';
import {
  clientBarCode,
  ErrorBodySchema,
  ShipmentDocumentSchema,
  ShippingLabelDocumentSchema,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accessLinks } from '../../db/schema.ts';
import { signedLinkTo } from '../../test/signed-link-matchers.ts';
import { createAccessLink } from '../links/index.ts';
import { buildPickupWorld, STYLIST_ADDRESS, type PickupWorld } from './testing.ts';

let world: PickupWorld;
let shipmentId: number;
let quoteIds: number[];

beforeAll(async () => {
  world = await buildPickupWorld();
  await world.setStylistAddress(STYLIST_ADDRESS);
  quoteIds = [await world.acceptedQuote(), await world.acceptedQuote()];
  await world.addPhoto(quoteIds[0]!);
  const response = await world.call(
    world.tokens.stylist,
    'POST',
    `/api/stylist/clients/${world.client.id}/shipping-label`,
    { item_ids: quoteIds },
  );
  expect(response.statusCode, response.body).toBe(201);
  shipmentId = ShippingLabelDocumentSchema.parse(response.json()).data.shipment_id;
});
afterAll(() => world.app.close());

const stylistManifest = (id: number | string, token: string | null = world.tokens.stylist) =>
  world.call(token, 'GET', `/api/stylist/white-glove-quotes?shipment-id=${id}`);
const publicManifest = (token: string) =>
  world.call(null, 'GET', `/api/client/white-glove-quotes?shipment-id=${token}`);

/** A fresh public link to the shipment; the one made with it went only into an email. */
const linkToShipment = (ttlDays = 90) =>
  createAccessLink(world.db, {
    clientId: world.client.id,
    purpose: 'manifest',
    shipmentId,
    ttlDays,
  });

function expectNotFound(response: Awaited<ReturnType<typeof publicManifest>>) {
  expect(response.statusCode, response.body).toBe(404);
  const body = ErrorBodySchema.parse(response.json());
  expect(body).toEqual({ message: 'Manifest not found', code: 'NOT_FOUND' });
}

describe('the stylist reading a manifest', () => {
  test('gets the shipment, its quotes and who ships them', async () => {
    const response = await stylistManifest(shipmentId);
    expect(response.statusCode, response.body).toBe(200);
    const document = ShipmentDocumentSchema.parse(response.json());
    expect(document.data).toMatchObject({
      id: shipmentId,
      type: 'shipments',
      attributes: {
        kind: 'label',
        clientId: world.client.id,
        clientBarCode: clientBarCode(world.client.id),
        carrier: 'Atelier Local Post',
        shippingMethod: 'Ground',
        signatureUrl: null,
        receiptUrl: null,
        itemCount: 2,
      },
    });
    expect(document.data.attributes.labelImageUrl).toMatch(signedLinkTo('labels/.+\\.png'));
    expect(document.included.map((quote) => quote.id).sort()).toEqual([...quoteIds].sort());
    const photographed = document.included.find((quote) => quote.id === quoteIds[0]);
    expect(photographed?.attributes.images).toHaveLength(1);
    expect(document.meta).toEqual({
      stylistName: 'Camille Laurent',
      stylistAddress: {
        first_name: 'Camille',
        last_name: 'Laurent',
        address_1: STYLIST_ADDRESS.address1,
        address_2: STYLIST_ADDRESS.address2,
        city: STYLIST_ADDRESS.city,
        state: STYLIST_ADDRESS.state,
        postal_code: STYLIST_ADDRESS.postalCode,
        country: 'US',
      },
      client: {
        id: world.client.id,
        firstName: 'Margaux',
        lastName: 'Dubois',
        email: world.client.email,
        phone: '(555) 000-0000',
        address: '1 Main St',
        city: 'New York',
        state: 'NY',
        postalCode: '10001',
        country: 'US',
        barCode: clientBarCode(world.client.id),
        paymentMethod: null,
      },
    });
  });

  test('has no stylist address until the stylist has one', async () => {
    await world.setStylistAddress(null);
    const response = await stylistManifest(shipmentId);
    expect(ShipmentDocumentSchema.parse(response.json()).meta.stylistAddress).toBeNull();
    await world.setStylistAddress(STYLIST_ADDRESS);
  });

  test("answers another stylist's shipment exactly as a missing one", async () => {
    const foreign = await stylistManifest(shipmentId, world.tokens.other);
    const missing = await stylistManifest(2_000_000);
    expectNotFound(foreign);
    expect(foreign.json()).toEqual(missing.json());
  });

  test('refuses a shipment id that is not a number', async () => {
    const response = await stylistManifest('abc');
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json()).errors?.['shipment-id']).toBeDefined();
  });

  test('needs a sign-in', async () => {
    const response = await stylistManifest(shipmentId, null);
    expect(response.statusCode).toBe(401);
  });
});

describe('the public manifest link', () => {
  test('opens the same document without signing in', async () => {
    const token = await linkToShipment();
    const [publicResponse, stylistResponse] = [
      await publicManifest(token),
      await stylistManifest(shipmentId),
    ];
    expect(publicResponse.statusCode, publicResponse.body).toBe(200);
    expect(publicResponse.headers['cache-control']).toBe('private, no-store');
    expect(ShipmentDocumentSchema.parse(publicResponse.json())).toEqual(
      ShipmentDocumentSchema.parse(stylistResponse.json()),
    );
  });

  test('an unknown, expired or revoked token answers 404 with no data', async () => {
    expectNotFound(await publicManifest(crypto.randomBytes(32).toString('base64url')));
    expectNotFound(await publicManifest(await linkToShipment(-1)));
    const revoked = await linkToShipment();
    await world.db
      .update(accessLinks)
      .set({ revokedAt: new Date() })
      .where(eq(accessLinks.shipmentId, shipmentId));
    expectNotFound(await publicManifest(revoked));
  });

  test('a token of another purpose opens nothing', async () => {
    const token = await createAccessLink(world.db, {
      clientId: world.client.id,
      purpose: 'client-response',
      shipmentId,
      ttlDays: 30,
    });
    expectNotFound(await publicManifest(token));
  });

  test('a malformed token or a numeric id is refused with no data', async () => {
    for (const garbage of [String(shipmentId), 'not-a-token', "x' or 1=1 --"]) {
      const response = await publicManifest(encodeURIComponent(garbage));
      expect(response.statusCode).toBe(400);
      expect(response.json()).not.toHaveProperty('data');
    }
  });
});
