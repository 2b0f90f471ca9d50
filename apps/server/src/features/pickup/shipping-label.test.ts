import {
  ErrorBodySchema,
  ErrorCode,
  formatDate,
  PICKUP_TEXT,
  ShipmentDocumentSchema,
  ShippingLabelDocumentSchema,
  type ShippingLabelBody,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { outbox, shipments, stylists } from '../../db/schema.ts';
import { ShippingProviderError } from '../../integrations/shipping/shipping-provider.ts';
import { keyOfSignedLink } from '../../test/signed-link-matchers.ts';
import { pdfBarcodes, pdfText } from '../../test/pdf.ts';
import { buildPickupWorld, type PickupWorld } from './testing.ts';

let world: PickupWorld;

beforeAll(async () => {
  world = await buildPickupWorld();
});
afterAll(() => world.app.close());

const labelUrl = (clientId: number) => `/api/stylist/clients/${clientId}/shipping-label`;

function createLabel(
  body: Partial<ShippingLabelBody>,
  clientId = world.client.id,
  token: string | null = world.tokens.stylist,
) {
  return world.call(token, 'POST', labelUrl(clientId), body);
}

/** A stored file, read through the signed link an answer gives for it, as a browser would. */
async function fileAt(url: string) {
  const response = await world.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
  return response.rawPayload;
}

async function expectNothingWritten(
  quoteIds: number[],
  send: () => ReturnType<typeof createLabel>,
) {
  const before = { counts: await world.counts(), quotes: await world.snapshot(quoteIds) };
  const response = await send();
  expect({ counts: await world.counts(), quotes: await world.snapshot(quoteIds) }).toEqual(before);
  return { status: response.statusCode, body: ErrorBodySchema.parse(response.json()) };
}

describe('creating a shipping label', () => {
  test('buys a label from the client to the warehouse and ships the items', async () => {
    const first = await world.acceptedQuote();
    const second = await world.acceptedQuote();
    await world.addPhoto(first);
    const before = await world.counts();
    const response = await createLabel({ item_ids: [first, String(second)] });
    expect(response.statusCode, response.body).toBe(201);
    const { data } = ShippingLabelDocumentSchema.parse(response.json());

    expect(data).toMatchObject({
      carrier: 'Atelier Local Post',
      shipping_method: 'Ground',
      warehouse: 'Atelier Resale Warehouse, 500 Commerce Way, Secaucus, NJ 07094',
      emailed_client: false,
    });
    expect(keyOfSignedLink(data.label_image_url)).toBe(
      keyOfSignedLink(data.label_url).replace(/\.pdf$/, '.png'),
    );
    expect(world.shipping.requests.at(-1)).toMatchObject({
      from: { name: 'Margaux Dubois', street1: '1 Main St', city: 'New York', state: 'NY' },
      to: { name: 'Atelier Resale Warehouse', postalCode: '07094' },
      parcel: { itemCount: 2, weightOz: 64 },
    });

    const label = await fileAt(data.label_url);
    expect(await pdfText(label)).toContain(data.tracking_number);
    expect(await pdfBarcodes(label)).toContain(data.tracking_number);
    expect((await fileAt(data.label_image_url)).subarray(1, 4).toString()).toBe('PNG');
    const shipList = await pdfText(await fileAt(data.shiplistPDFLink));
    expect(shipList).toContain(data.tracking_number);
    expect(shipList).toContain('Margaux');

    const manifest = await world.call(
      world.tokens.stylist,
      'GET',
      `/api/stylist/white-glove-quotes?shipment-id=${data.shipment_id}`,
    );
    const document = ShipmentDocumentSchema.parse(manifest.json());
    expect(document.data.attributes).toMatchObject({
      kind: 'label',
      trackingNumber: data.tracking_number,
      labelUrl: data.label_url,
      shiplistPDFLink: data.shiplistPDFLink,
      itemCount: 2,
    });
    for (const quote of document.included) {
      expect(quote.attributes.status).toBe('in_transit');
      expect(quote.attributes.pickup_type).toBeNull();
      expect(quote.attributes.statusHistory.at(-1)).toMatchObject({
        from: 'offer_accepted',
        to: 'in_transit',
        note: `Shipping label ${data.tracking_number}`,
      });
    }
    expect(await world.counts()).toEqual({
      shipments: before.shipments + 1,
      accessLinks: before.accessLinks + 1,
      outbox: before.outbox,
    });
  });

  test("dates the ship list in the stylist's time zone", async () => {
    // A zone whose day differs from UTC's at any hour this test runs: 12 hours behind or 14 ahead.
    const timeZone = new Date().getUTCHours() < 12 ? 'Etc/GMT+12' : 'Pacific/Kiritimati';
    await world.app.database.db
      .update(stylists)
      .set({ timeZone })
      .where(eq(stylists.id, world.stylist.stylistId));
    const response = await createLabel({ item_ids: [await world.acceptedQuote()] });
    expect(response.statusCode, response.body).toBe(201);
    const { data } = ShippingLabelDocumentSchema.parse(response.json());
    const [shipment] = await world.app.database.db
      .select({ shippedDate: shipments.shippedDate })
      .from(shipments)
      .where(eq(shipments.id, data.shipment_id));

    const shipList = await pdfText(await fileAt(data.shiplistPDFLink));
    expect(shipList).toContain(`Shipped ${formatDate(shipment!.shippedDate, timeZone)}`);
    expect(shipList).not.toContain(`Shipped ${formatDate(shipment!.shippedDate, 'UTC')}`);
  });

  test('emails the client the ship list and the print link when asked', async () => {
    const quoteId = await world.acceptedQuote();
    const response = await createLabel({ item_ids: [quoteId], emailClientShiplist: true });
    expect(response.statusCode, response.body).toBe(201);
    const { data } = ShippingLabelDocumentSchema.parse(response.json());
    expect(data.emailed_client).toBe(true);

    const [shipment] = await world.db
      .select({ shiplistKey: shipments.shiplistKey })
      .from(shipments)
      .where(eq(shipments.id, data.shipment_id));
    const queued = await world.db.select().from(outbox);
    expect(queued.at(-1)?.payload).toMatchObject({
      to: expect.stringContaining('@clients.test'),
      subject: 'Your ship list for 1 item',
      attachments: [{ filename: 'ship-list.pdf', storageKey: shipment!.shiplistKey }],
    });

    await world.app.outbox.deliverDue();
    const mail = world.mail.sent.at(-1)!;
    expect(mail.message.text).toContain(data.tracking_number);
    const printLink = /http:\/\/localhost:3000\/quotes\/([\w-]{43})\/print/.exec(mail.message.text);
    expect(printLink, mail.message.text).not.toBeNull();
    expect(mail.message.html).toContain(printLink![0]);
    expect(mail.attachments[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');

    const publicManifest = await world.call(
      null,
      'GET',
      `/api/client/white-glove-quotes?shipment-id=${printLink![1]}`,
    );
    expect(publicManifest.statusCode, publicManifest.body).toBe(200);
    expect(ShipmentDocumentSchema.parse(publicManifest.json()).data.id).toBe(data.shipment_id);
  });

  test('a second submit for the same items finds them in transit', async () => {
    const quoteId = await world.acceptedQuote();
    expect((await createLabel({ item_ids: [quoteId] })).statusCode).toBe(201);
    const { status, body } = await expectNothingWritten([quoteId], () =>
      createLabel({ item_ids: [quoteId] }),
    );
    expect(status).toBe(409);
    expect(body.errors?.item_ids).toEqual([`Quote #${quoteId} is In Transit, not Offer Accepted`]);
  });
});

describe('a label that is refused creates nothing', () => {
  test('with no items', async () => {
    const { status, body } = await expectNothingWritten([], () => createLabel({ item_ids: [] }));
    expect(status).toBe(400);
    expect(body.errors?.item_ids).toEqual([PICKUP_TEXT.itemIdsRequired]);
  });

  test('when an item is not accepted', async () => {
    const accepted = await world.acceptedQuote();
    const pending = await world.quoteIn('offer_pending');
    const { status, body } = await expectNothingWritten([accepted, pending], () =>
      createLabel({ item_ids: [accepted, pending] }),
    );
    expect(status).toBe(409);
    expect(body.errors?.item_ids).toEqual([
      `Quote #${pending} is Offer Pending Response, not Offer Accepted`,
    ]);
  });

  test("for another stylist's client, exactly as a missing one", async () => {
    const theirs = await world.acceptedQuote({
      stylistId: world.other.stylistId,
      clientId: world.foreignClient.id,
    });
    const foreign = await expectNothingWritten([theirs], () =>
      createLabel({ item_ids: [theirs] }, world.foreignClient.id),
    );
    const missing = await expectNothingWritten([], () =>
      createLabel({ item_ids: [theirs] }, 2_000_000),
    );
    expect(foreign).toEqual({ status: 404, body: missing.body });
  });

  test("with another stylist's or another client's item, exactly as a missing one", async () => {
    const own = await world.acceptedQuote();
    const theirs = await world.acceptedQuote({
      stylistId: world.other.stylistId,
      clientId: world.foreignClient.id,
    });
    const otherClients = await world.acceptedQuote({ clientId: world.secondClient.id });
    const responses = [
      await expectNothingWritten([own, theirs], () => createLabel({ item_ids: [own, theirs] })),
      await expectNothingWritten([own, otherClients], () =>
        createLabel({ item_ids: [own, otherClients] }),
      ),
      await expectNothingWritten([own], () => createLabel({ item_ids: [own, 2_000_000] })),
    ];
    for (const response of responses) {
      expect(response).toEqual({
        status: 404,
        body: {
          message: 'Quote not found',
          code: ErrorCode.notFound,
          errors: { item_ids: ['Quote not found'] },
        },
      });
    }
  });

  test('when the provider fails: 502 with its message, the items still accepted', async () => {
    const quoteId = await world.acceptedQuote();
    world.shipping.failNextWith(new ShippingProviderError('The carrier rejected the address.'));
    const { status, body } = await expectNothingWritten([quoteId], () =>
      createLabel({ item_ids: [quoteId], emailClientShiplist: true }),
    );
    expect(status).toBe(502);
    expect(body).toEqual({
      message: 'The carrier rejected the address.',
      code: ErrorCode.shippingProviderFailed,
    });
    const [quote] = (await world.snapshot([quoteId])).quotes;
    expect(quote).toMatchObject({ status: 'offer_accepted', shipmentId: null });
  });

  test('without signing in', async () => {
    const quoteId = await world.acceptedQuote();
    const { status } = await expectNothingWritten([quoteId], () =>
      createLabel({ item_ids: [quoteId] }, world.client.id, null),
    );
    expect(status).toBe(401);
  });
});
