import { formatDate, formatTime, pluralize } from '@atelier/contract';
import {
  caption,
  continuePage,
  drawFooters,
  drawItemRows,
  drawTitle,
  fits,
  INK,
  label,
  MARGIN,
  MUTED,
  openDocument,
  prepareItems,
  RIGHT_WIDTH,
  RIGHT_X,
  rule,
  type Doc,
  type PdfItem,
} from './pdf-layout.ts';

export interface PickupReceiptInput {
  pickedUpAt: Date;
  /** The stylist's time zone: the day and time `pickedUpAt` is printed as. */
  timeZone: string;
  stylistName: string;
  client: {
    name: string;
    /** Street, city line and so on, one printed line each. */
    addressLines: string[];
  };
  items: PdfItem[];
  /** The client's signature as a PNG (signature.ts `prepareSignature`). */
  signature: Buffer;
}

const SIGNATURE = { width: 240, height: 110 };
/** The item count, the statement, the signature, its line and the "Signed by" under it. */
const CLOSING_HEIGHT = 32 + 40 + SIGNATURE.height + 40;

/** When the receipt says the items changed hands: "11/26/2026 at 3:07 PM EST". */
export function pickupMoment(pickedUpAt: Date, timeZone: string): string {
  return `${formatDate(pickedUpAt, timeZone)} at ${formatTime(pickedUpAt, timeZone)}`;
}

/**
 * The receipt a client signs when their stylist collects items in person (issue 20): when, who
 * handed what to whom, one row per item with its picture and barcode, and the client's signature
 * under the statement that the items were handed over for resale. Letter size; items that do not
 * fit, and the signature after them, go on further pages.
 */
export async function renderPickupReceipt(input: PickupReceiptInput): Promise<Buffer> {
  const items = await prepareItems(input.items);
  const { doc, output } = openDocument(`Pickup receipt for ${input.client.name}`);
  const continued = `Pickup Receipt (continued): ${input.client.name}`;

  const count = input.items.length;
  const itemCount = `${count} ${pluralize(count, 'item')}`;
  let y = drawTitle(
    doc,
    'Pickup Receipt',
    `Picked up ${pickupMoment(input.pickedUpAt, input.timeZone)}`,
    itemCount.toUpperCase(),
  );
  y = drawParties(doc, input, y);
  y = drawItemRows(doc, items, y, continued);
  // The count stays with the signature under it: both move to a further page if need be.
  if (!fits(y, CLOSING_HEIGHT)) y = continuePage(doc, continued);
  label(doc, `Item count: ${itemCount}`, MARGIN, y + 8, { size: 10, bold: true });
  drawSignature(doc, input, y + 32);
  drawFooters(doc, `Pickup receipt for ${input.client.name}`);
  doc.end();
  return output;
}

function drawParties(doc: Doc, input: PickupReceiptInput, top: number): number {
  const { client } = input;
  caption(doc, 'CLIENT', MARGIN, top);
  label(doc, client.name, MARGIN, top + 12, { size: 14, bold: true, width: 300 });
  const lines = client.addressLines.filter((line) => line.trim());
  lines.forEach((line, index) =>
    label(doc, line, MARGIN, top + 32 + index * 13, { size: 10, width: 300 }),
  );

  caption(doc, 'HANDED TO', RIGHT_X, top, RIGHT_WIDTH);
  label(doc, input.stylistName, RIGHT_X, top + 12, { size: 12, width: RIGHT_WIDTH, lines: 2 });
  label(doc, 'Stylist', RIGHT_X, top + 30, { size: 10, color: MUTED, width: RIGHT_WIDTH });
  return Math.max(top + 32 + lines.length * 13, top + 62) + 12;
}

function drawSignature(doc: Doc, input: PickupReceiptInput, top: number) {
  label(
    doc,
    `These items were handed to ${input.stylistName} for resale through Atelier.`,
    MARGIN,
    top,
    { size: 11, lines: 3 },
  );
  const imageTop = top + 40;
  doc.image(input.signature, MARGIN, imageTop, {
    fit: [SIGNATURE.width, SIGNATURE.height],
    valign: 'bottom',
  });
  const lineY = imageTop + SIGNATURE.height + 4;
  rule(doc, lineY, INK, MARGIN, SIGNATURE.width);
  label(doc, `Signed by ${input.client.name}`, MARGIN, lineY + 6, {
    size: 10,
    width: SIGNATURE.width + 120,
  });
  label(doc, pickupMoment(input.pickedUpAt, input.timeZone), MARGIN, lineY + 20, {
    size: 9,
    color: MUTED,
    width: SIGNATURE.width + 120,
  });
}
