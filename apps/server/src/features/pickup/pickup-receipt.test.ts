import { ShipmentDocumentSchema, type CompletePickupBody } from '@atelier/contract';
import { eq, gt } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { designers, outbox, quotes, shipments, stylists } from '../../db/schema.ts';
import type { EmailMessage } from '../../integrations/mail/mail.ts';
import { pdfPageSizes, pdfText } from '../../test/pdf.ts';
import {
  pickupMoment,
  renderPickupReceipt,
  type PickupReceiptInput,
} from './pickup-receipt-pdf.ts';
import { buildPickupWorld, dataUrlOf, signaturePng, type PickupWorld } from './testing.ts';

const LETTER = { width: 612, height: 792 };
const ZONE = 'America/Los_Angeles';

let world: PickupWorld;
let signature: Buffer;

beforeAll(async () => {
  world = await buildPickupWorld();
  signature = await sharp(await signaturePng())
    .png()
    .toBuffer();
  await world.db
    .update(stylists)
    .set({ timeZone: ZONE })
    .where(eq(stylists.id, world.stylist.stylistId));
});
afterAll(() => world.app.close());

function pickUp(body: Pick<CompletePickupBody, 'quoteIds'>) {
  return world.call(world.tokens.stylist, 'POST', '/api/stylist/white-glove-quotes/complete', {
    signature: dataUrlOf(signature),
    generateShippingLabel: false,
    ...body,
  });
}

/** An accepted quote named as a real one is (the fixtures' names do not fit a line). */
async function acceptedItem(brand: string, name: string, barCode: string) {
  const quoteId = await world.acceptedQuote();
  const [quote] = await world.db
    .update(quotes)
    .set({ name, barCode })
    .where(eq(quotes.id, quoteId))
    .returning({ designerId: quotes.designerId });
  await world.db.update(designers).set({ name: brand }).where(eq(designers.id, quote!.designerId));
  return quoteId;
}

/** The emails queued after outbox row `after`. */
async function queuedSince(after: number): Promise<EmailMessage[]> {
  const rows = await world.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(gt(outbox.id, after))
    .orderBy(outbox.id);
  return rows.map((row) => row.payload as EmailMessage);
}

async function lastOutboxId(): Promise<number> {
  const rows = await world.db.select({ id: outbox.id }).from(outbox);
  return Math.max(0, ...rows.map((row) => row.id));
}

describe('the pickup receipt PDF', () => {
  function receipt(itemCount: number): PickupReceiptInput {
    return {
      pickedUpAt: new Date('2026-11-21T23:30:00Z'),
      timeZone: ZONE,
      stylistName: 'Stella Marsh',
      client: { name: 'Olivia Bennett', addressLines: ['88 Prospect Park West', 'Brooklyn, NY'] },
      items: Array.from({ length: itemCount }, (_, index) => ({
        id: 1001 + index,
        brand: index % 2 ? 'Hermès' : 'Chanel',
        name: index % 2 ? 'Birkin 30 Togo Gold' : 'Classic Medium Flap Bag',
        barCode: `WG${String(20_000_000 + index)}`,
        image: null,
      })),
      signature,
    };
  }

  test('says when, who handed what to whom, and carries the signature', async () => {
    const input = receipt(2);
    const pdf = await renderPickupReceipt(input);
    expect(await pdfPageSizes(pdf)).toEqual([LETTER]);
    const text = await pdfText(pdf);
    for (const expected of [
      'Pickup Receipt',
      // 23:30 UTC is 3:30 pm the same day in Los Angeles.
      'Picked up 11/21/2026 at 3:30 PM PST',
      'Stella Marsh',
      'Olivia Bennett',
      '88 Prospect Park West',
      'Item count: 2 items',
      'Signed by Olivia Bennett',
      'These items were handed to Stella Marsh for resale through Atelier.',
    ])
      expect(text).toContain(expected);
    for (const item of input.items) {
      for (const value of [item.brand, item.name, item.barCode]) expect(text).toContain(value);
    }
  });

  test('items that do not fit continue on further pages, the signature after the last', async () => {
    const input = receipt(12);
    const pdf = await renderPickupReceipt(input);
    const pages = (await pdfText(pdf)).split('\f');
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.at(-1)).toContain('Signed by Olivia Bennett');
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
    for (const item of input.items) expect(pages.join('')).toContain(item.barCode);
  });
});

