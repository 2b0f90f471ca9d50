import { formatDate, pluralize } from '@atelier/contract';
import {
  caption,
  code128,
  CONTENT_WIDTH,
  drawBarcode,
  drawFooters,
  drawItemRows,
  drawTitle,
  label,
  MARGIN,
  openDocument,
  prepareItems,
  RIGHT_WIDTH,
  RIGHT_X,
  rule,
  type Doc,
  type PdfItem,
} from './pdf-layout.ts';

export type ShipListItem = PdfItem;

export interface ShipListInput {
  shippedDate: Date;
  /** The stylist's time zone: the day `shippedDate` is printed as. */
  timeZone: string;
  stylistName: string;
  client: {
    name: string;
    email: string;
    /** Street, city line and so on, one printed line each. */
    addressLines: string[];
    barCode: string;
  };
  /** Null for a shipment without a carrier label (a pickup). */
  trackingNumber: string | null;
  carrier: string | null;
  service: string | null;
  items: ShipListItem[];
}

/**
 * The ship list that travels with a shipment (§2 "Manifest print layout" as a document): who the
 * items belong to, who sends them, how they travel, and one row per item with its picture and
 * scannable barcode. Letter size; items that do not fit go on further pages.
 */
export async function renderShipList(input: ShipListInput): Promise<Buffer> {
  const [clientBarcode, items] = await Promise.all([
    code128(input.client.barCode),
    prepareItems(input.items),
  ]);
  const { doc, output } = openDocument(`Ship list for ${input.client.name}`);

  const count = input.items.length;
  let y = drawTitle(
    doc,
    'Ship List',
    `Shipped ${formatDate(input.shippedDate, input.timeZone)}`,
    `${count} ${pluralize(count, 'ITEM')}`,
  );
  y = drawClient(doc, input, clientBarcode, y);
  y = drawShipping(doc, input, y);
  drawItemRows(doc, items, y, `Ship List (continued): ${input.client.name}`);
  drawFooters(doc, `Ship list for ${input.client.name}`);
  doc.end();
  return output;
}

function drawClient(doc: Doc, input: ShipListInput, barcode: Buffer, top: number): number {
  const { client } = input;
  caption(doc, 'CLIENT', MARGIN, top);
  label(doc, client.name, MARGIN, top + 12, { size: 14, bold: true, width: 300 });
  const lines = [...client.addressLines, client.email].filter((line) => line.trim());
  lines.forEach((line, index) =>
    label(doc, line, MARGIN, top + 32 + index * 13, { size: 10, width: 300 }),
  );

  caption(doc, 'CLIENT BARCODE', RIGHT_X, top);
  drawBarcode(doc, barcode, client.barCode, RIGHT_X, top + 14, RIGHT_WIDTH);
  return Math.max(top + 32 + lines.length * 13, top + 62) + 12;
}

function drawShipping(doc: Doc, input: ShipListInput, top: number): number {
  const columns: [string, string][] = [['STYLIST', input.stylistName]];
  if (input.trackingNumber) {
    columns.push(['TRACKING NUMBER', input.trackingNumber]);
    const method = [input.carrier, input.service].filter(Boolean).join(' · ');
    if (method) columns.push(['CARRIER', method]);
  }
  const width = CONTENT_WIDTH / 3;
  columns.forEach(([heading, value], index) => {
    const x = MARGIN + index * width;
    caption(doc, heading, x, top, width - 12);
    label(doc, value, x, top + 12, { size: 11, width: width - 12, lines: 2 });
  });
  rule(doc, top + 44);
  return top + 56;
}
