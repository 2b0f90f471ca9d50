import { formatDate, pluralize } from '@atelier/contract';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { printable, useFont } from '../../lib/pdf-fonts.ts';

export interface ShipListItem {
  /** The quote id. */
  id: number;
  brand: string;
  name: string;
  barCode: string;
  /** The item's first picture in any format sharp reads (storage keeps WebP); null draws a placeholder. */
  image: Buffer | null;
}

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

// US Letter in points.
const PAGE = { width: 612, height: 792 };
const MARGIN = 48;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const FOOTER_Y = PAGE.height - 36;
const ROW_HEIGHT = 76;
const THUMB = 60;
const TEXT_X = MARGIN + THUMB + 14;
const TEXT_WIDTH = 250;
const BARCODE_X = MARGIN + 346;
const BARCODE_WIDTH = CONTENT_WIDTH - 346;
const INK = '#111111';
const MUTED = '#666666';
const LINE = '#cccccc';

type Doc = PDFKit.PDFDocument;

interface PreparedItem extends ShipListItem {
  picture: Buffer | null;
  barcode: Buffer;
}

/**
 * The ship list that travels with a shipment (§2 "Manifest print layout" as a document): who the
 * items belong to, who sends them, how they travel, and one row per item with its picture and
 * scannable barcode. Letter size; items that do not fit go on further pages.
 */
export async function renderShipList(input: ShipListInput): Promise<Buffer> {
  const [clientBarcode, items] = await Promise.all([
    code128(input.client.barCode),
    Promise.all(input.items.map(prepareItem)),
  ]);
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: 0,
    bufferPages: true,
    info: { Title: `Ship list for ${printable(input.client.name)}`, Author: 'Atelier' },
  });
  const output = collect(doc);

  let y = drawHeader(doc, input);
  y = drawClient(doc, input, clientBarcode, y);
  y = drawShipping(doc, input, y);
  y = drawItemsHeading(doc, y);
  for (const item of items) {
    if (y + ROW_HEIGHT > FOOTER_Y - 12) {
      doc.addPage();
      y = drawItemsHeading(doc, drawContinuedHeader(doc, input));
    }
    y = drawItem(doc, item, y);
  }
  drawFooters(doc, input);
  doc.end();
  return output;
}

function collect(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

async function prepareItem(item: ShipListItem): Promise<PreparedItem> {
  const [picture, barcode] = await Promise.all([toPdfPicture(item.image), code128(item.barCode)]);
  return { ...item, picture, barcode };
}

/** pdfkit embeds only JPEG and PNG; a picture that does not decode becomes a placeholder. */
async function toPdfPicture(image: Buffer | null): Promise<Buffer | null> {
  if (!image) return null;
  try {
    return await sharp(image, { failOn: 'error' })
      .resize(THUMB * 3, THUMB * 3, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer();
  } catch {
    // One damaged picture must not stop a shipment that is already being recorded.
    return null;
  }
}

// Code128 bars are drawn 4 px per module and placed at 1 pt per module (288 dpi).
const MODULE_PX = 4;

/** A Code128 PNG with a 10-module quiet zone, so each image scans on its own. */
function code128(value: string): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: 'code128',
    text: value,
    scaleX: MODULE_PX,
    scaleY: MODULE_PX,
    height: 8,
    paddingwidth: 10,
    backgroundcolor: 'FFFFFF',
  });
}

/** Draws a barcode no wider than `maxWidth`, 30 pt tall, with its text under it. */
function drawBarcode(doc: Doc, png: Buffer, value: string, x: number, y: number, maxWidth: number) {
  // A PNG's width sits at byte 16, in the IHDR chunk that always comes first.
  const width = Math.min(maxWidth, png.readUInt32BE(16) / MODULE_PX);
  const height = 30;
  doc.image(png, x, y, { width, height });
  label(doc, value, x, y + height + 3, { size: 9, width, align: 'center', color: INK });
}

interface LabelStyle {
  size: number;
  bold?: boolean;
  color?: string;
  width?: number;
  /** Lines it may take before it ends in an ellipsis. */
  lines?: number;
  align?: 'left' | 'center' | 'right';
}

function label(doc: Doc, value: string, x: number, y: number, style: LabelStyle) {
  const text = printable(value);
  useFont(doc, text, style.bold ? 'bold' : 'regular')
    .fontSize(style.size)
    .fillColor(style.color ?? INK);
  // With a height, pdfkit stops there (no new page) and ends the last line it keeps with "…".
  const height = doc.currentLineHeight(true) * (style.lines ?? 1) + 0.01;
  doc.text(text, x, y, {
    width: style.width ?? CONTENT_WIDTH,
    height,
    ellipsis: true,
    align: style.align ?? 'left',
  });
}

