import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { pdfBarcodes, pdfPageSizes, pdfText } from '../../test/pdf.ts';
import { renderShipList, type ShipListInput } from './ship-list-pdf.ts';

const LETTER = { width: 612, height: 792 };

let picture: Buffer;
beforeAll(async () => {
  // Pictures are stored as WebP.
  picture = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#a33' } })
    .webp()
    .toBuffer();
});

function shipList(itemCount: number, overrides: Partial<ShipListInput> = {}): ShipListInput {
  return {
    shippedDate: new Date('2026-11-21T15:30:00Z'),
    timeZone: 'UTC',
    stylistName: 'Stella Marsh',
    client: {
      name: 'Olivia Bennett',
      email: 'olivia.bennett@example.com',
      addressLines: ['88 Prospect Park West', 'Apt 3R', 'Brooklyn, NY 11215'],
      barCode: 'WC00000042',
    },
    trackingNumber: 'AT12345678901234567890',
    carrier: 'Atelier Local Post',
    service: 'Ground',
    items: Array.from({ length: itemCount }, (_, index) => ({
      id: 1001 + index,
      brand: index % 2 ? 'Hermès' : 'Chanel',
      name: index % 2 ? 'Birkin 30 Togo Gold' : 'Classic Medium Flap Bag',
      barCode: `WG${String(20_000_000 + index)}`,
      image: picture,
    })),
    ...overrides,
  };
}

describe('ship list PDF', () => {
  test('lists the client, the stylist, the shipment and every item on a Letter page', async () => {
    const input = shipList(3);
    const pdf = await renderShipList(input);

    expect(await pdfPageSizes(pdf)).toEqual([LETTER]);
    const text = await pdfText(pdf);
    for (const expected of [
      'Ship List',
      'Shipped 11/21/2026',
      '3 ITEMS',
      'Olivia Bennett',
      '88 Prospect Park West',
      'Brooklyn, NY 11215',
      'olivia.bennett@example.com',
      'WC00000042',
      'Stella Marsh',
      'AT12345678901234567890',
      'Atelier Local Post · Ground',
    ])
      expect(text).toContain(expected);
    for (const item of input.items) {
      expect(text).toContain(item.brand);
      expect(text).toContain(item.name);
      expect(text).toContain(`Quote #${item.id}`);
      expect(text).toContain(item.barCode);
    }
  });

  test('names in any script come back exactly from the text layer', async () => {
    const input = shipList(2, {
      stylistName: 'Ολυμπία Παπαδοπούλου',
      client: {
        name: 'Иван Петров',
        email: 'ivan@example.com',
        addressLines: ['南京西路 1266号', 'Łódź, Nguyễn Đình Chiểu'],
        barCode: 'WC00000042',
      },
    });
    input.items[0]!.name = '王小明的包';
    const pdf = await renderShipList(input);

    const text = await pdfText(pdf);
    for (const name of [
      'Ολυμπία Παπαδοπούλου',
      'Иван Петров',
      '南京西路 1266号',
      'Łódź, Nguyễn Đình Chiểu',
      '王小明的包',
      'Ship list for Иван Петров',
    ])
      expect(text).toContain(name);
    expect(text).not.toContain('?');
  });

  test('the client and item barcodes decode from the PDF', async () => {
    const input = shipList(3);
    const pdf = await renderShipList(input);

    expect(await pdfBarcodes(pdf)).toEqual([
      'WC00000042',
      ...input.items.map((item) => item.barCode),
    ]);
  });

  test('30 items continue on further pages, each row whole', async () => {
    const input = shipList(30);
    const pdf = await renderShipList(input);

    const pages = await pdfPageSizes(pdf);
    expect(pages.length).toBeGreaterThan(1);
    expect(
      pages.every((page) => page.width === LETTER.width && page.height === LETTER.height),
    ).toBe(true);
    const pageTexts = (await pdfText(pdf)).split('\f');
    expect(pageTexts.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
    for (const item of input.items) {
      const page = pageTexts.find((pageText) => pageText.includes(`Quote #${item.id}`));
      expect(page).toContain(item.barCode);
    }
    expect(await pdfBarcodes(pdf)).toEqual([
      'WC00000042',
      ...input.items.map((item) => item.barCode),
    ]);
  });

  test('an item without a picture, or with one that does not decode, gets a placeholder', async () => {
    const input = shipList(3);
    input.items[0]!.image = null;
    input.items[2]!.image = Buffer.from('not a picture');
    const pdf = await renderShipList(input);

    const text = await pdfText(pdf);
    expect(text.match(/No image/g)).toHaveLength(2);
    expect(await pdfBarcodes(pdf)).toContain(input.items[0]!.barCode);
  });

  test('a shipment without a carrier label leaves out tracking and carrier', async () => {
    const pdf = await renderShipList(
      shipList(1, { trackingNumber: null, carrier: null, service: null }),
    );

    const text = await pdfText(pdf);
    expect(text).toContain('Stella Marsh');
    expect(text).toContain('1 ITEM');
    expect(text).not.toContain('TRACKING NUMBER');
    expect(text).not.toContain('CARRIER');
  });

  test("the shipped date is the stylist's day: 7:30 pm in Los Angeles is not yet tomorrow", async () => {
    const evening = { shippedDate: new Date('2026-11-25T03:30:00Z') };
    const [losAngeles, utc] = await Promise.all([
      renderShipList(shipList(1, { ...evening, timeZone: 'America/Los_Angeles' })).then(pdfText),
      renderShipList(shipList(1, { ...evening, timeZone: 'UTC' })).then(pdfText),
    ]);

    expect(losAngeles).toContain('Shipped 11/24/2026');
    expect(utc).toContain('Shipped 11/25/2026');
  });
});