describe('a pickup', () => {
  test('stores a signed receipt and emails it to the client with the items and their photos', async () => {
    const photographed = await acceptedItem('Chanel', 'Classic Medium Flap Bag', 'WG20000001');
    const plain = await acceptedItem('Chanel', 'Boy Bag Caviar', 'WG20000002');
    await world.addPhoto(photographed);
    const since = await lastOutboxId();

    const response = await pickUp({ quoteIds: `${photographed},${plain}` });
    expect(response.statusCode, response.body).toBe(200);
    const document = ShipmentDocumentSchema.parse(response.json());

    const [row] = await world.db.select().from(shipments).where(eq(shipments.id, document.data.id));
    expect(row?.receiptKey).toMatch(/^receipts\/.+\.pdf$/);
    const receiptUrl = world.app.storage.urlFor(row!.receiptKey!);
    expect(document.data.attributes.receiptUrl).toBe(receiptUrl);
    for (const quote of document.included) {
      expect(quote.attributes.shipment?.receiptUrl).toBe(receiptUrl);
    }

    const stored = await world.app.storage.get(row!.receiptKey!);
    const text = await pdfText(stored!.body);
    expect(text).toContain(`Picked up ${pickupMoment(row!.shippedDate, ZONE)}`);
    expect(text).toContain('Margaux Dubois');
    expect(text).toContain('Signed by Margaux Dubois');
    expect(text).toContain('handed to Camille Laurent for resale through Atelier');
    for (const quote of document.included) {
      expect(text).toContain(quote.attributes.brand);
      expect(text).toContain(quote.attributes.name);
      expect(text).toContain(quote.attributes.barCode);
    }

    const emails = await queuedSince(since);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      to: world.client.email,
      subject: 'Your pickup receipt: 2 items with Camille',
      replyTo: { name: 'Camille Laurent', address: world.stylist.email },
      attachments: [
        { filename: 'pickup-receipt.pdf', storageKey: row!.receiptKey },
        { cid: `quote-${photographed}@atelier` },
      ],
    });

    await world.app.outbox.deliverDue();
    const mail = world.mail.sent.at(-1)!;
    expect(mail.message.to).toBe(world.client.email);
    const pdf = mail.attachments.find((file) => file.filename === 'pickup-receipt.pdf');
    expect(await pdfText(pdf!.content)).toBe(text);
    expect(mail.attachments.find((file) => file.cid)?.cid).toBe(`quote-${photographed}@atelier`);
    expect(mail.message.html).toContain(`src="cid:quote-${photographed}@atelier"`);
    for (const quote of document.included) {
      expect(mail.message.text).toContain(`${quote.attributes.brand} ${quote.attributes.name}`);
    }
  });

  test('submitted again sends no second receipt', async () => {
    const quoteIds = `${await world.acceptedQuote()}`;
    const first = await pickUp({ quoteIds });
    expect(first.statusCode, first.body).toBe(200);
    const since = await lastOutboxId();
    const before = await world.counts();

    const again = await pickUp({ quoteIds });
    expect(again.statusCode, again.body).toBe(200);
    expect(await queuedSince(since)).toEqual([]);
    expect(await world.counts()).toEqual(before);
  });

  test('that is refused queues no email and records no receipt', async () => {
    const accepted = await world.acceptedQuote();
    const shipped = await world.quoteIn('in_transit');
    const before = await world.counts();
    const receipts = await world.db.select({ key: shipments.receiptKey }).from(shipments);

    const response = await pickUp({ quoteIds: `${accepted},${shipped}` });
    expect(response.statusCode).toBe(409);
    expect(await world.counts()).toEqual(before);
    expect(await world.db.select({ key: shipments.receiptKey }).from(shipments)).toEqual(receipts);
  });
});
