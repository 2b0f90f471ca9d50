import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { pdfBarcodes, pdfPageSizes, pdfText, pdfTextBoxes, pngBarcodes } from '../../test/pdf.ts';
import { createLocalShippingProvider } from './local-provider.ts';
import {
  ShippingProviderError,
  type LabelRequest,
  type PostalAddress,
  type PurchasedLabel,
} from './shipping-provider.ts';

const stylist: PostalAddress = {
  name: 'Stella Marsh',
  company: null,
  street1: '417 Montgomery St',
  street2: 'Floor 5',
  city: 'San Francisco',
  state: 'CA',
  postalCode: '94104',
  country: 'US',
  phone: '4155550132',
  email: 'stella@example.com',
};

const warehouse: PostalAddress = {
  name: 'Atelier Resale Warehouse',
  company: 'Atelier Resale Warehouse',
  street1: '500 Commerce Way',
  street2: 'Dock 3',
  city: 'Secaucus',
  state: 'NJ',
  postalCode: '07094',
  country: 'US',
  phone: '(201) 555-0140',
  email: null,
};

const request: LabelRequest = {
  reference: 'Shipment 1042',
  from: stylist,
  to: warehouse,
  parcel: { itemCount: 3, weightOz: 36 },
};

const provider = createLocalShippingProvider();

async function expectEveryTextOnTheLabel(pdf: Buffer) {
  for (const box of await pdfTextBoxes(pdf)) {
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(288);
    expect(box.y).toBeGreaterThan(0);
    expect(box.y).toBeLessThan(432);
  }
}

describe('local shipping provider', () => {
  let label: PurchasedLabel;
  beforeAll(async () => {
    label = await provider.createLabel(request);
  });

  test('answers as the embedded carrier, with no provider shipment id', () => {
    expect(label).toMatchObject({
      carrier: 'Atelier Local Post',
      service: 'Ground',
      providerShipmentId: null,
    });
    expect(label.trackingNumber).toMatch(/^AT\d{20}$/);
  });

  test('draws a one-page 4x6 inch PDF with both addresses, the service and the tracking number', async () => {
    expect(await pdfPageSizes(label.labelPdf)).toEqual([{ width: 288, height: 432 }]);
    const text = await pdfText(label.labelPdf);
    for (const expected of [
      label.trackingNumber,
      'Stella Marsh',
      '417 Montgomery St',
      'San Francisco, CA 94104',
      'Atelier Resale Warehouse',
      '500 Commerce Way',
      'Dock 3',
      'Secaucus, NJ 07094',
      'Service: Ground',
      'Ref: Shipment 1042',
      '2 LB 4 OZ',
      '3 ITEMS',
      'Not valid for mailing',
    ])
      expect(text).toContain(expected);
  });

  test("the PDF's barcode decodes to the tracking number", async () => {
    expect(await pdfBarcodes(label.labelPdf)).toEqual([label.trackingNumber]);
  });

  test('the PNG is the same label at 4x6 and its barcode decodes to the tracking number', async () => {
    const { format, width, height } = await sharp(label.labelPng).metadata();
    expect(format).toBe('png');
    expect(width / height).toBeCloseTo(4 / 6, 3);
    expect(width).toBeGreaterThanOrEqual(600);
    expect(await pngBarcodes(label.labelPng)).toEqual([label.trackingNumber]);
  });

  test('every label gets its own tracking number', async () => {
    const other = await provider.createLabel(request);
    expect(other.trackingNumber).toMatch(/^AT\d{20}$/);
    expect(other.trackingNumber).not.toBe(label.trackingNumber);
  });

  test('a long address wraps and shrinks but stays on the label', async () => {
    const long = await provider.createLabel({
      ...request,
      to: {
        ...warehouse,
        name: 'Maximiliana Theodora Featherstonehaugh-Cholmondeley',
        company: 'Consolidated International Consignment Receiving Department',
        street1:
          '1200 Avenue of the Americas Rockefeller Center North Tower Freight Elevator Entrance',
        street2: 'Suite 4400, Attention Receiving Clerk on Duty',
      },
    });

    await expectEveryTextOnTheLabel(long.labelPdf);
    const text = (await pdfText(long.labelPdf)).replace(/\s+/g, ' ');
    expect(text).toContain('Featherstonehaugh-Cholmondeley');
    expect(text).toContain('Freight Elevator Entrance');
    expect(text).not.toContain('…');
    expect(await pdfBarcodes(long.labelPdf)).toEqual([long.trackingNumber]);
  });

  test('an address too long for the label is cut short but keeps its city line', async () => {
    const endless = await provider.createLabel({
      ...request,
      to: { ...warehouse, street2: 'Suite 4400 '.repeat(80) },
    });

    await expectEveryTextOnTheLabel(endless.labelPdf);
    const text = await pdfText(endless.labelPdf);
    expect(text).toContain('…');
    expect(text).toContain('Secaucus, NJ 07094');
  });

  test('names in any script print exactly and stay on the label', async () => {
    const names = ['Zoë Łukasz-Nguyễn', 'Иван Петров', 'Ολυμπία Παπαδοπούλου', '王小明 (上海)'];
    const labels = await Promise.all(
      names.map((name) => provider.createLabel({ ...request, to: { ...warehouse, name } })),
    );
    for (const [index, name] of names.entries()) {
      expect(await pdfText(labels[index]!.labelPdf)).toContain(name);
      await expectEveryTextOnTheLabel(labels[index]!.labelPdf);
    }
  });

  test('refuses an address without a street', async () => {
    await expect(
      provider.createLabel({ ...request, to: { ...warehouse, street1: '  ' } }),
    ).rejects.toThrow(ShippingProviderError);
  });
});