function rule(doc: Doc, y: number, color = LINE) {
  doc
    .moveTo(MARGIN, y)
    .lineTo(PAGE.width - MARGIN, y)
    .lineWidth(0.75)
    .strokeColor(color)
    .stroke();
}

function drawHeader(doc: Doc, input: ShipListInput): number {
  label(doc, 'Ship List', MARGIN, MARGIN, { size: 24, bold: true });
  label(doc, `Shipped ${formatDate(input.shippedDate, input.timeZone)}`, MARGIN, MARGIN + 8, {
    size: 11,
    align: 'right',
  });
  const count = input.items.length;
  label(doc, `${count} ${pluralize(count, 'ITEM')}`, MARGIN, MARGIN + 32, {
    size: 10,
    bold: true,
    color: MUTED,
  });
  rule(doc, MARGIN + 50, INK);
  return MARGIN + 62;
}

function drawContinuedHeader(doc: Doc, input: ShipListInput): number {
  label(doc, `Ship List (continued): ${input.client.name}`, MARGIN, MARGIN, {
    size: 14,
    bold: true,
  });
  rule(doc, MARGIN + 24, INK);
  return MARGIN + 34;
}

function drawClient(doc: Doc, input: ShipListInput, barcode: Buffer, top: number): number {
  const { client } = input;
  label(doc, 'CLIENT', MARGIN, top, { size: 8, bold: true, color: MUTED });
  label(doc, client.name, MARGIN, top + 12, { size: 14, bold: true, width: 300 });
  const lines = [...client.addressLines, client.email].filter((line) => line.trim());
  lines.forEach((line, index) =>
    label(doc, line, MARGIN, top + 32 + index * 13, { size: 10, width: 300 }),
  );

  label(doc, 'CLIENT BARCODE', BARCODE_X, top, { size: 8, bold: true, color: MUTED });
  drawBarcode(doc, barcode, client.barCode, BARCODE_X, top + 14, BARCODE_WIDTH);
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
    label(doc, heading, x, top, { size: 8, bold: true, color: MUTED, width: width - 12 });
    label(doc, value, x, top + 12, { size: 11, width: width - 12, lines: 2 });
  });
  rule(doc, top + 44);
  return top + 56;
}

function drawItemsHeading(doc: Doc, top: number): number {
  label(doc, 'ITEM', TEXT_X, top, { size: 8, bold: true, color: MUTED, width: TEXT_WIDTH });
  label(doc, 'BARCODE', BARCODE_X, top, { size: 8, bold: true, color: MUTED, width: 100 });
  rule(doc, top + 14);
  return top + 14;
}

function drawItem(doc: Doc, item: PreparedItem, top: number): number {
  const thumbY = top + (ROW_HEIGHT - THUMB) / 2;
  if (item.picture)
    doc.image(item.picture, MARGIN, thumbY, {
      fit: [THUMB, THUMB],
      align: 'center',
      valign: 'center',
    });
  else drawPlaceholder(doc, MARGIN, thumbY);

  label(doc, item.brand, TEXT_X, top + 10, { size: 11, bold: true, width: TEXT_WIDTH });
  label(doc, item.name, TEXT_X, top + 25, { size: 10, width: TEXT_WIDTH, lines: 2 });
  label(doc, `Quote #${item.id}`, TEXT_X, top + 53, { size: 9, color: MUTED, width: TEXT_WIDTH });
  drawBarcode(doc, item.barcode, item.barCode, BARCODE_X, top + 12, BARCODE_WIDTH);
  rule(doc, top + ROW_HEIGHT);
  return top + ROW_HEIGHT;
}

function drawPlaceholder(doc: Doc, x: number, y: number) {
  doc.rect(x, y, THUMB, THUMB).lineWidth(0.75).fillAndStroke('#f2f2f2', LINE);
  label(doc, 'No image', x, y + THUMB / 2 - 4, {
    size: 8,
    color: MUTED,
    width: THUMB,
    align: 'center',
  });
}

function drawFooters(doc: Doc, input: ShipListInput) {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    label(doc, `Ship list for ${input.client.name}`, MARGIN, FOOTER_Y, {
      size: 8,
      color: MUTED,
      width: CONTENT_WIDTH / 2,
    });
    label(doc, `Page ${index - start + 1} of ${count}`, MARGIN, FOOTER_Y, {
      size: 8,
      color: MUTED,
      align: 'right',
    });
  }
}
