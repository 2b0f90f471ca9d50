import {
  clientBarCode,
  type ManifestClient,
  type QuoteResource,
  type ShipmentAttributes,
  type ShipmentDocument,
  type StylistAddress,
} from '@atelier/contract';
import { jsonResponse } from '../../test/fetch-mock.ts';
import { quoteResource } from '../quotes/quotes-test-data.ts';

/** A link token as the server makes them: 43 base64url characters. */
export const MANIFEST_TOKEN = 'Tk9uLUd1ZXNzYWJsZS1NYW5pZmVzdC1Ub2tlbi0wMDA';

export const STYLIST_ADDRESS: StylistAddress = {
  first_name: 'Coco',
  last_name: 'Laurent',
  address_1: '9 Atelier Row',
  address_2: 'Studio 4',
  city: 'New York',
  state: 'NY',
  postal_code: '10012',
  country: 'US',
};

/** Ann Lee, the quotes tests' client 7, with the address her parcels leave from. */
export function manifestClient(overrides: Partial<ManifestClient> = {}): ManifestClient {
  return {
    id: 7,
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.com',
    phone: '555-0107',
    address: '12 Orchard Lane',
    city: 'Brooklyn',
    state: 'NY',
    postalCode: '11201',
    country: 'US',
    barCode: clientBarCode(7),
    paymentMethod: 'check',
    ...overrides,
  };
}

/** Two in-transit quotes: the Chanel flap bag (101) and a Dior saddle bag (102). */
export function shippedQuotes(): QuoteResource[] {
  const shipped = { status: 'in_transit', hasPurchaseOffer: true, isApproved: true } as const;
  return [
    quoteResource({ id: 101, attributes: shipped }),
    quoteResource({ id: 102, attributes: { ...shipped, brand: 'Dior', name: 'Saddle Bag' } }),
  ];
}

export interface ShipmentOverrides {
  id?: number;
  attributes?: Partial<ShipmentAttributes>;
  included?: QuoteResource[];
  meta?: Partial<ShipmentDocument['meta']>;
}

/** A valid contract ShipmentDocument: shipment 12, a UPS label for Ann's two bags, unless overridden. */
export function shipmentDocument(overrides: ShipmentOverrides = {}): ShipmentDocument {
  const id = overrides.id ?? 12;
  const included = overrides.included ?? shippedQuotes();
  return {
    data: {
      id,
      type: 'shipments',
      attributes: {
        kind: 'label',
        clientId: 7,
        clientBarCode: clientBarCode(7),
        trackingNumber: '1Z999AA10123456784',
        carrier: 'UPS',
        shippingMethod: 'Ground',
        labelUrl: `/files/labels/${id}.pdf`,
        labelImageUrl: `/files/labels/${id}.png`,
        shiplistPDFLink: `/files/shiplists/${id}.pdf`,
        signatureUrl: null,
        receiptUrl: null,
        shippedDate: '2026-05-06T15:30:00.000Z',
        itemCount: included.length,
        ...overrides.attributes,
      },
    },
    included,
    meta: {
      stylistAddress: STYLIST_ADDRESS,
      stylistName: 'Coco Laurent',
      client: manifestClient(),
      ...overrides.meta,
    },
  };
}

/** A pickup: no label, the client's signature instead. */
export function pickupDocument(overrides: ShipmentOverrides = {}): ShipmentDocument {
  return shipmentDocument({
    ...overrides,
    attributes: {
      kind: 'pickup',
      trackingNumber: null,
      carrier: null,
      shippingMethod: null,
      labelUrl: null,
      labelImageUrl: null,
      shiplistPDFLink: null,
      signatureUrl: '/files/signatures/12.png',
      receiptUrl: '/files/receipts/12.pdf',
      ...overrides.attributes,
    },
  });
}

/** A fetch-mock handler answering with `document`. */
export function shipmentAnswer(document: ShipmentDocument = shipmentDocument()) {
  return () => jsonResponse(200, document);
}

export const STYLIST_MANIFEST_PATH = 'GET /api/stylist/white-glove-quotes?shipment-id=12';
export const CLIENT_MANIFEST_PATH = `GET /api/client/white-glove-quotes?shipment-id=${MANIFEST_TOKEN}`;
