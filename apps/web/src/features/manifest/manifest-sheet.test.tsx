import { MANIFEST_LABEL_THUMBNAIL_WIDTH } from '@atelier/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { quoteResource } from '../quotes/quotes-test-data.ts';
import { code128Bars, code128Values } from './code128.ts';
import {
  MANIFEST_HEADING,
  manifestFooter,
  ManifestSheet,
  PICKED_UP_TEXT,
} from './manifest-sheet.tsx';
import {
  manifestClient,
  pickupDocument,
  shipmentDocument,
  shippedQuotes,
} from './manifest-test-data.ts';

function region(name: string) {
  return screen.getByRole('region', { name });
}

/** The visible lines of an element, one per child element, as a reader sees them. */
function lines(element: HTMLElement): string[] {
  return Array.from(element.children, (child) => child.textContent?.trim() ?? '');
}

describe('manifest sheet', () => {
  test('heads the sheet with the §2 title and the shipped date as m/d/yyyy', () => {
    render(<ManifestSheet document={shipmentDocument()} />);
    const sheet = screen.getByRole('article', { name: MANIFEST_HEADING });
    expect(within(sheet).getByRole('heading', { level: 2 })).toHaveTextContent(MANIFEST_HEADING);
    expect(within(sheet).getByText('Shipped').nextElementSibling).toHaveTextContent('5/6/2026');
    expect(within(sheet).getByText('#12')).toBeInTheDocument();
    // Every printed page's margin repeats whose manifest it is.
    expect(manifestFooter(shipmentDocument())).toBe(
      'Stylist White Glove Manifest · Shipment #12 · WC00000007',
    );
  });

  test('ships a label parcel from the client, on whose behalf the stylist sends it', () => {
    render(<ManifestSheet document={shipmentDocument()} />);
    const address = region('Shipping From').querySelector('address');
    expect(address).not.toBeNull();
    expect(lines(address as HTMLElement)).toEqual([
      'Coco Laurent',
      'on behalf of Ann Lee',
      '12 Orchard Lane',
      'Brooklyn, NY 11201',
      'US',
      'ann@example.com',
    ]);
  });

  test.each([
    ['check', 'Check'],
    ['paypal', 'PayPal'],
    [null, 'Not chosen'],
  ] as const)('shows the payment method %s as "%s"', (paymentMethod, text) => {
    const document = shipmentDocument({ meta: { client: manifestClient({ paymentMethod }) } });
    render(<ManifestSheet document={document} />);
    expect(region('Payment Method')).toHaveTextContent(`Payment Method${text}`);
  });

  test('counts the items as ITEMS and lists each with photo, brand, name, barcode and id', () => {
    render(<ManifestSheet document={shipmentDocument()} />);
    const items = region('Items');
    expect(within(items).getByRole('heading', { name: '2 ITEMS' })).toBeInTheDocument();

    const flapBag = within(items).getByRole('row', { name: 'Chanel Classic Flap Bag' });
    expect(within(flapBag).getByText('Chanel')).toBeInTheDocument();
    expect(within(flapBag).getByText('Classic Flap Bag')).toBeInTheDocument();
    expect(within(flapBag).getByText('WG-000101')).toBeInTheDocument();
    expect(within(flapBag).getByRole('img', { name: 'Barcode WG-000101' })).toBeInTheDocument();
    expect(within(flapBag).getByText('#101')).toBeInTheDocument();
    expect(flapBag.querySelector('img')).toHaveAttribute(
      'src',
      'https://cdn.example.com/quotes/101-thumb.webp',
    );

    const saddleBag = within(items).getByRole('row', { name: 'Dior Saddle Bag' });
    expect(within(saddleBag).getByText('WG-000102')).toBeInTheDocument();
    expect(within(saddleBag).getByText('#102')).toBeInTheDocument();
  });

  test('says ITEM for a single item and shows a placeholder when it has no photo', () => {
    const bare = quoteResource({
      id: 103,
      attributes: { status: 'in_transit', images: [], thumbnail_url: null, image_url: null },
    });
    render(<ManifestSheet document={shipmentDocument({ included: [bare] })} />);
    const items = region('Items');
    expect(within(items).getByRole('heading', { name: '1 ITEM' })).toBeInTheDocument();
    const row = within(items).getByRole('row', { name: 'Chanel Classic Flap Bag' });
    expect(within(row).getByRole('img', { name: 'No photo' })).toBeInTheDocument();
  });

  test("prints the client's barcode", () => {
    render(<ManifestSheet document={shipmentDocument()} />);
    const client = region('Client barcode');
    expect(within(client).getByText('WC00000007')).toBeInTheDocument();
    expect(within(client).getByRole('img', { name: 'Barcode WC00000007' })).toBeInTheDocument();
  });

  test('the label section gives the tracking number, carrier and a 140 px label image', () => {
    render(<ManifestSheet document={shipmentDocument()} />);
    const label = region('Shipping label');
    expect(within(label).getByText('1Z999AA10123456784')).toBeInTheDocument();
    expect(within(label).getByText('UPS · Ground')).toBeInTheDocument();
    const image = within(label).getByRole('img', { name: 'Shipping label 1Z999AA10123456784' });
    expect(image).toHaveAttribute('src', '/files/labels/12.png');
    expect(image).toHaveAttribute('width', String(MANIFEST_LABEL_THUMBNAIL_WIDTH));
    expect(MANIFEST_LABEL_THUMBNAIL_WIDTH).toBe(140);
    expect(screen.queryByText(PICKED_UP_TEXT)).toBeNull();
  });

  test("a pickup shows the client's signature instead of a label, from the stylist's address", () => {
    render(<ManifestSheet document={pickupDocument({ included: shippedQuotes().slice(0, 1) })} />);
    const pickup = region(PICKED_UP_TEXT);
    expect(within(pickup).getByRole('img', { name: 'Signature of Ann Lee' })).toHaveAttribute(
      'src',
      '/files/signatures/12.png',
    );
    expect(within(pickup).getByText('Signed by Ann Lee on 5/6/2026')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Shipping label' })).toBeNull();
    const address = region('Shipping From').querySelector('address') as HTMLElement;
    expect(lines(address)).toEqual([
      'Coco Laurent',
      'on behalf of Ann Lee',
      '9 Atelier Row',
      'Studio 4',
      'New York, NY 10012',
      'US',
      'ann@example.com',
    ]);
  });

  test("a pickup by a stylist without an address on file lists the client's address", () => {
    render(<ManifestSheet document={pickupDocument({ meta: { stylistAddress: null } })} />);
    const address = region('Shipping From').querySelector('address') as HTMLElement;
    expect(lines(address)).toContain('12 Orchard Lane');
  });
});

describe('Code 128', () => {
  test('encodes subset B with its start, modulo-103 check and stop symbols', () => {
    // P=48 J=42 J=42 1=17 2=18 3=19 C=35; check (104 + Σ value·position) mod 103 = 55.
    expect(code128Values('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
  });

  test('is 11 modules a symbol, 13 for stop, plus two 10-module quiet zones', () => {
    expect(code128Bars('WC00000007').modules).toBe((1 + 10 + 1) * 11 + 13 + 20);
    expect(() => code128Values('café')).toThrow(RangeError);
  });
});
