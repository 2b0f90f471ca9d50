import { ClientDocumentSchema, ClientListDocumentSchema } from '@atelier/contract';
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
let clientId: number;
let quietClientId: number;

beforeAll(async () => {
  app = await buildTestApp();
  const db = app.database.db;
  const stylist = await createTestAccount(app);
  const other = await createTestAccount(app);
  const stylistId = stylist.stylistId!;
  token = await tokenFor(app, stylist.email);
  const [client, quiet, neighbour] = await insertClients(db, stylistId, [
    { firstName: 'Ada', lastName: 'Busy' },
    { firstName: 'Quinn', lastName: 'Quiet' },
    { firstName: 'Nell', lastName: 'Neighbour' },
  ]);
  clientId = client!.id;
  quietClientId = quiet!.id;
  const owner = { stylistId, clientId };
  const shipmentId = await insertShipment(db, owner);
  for (const quote of [
    { status: 'pending_authentication' },
    { status: 'authentication_in_progress' },
    { status: 'authenticated_no_offer' },
    { status: 'authenticated_with_offer' },
    { status: 'offer_pending' },
    { status: 'needs_more_info' },
    { status: 'offer_accepted', acceptedOfferType: 'consignment' },
    { status: 'offer_accepted', acceptedOfferType: 'buyout', pickupType: 'concierge' },
    { status: 'offer_accepted', acceptedOfferType: 'buyout', shipmentId },
    { status: 'in_transit', acceptedOfferType: 'consignment', shipmentId },
    { status: 'received', acceptedOfferType: 'buyout', shipmentId },
    { status: 'sold', acceptedOfferType: 'consignment', shipmentId },
    { status: 'converted', acceptedOfferType: 'buyout', shipmentId },
    { status: 'rejected', acceptedOfferType: 'rejected' },
    { status: 'fake' },
  ] as const) {
    await insertQuote(db, { ...owner, ...quote });
  }
  await insertCommission(db, { ...owner, amountCents: 123_45, paidAt: new Date() });
  await insertCommission(db, { ...owner, amountCents: 67_89, paidAt: null });
  await insertCommission(db, { ...owner, amountCents: 1, paidAt: null });

  // Quotes and commissions of other clients, the stylist's own and another stylist's, stay out.
  const neighbourOwner = { stylistId, clientId: neighbour!.id };
  await insertQuote(db, { ...neighbourOwner, status: 'offer_pending' });
  await insertCommission(db, { ...neighbourOwner, amountCents: 500_00 });
  const [stranger] = await insertClients(db, other.stylistId!, [
    { firstName: 'Sam', lastName: 'Stranger' },
  ]);
  const strangerOwner = { stylistId: other.stylistId!, clientId: stranger!.id };
  await insertQuote(db, { ...strangerOwner, status: 'sold', acceptedOfferType: 'buyout' });
  await insertCommission(db, { ...strangerOwner, amountCents: 999_00 });
});
afterAll(() => app.close());

const expectedStats = {
  commissions: [{ number: 3, total: 191.35 }],
  pendingItems: [
    {
      // Everything but sold, converted, rejected and fake.
      open: 11,
      // Consignment or buyout taken: the three offer_accepted, in_transit, received, sold, converted.
      accepted: 7,
      total: 15,
      itemsSold: 1,
      // authenticated_with_offer and offer_pending.
      pendingReviewTotal: 2,
      // Only the accepted quote neither picked up nor on a shipment.
      pendingShipmentTotal: 1,
    },
  ],
};

describe('client stats', () => {
  test('the detail counts quotes and commissions exactly as defined', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/stylist/clients/${clientId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    const { attributes } = ClientDocumentSchema.parse(response.json()).data;
    expect({
      commissions: attributes.commissions,
      pendingItems: attributes.pendingItems,
    }).toEqual(expectedStats);
  });

  test('the list carries the same stats, and zeros for a client with nothing yet', async () => {
    for (const url of ['/api/stylist/clients', '/api/stylist/clients?page=1']) {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      const list = ClientListDocumentSchema.parse(response.json());
      const busy = list.data.find((client) => client.id === clientId)!.attributes;
      expect({ commissions: busy.commissions, pendingItems: busy.pendingItems }).toEqual(
        expectedStats,
      );
      const quiet = list.data.find((client) => client.id === quietClientId)!.attributes;
      expect({ commissions: quiet.commissions, pendingItems: quiet.pendingItems }).toEqual({
        commissions: [{ number: 0, total: 0 }],
        pendingItems: [
          {
            open: 0,
            accepted: 0,
            total: 0,
            itemsSold: 0,
            pendingReviewTotal: 0,
            pendingShipmentTotal: 0,
          },
        ],
      });
    }
  });
});
