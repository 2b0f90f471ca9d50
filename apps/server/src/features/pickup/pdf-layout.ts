import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { printable, useFont } from '../../lib/pdf-fonts.ts';

/**
 * What the pickup PDFs (the ship list, the pickup receipt) share: the Letter page and its
 * margins, text that never runs off its box, rules, Code128 barcodes, and the item rows with a
 * picture and a barcode each, continued on further pages when they do not fit.
 */

export type Doc = PDFKit.PDFDocument;

// US Letter in points.
export const PAGE = { width: 612, height: 792 };
export const MARGIN = 48;
export const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
export const FOOTER_Y = PAGE.height - 36;
/** Where the right-hand column (barcodes, the second party) starts. */
export const RIGHT_X = MARGIN + 346;
export const RIGHT_WIDTH = CONTENT_WIDTH - 346;
export const INK = '#111111';
export const MUTED = '#666666';
const LINE = '#cccccc';

const ROW_HEIGHT = 76;
const THUMB = 60;
const TEXT_X = MARGIN + THUMB + 14;
const TEXT_WIDTH = 250;

/** One item row: its picture, brand, name, quote number and scannable barcode. */
export interface PdfItem {
  /** The quote id. */
  id: number;
  brand: string;
  name: string;
  barCode: string;
  /** The item's first picture in any format sharp reads (storage keeps WebP); null draws a placeholder. */
  image: Buffer | null;
}

export interface PreparedItem extends PdfItem {
  picture: Buffer | null;
  barcode: Buffer;
}

/** A Letter document and the promise of its bytes, which settles after `doc.end()`. */
export function openDocument(title: string): { doc: Doc; output: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: 0,
    bufferPages: true,
    info: { Title: printable(title), Author: 'Atelier' },
  });
  const chunks: Buffer[] = [];
  const output = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, output };
}

/** The items' pictures and barcodes, made ready for drawing (all at once). */
export function prepareItems(items: readonly PdfItem[]): Promise<PreparedItem[]> {
  return Promise.all(
    items.map(async (item) => {
      const [picture, barcode] = await Promise.all([
        toPdfPicture(item.image),
        code128(item.barCode),
      ]);
      return { ...item, picture, barcode };
    }),
  );
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
export function code128(value: string): Promise<Buffer> {
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
export function drawBarcode(
  doc: Doc,
  png: Buffer,
  value: string,
  x: number,
  y: number,
  maxWidth: number,
) {
  // A PNG's width sits at byte 16, in the IHDR chunk that always comes first.
  const width = Math.min(maxWidth, png.readUInt32BE(16) / MODULE_PX);
  const height = 30;
  doc.image(png, x, y, { width, height });
  label(doc, value, x, y + height + 3, { size: 9, width, align: 'center', color: INK });
}

export interface LabelStyle {
  size: number;
  bold?: boolean;
  color?: string;
  width?: number;
  /** Lines it may take before it ends in an ellipsis. */
  lines?: number;
  align?: 'left' | 'center' | 'right';
}

export function label(doc: Doc, value: string, x: number, y: number, style: LabelStyle) {
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

/** A small grey heading over a value: "CLIENT", "STYLIST". */
export function caption(doc: Doc, value: string, x: number, y: number, width = CONTENT_WIDTH) {
  label(doc, value, x, y, { size: 8, bold: true, color: MUTED, width });
}

export function rule(doc: Doc, y: number, color = LINE, x = MARGIN, width = CONTENT_WIDTH) {
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.75)
    .strokeColor(color)
    .stroke();
}

/** A document's first heading: its title on the left, `aside` on the right, the item count under. */
export function drawTitle(doc: Doc, title: string, aside: string, subtitle: string): number {
  label(doc, title, MARGIN, MARGIN, { size: 24, bold: true });
  label(doc, aside, MARGIN, MARGIN + 8, { size: 11, align: 'right' });
  label(doc, subtitle, MARGIN, MARGIN + 32, { size: 10, bold: true, color: MUTED });
  rule(doc, MARGIN + 50, INK);
  return MARGIN + 62;
}

/** Starts a further page with a short heading; returns where its content starts. */
export function continuePage(doc: Doc, heading: string): number {
  doc.addPage();
  label(doc, heading, MARGIN, MARGIN, { size: 14, bold: true });
  rule(doc, MARGIN + 24, INK);
  return MARGIN + 34;
}

/** Whether `height` more points fit above the footer from `y`. */
export const fits = (y: number, height: number) => y + height <= FOOTER_Y - 12;

function drawItemsHeading(doc: Doc, top: number): number {
  caption(doc, 'ITEM', TEXT_X, top, TEXT_WIDTH);
  caption(doc, 'BARCODE', RIGHT_X, top, 100);
  rule(doc, top + 14);
  return top + 14;
}

/**
 * The items' rows under one heading from `top`; when a row does not fit, a further page starts
 * with `continuedHeading` and the heading again. Returns where the last row ends.
 */
export function drawItemRows(
  doc: Doc,
  items: readonly PreparedItem[],
  top: number,
  continuedHeading: string,
): number {
  let y = drawItemsHeading(doc, top);
  for (const item of items) {
    if (!fits(y, ROW_HEIGHT)) y = drawItemsHeading(doc, continuePage(doc, continuedHeading));
    y = drawItem(doc, item, y);
  }
  return y;
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
  drawBarcode(doc, item.barcode, item.barCode, RIGHT_X, top + 12, RIGHT_WIDTH);
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

/** "{what}" and "Page n of m" at the foot of every page. */
export function drawFooters(doc: Doc, what: string) {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    label(doc, what, MARGIN, FOOTER_Y, { size: 8, color: MUTED, width: CONTENT_WIDTH / 2 });
    label(doc, `Page ${index - start + 1} of ${count}`, MARGIN, FOOTER_Y, {
      size: 8,
      color: MUTED,
      align: 'right',
    });
  }
}
