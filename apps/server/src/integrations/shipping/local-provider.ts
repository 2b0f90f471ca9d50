import crypto from 'node:crypto';
import { pluralize } from '@atelier/contract';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import {
  ShippingProviderError,
  type LabelRequest,
  type PostalAddress,
  type PurchasedLabel,
  type ShippingProvider,
} from './shipping-provider.ts';
import { printable, textPath, useFont, type FontWeight } from '../../lib/pdf-fonts.ts';

/**
 * The embedded shipping provider (ARCHITECTURE.md "Integrations"): it works offline and draws a
 * real 4x6 label, PDF to print and PNG to show, with a scannable Code128 tracking barcode. It buys
 * nothing, so the label says it is not valid for mailing.
 */

export const LOCAL_CARRIER = 'Atelier Local Post';
export const LOCAL_SERVICE = 'Ground';

export interface LocalShippingProviderOptions {
  /** Makes the tracking number; the default is `AT` and 20 random digits. */
  newTrackingNumber?: () => string;
}

export function createLocalShippingProvider(
  options: LocalShippingProviderOptions = {},
): ShippingProvider {
  const newTrackingNumber = options.newTrackingNumber ?? randomTrackingNumber;
  return {
    name: 'local',
    async createLabel(request: LabelRequest): Promise<PurchasedLabel> {
      assertShippable(request.from, 'sender');
      assertShippable(request.to, 'destination');
      const trackingNumber = newTrackingNumber();
      const { labelPdf, labelPng } = await drawLabel(request, trackingNumber);
      return {
        carrier: LOCAL_CARRIER,
        service: LOCAL_SERVICE,
        trackingNumber,
        labelPdf,
        labelPng,
        providerShipmentId: null,
      };
    },
  };
}

function randomTrackingNumber(): string {
  return `AT${Array.from({ length: 20 }, () => crypto.randomInt(10)).join('')}`;
}

function assertShippable(address: PostalAddress, role: 'sender' | 'destination') {
  const required = [address.name, address.street1, address.city, address.state, address.postalCode];
  if (required.some((value) => !value.trim()))
    throw new ShippingProviderError(
      `The ${role} address needs a name, street, city, state and postal code.`,
    );
}

type Shape =
  /** `y` is the baseline, so PDF and SVG place the text alike. */
  | {
      kind: 'text';
      text: string;
      x: number;
      y: number;
      font: FontWeight;
      size: number;
      color: string;
    }
  | { kind: 'rect'; x: number; y: number; width: number; height: number; color: string }
  | { kind: 'image'; png: Buffer; x: number; y: number; width: number; height: number };

type Measure = (text: string, font: FontWeight, size: number) => number;

interface Barcode {
  png: Buffer;
  /** Its size on the label, in points. */
  width: number;
  height: number;
}

// A 4x6 inch page in points.
const PAGE = { width: 288, height: 432 };
const MARGIN = 12;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
// Thermal label printers print at 203 dpi; the PNG is drawn pixel for pixel at that resolution.
const IMAGE_DPI = 203;
const PX_PER_PT = IMAGE_DPI / 72;
const LINE_HEIGHT = 1.2;
const BLACK = '#000000';
const WHITE = '#ffffff';
const GREY = '#444444';

async function drawLabel(request: LabelRequest, trackingNumber: string) {
  const barcode = await code128(trackingNumber, CONTENT_WIDTH * PX_PER_PT, 64 * PX_PER_PT);
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: 0,
    info: { Title: `Shipping label ${trackingNumber}`, Author: LOCAL_CARRIER },
  });
  const measure: Measure = (text, font, size) =>
    useFont(doc, text, font).fontSize(size).widthOfString(text);
  const shapes = layoutLabel(request, trackingNumber, barcode, measure);
  const [labelPdf, labelPng] = await Promise.all([renderPdf(doc, shapes), renderPng(shapes)]);
  return { labelPdf, labelPng };
}

function layoutLabel(
  request: LabelRequest,
  trackingNumber: string,
  barcode: Barcode,
  measure: Measure,
): Shape[] {
  const canvas = labelCanvas(measure);
  drawSender(canvas, request);
  drawCarrierBand(canvas);
  drawDestination(canvas, request.to);
  drawTracking(canvas, trackingNumber, barcode);
  drawDetails(canvas, request.reference);
  return canvas.shapes;
}

/** Collects shapes; text is placed by its baseline and measured with the PDF's own fonts. */
function labelCanvas(measure: Measure) {
  const shapes: Shape[] = [];
  const text = (
    value: string,
    x: number,
    y: number,
    font: FontWeight,
    size: number,
    color = BLACK,
  ) => shapes.push({ kind: 'text', text: value, x, y, font, size, color });
  return {
    shapes,
    measure,
    text,
    centred: (value: string, y: number, font: FontWeight, size: number, color = BLACK) =>
      text(value, (PAGE.width - measure(value, font, size)) / 2, y, font, size, color),
    rect: (x: number, y: number, width: number, height: number, color = BLACK) =>
      shapes.push({ kind: 'rect', x, y, width, height, color }),
    rule: (y: number, thickness: number) =>
      shapes.push({ kind: 'rect', x: 0, y, width: PAGE.width, height: thickness, color: BLACK }),
    image: (png: Buffer, x: number, y: number, width: number, height: number) =>
      shapes.push({ kind: 'image', png, x, y, width, height }),
    /** Lines fitted into a box whose top left is (x, top). */
    block: (lines: string[], x: number, top: number, box: BlockBox) => {
      const fitted = fitBlock(lines, box, measure);
      fitted.lines.forEach((line, index) =>
        text(line, x, top + fitted.size * (LINE_HEIGHT * index + 0.8), box.font, fitted.size),
      );
    },
  };
}

type LabelCanvas = ReturnType<typeof labelCanvas>;

/** The sender, top left; the service's letter in a black square and the parcel, top right. */
function drawSender(canvas: LabelCanvas, { from, parcel }: LabelRequest) {
  canvas.text('FROM:', MARGIN, MARGIN + 7, 'bold', 7);
  canvas.block(addressLines(from), MARGIN, MARGIN + 11, {
    width: 180,
    height: 74,
    font: 'regular',
    maxSize: 9,
    minSize: 6,
  });

  const side = 64;
  const squareX = PAGE.width - MARGIN - side;
  canvas.rect(squareX, MARGIN, side, side);
  const letter = LOCAL_SERVICE.charAt(0);
  const letterWidth = canvas.measure(letter, 'bold', 48);
  canvas.text(letter, squareX + (side - letterWidth) / 2, MARGIN + 50, 'bold', 48, WHITE);

  const contents = `${formatWeight(parcel.weightOz)} · ${parcel.itemCount} ${pluralize(parcel.itemCount, 'ITEM')}`;
  const size = shrinkToWidth(contents, 'bold', 8, 90, canvas.measure);
  const width = canvas.measure(contents, 'bold', size);
  canvas.text(contents, PAGE.width - MARGIN - width, 92, 'bold', size);
}

function drawCarrierBand(canvas: LabelCanvas) {
  canvas.rule(100, 2);
  canvas.centred(`${LOCAL_CARRIER} ${LOCAL_SERVICE}`.toUpperCase(), 119, 'bold', 13);
  canvas.rule(128, 2);
}

/** The destination, in the largest type on the label. */
function drawDestination(canvas: LabelCanvas, to: PostalAddress) {
  canvas.text('SHIP TO:', MARGIN, 144, 'bold', 9);
  canvas.block(addressLines(to), MARGIN + 24, 152, {
    width: CONTENT_WIDTH - 24,
    height: 102,
    font: 'bold',
    maxSize: 14,
    minSize: 7,
  });
  canvas.rule(260, 2);
}

function drawTracking(canvas: LabelCanvas, trackingNumber: string, barcode: Barcode) {
  const top = 280;
  canvas.text('TRACKING #', MARGIN, 274, 'bold', 9);
  const x = (PAGE.width - barcode.width) / 2;
  canvas.image(barcode.png, x, top, barcode.width, barcode.height);
  canvas.centred(trackingNumber, top + barcode.height + 13, 'bold', 11);
  canvas.rule(376, 1);
}

/** Our reference, the service, and whose label this is. */
function drawDetails(canvas: LabelCanvas, reference: string) {
  canvas.block([`Ref: ${reference}`, `Service: ${LOCAL_SERVICE}`], MARGIN, 381, {
    width: CONTENT_WIDTH,
    height: 26,
    font: 'regular',
    maxSize: 8,
    minSize: 6,
  });
  const notice = 'Printed by the embedded label provider. Not valid for mailing.';
  const size = shrinkToWidth(notice, 'regular', 7, CONTENT_WIDTH, canvas.measure);
  canvas.centred(notice, 422, 'regular', size, GREY);
}

function addressLines(address: PostalAddress): string[] {
  const cityLine = `${address.city}, ${address.state} ${address.postalCode}`;
  return [
    address.name,
    address.company && address.company !== address.name ? address.company : null,
    address.street1,
    address.street2,
    cityLine,
    address.country === 'US' ? null : address.country,
  ].filter((line): line is string => Boolean(line?.trim()));
}

function formatWeight(weightOz: number): string {
  const ounces = Math.max(1, Math.ceil(weightOz));
  const pounds = Math.floor(ounces / 16);
  const rest = ounces % 16;
  if (pounds === 0) return `${rest} OZ`;
  return rest === 0 ? `${pounds} LB` : `${pounds} LB ${rest} OZ`;
}

interface BlockBox {
  width: number;
  height: number;
  font: FontWeight;
  maxSize: number;
  minSize: number;
}

/**
 * Wraps the lines to the box's width at the largest size whose lines all fit its height. Text
 * that is still too long at the smallest size loses the ends of its longest lines, each cut line
 * ending in an ellipsis, so the block never leaves its box and the short city line survives.
 */
function fitBlock(
  rawLines: string[],
  box: BlockBox,
  measure: Measure,
): { size: number; lines: string[] } {
  const lines = rawLines.map(printable).filter(Boolean);
  const wrapAt = (size: number) =>
    lines.map((line) => wrapLine(line, box.width, box.font, size, measure));
  for (let size = box.maxSize; size >= box.minSize; size -= 0.5) {
    const wrapped = wrapAt(size).flat();
    if (wrapped.length * size * LINE_HEIGHT <= box.height) return { size, lines: wrapped };
  }

  const size = box.minSize;
  const room = Math.max(1, Math.floor(box.height / (size * LINE_HEIGHT)));
  const groups = wrapAt(size);
  const cut = new Set<string[]>();
  for (let total = groups.flat().length; total > room; total -= 1) {
    const longest = groups.reduce((most, group) => (group.length > most.length ? group : most));
    if (longest.length === 1) break;
    longest.pop();
    cut.add(longest);
  }
  const kept = groups.length > room ? [...groups.slice(0, room - 1), ...groups.slice(-1)] : groups;
  const shortened = kept.flatMap((group) =>
    cut.has(group)
      ? [
          ...group.slice(0, -1),
          withEllipsis(group.at(-1) ?? '', box.width, box.font, size, measure),
        ]
      : group,
  );
  return { size, lines: shortened };
}

function wrapLine(line: string, width: number, font: FontWeight, size: number, measure: Measure) {
  const fits = (value: string) => measure(value, font, size) <= width;
  const lines: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = word;
    // A word wider than the box is broken wherever it must be.
    while (!fits(current)) {
      let cut = Math.max(1, current.length - 1);
      while (cut > 1 && !fits(current.slice(0, cut))) cut -= 1;
      lines.push(current.slice(0, cut));
      current = current.slice(cut);
    }
  }
  if (current) lines.push(current);
  return lines;
}

function withEllipsis(
  line: string,
  width: number,
  font: FontWeight,
  size: number,
  measure: Measure,
) {
  let kept = line;
  while (kept && measure(`${kept}…`, font, size) > width) kept = kept.slice(0, -1);
  return `${kept.trimEnd()}…`;
}

function shrinkToWidth(
  value: string,
  font: FontWeight,
  size: number,
  width: number,
  measure: Measure,
) {
  return Math.min(size, (size * width) / Math.max(1, measure(value, font, size)));
}

/**
 * A Code128 PNG with whole pixels per bar at IMAGE_DPI, as wide as fits `maxWidthPx`, with a
 * quiet zone of 10 modules baked in so that the image scans on its own.
 */
async function code128(value: string, maxWidthPx: number, heightPx: number): Promise<Barcode> {
  const options = { bcid: 'code128', text: value, paddingwidth: 10, backgroundcolor: 'FFFFFF' };
  const probe = await bwipjs.toBuffer({ ...options, scale: 1, height: 5 });
  const scaleX = Math.max(1, Math.floor(maxWidthPx / pngWidth(probe)));
  const heightMm = (heightPx / 72) * 25.4;
  const png = await bwipjs.toBuffer({ ...options, scaleX, scaleY: 1, height: heightMm });
  return { png, width: pngWidth(png) / PX_PER_PT, height: pngHeight(png) / PX_PER_PT };
}

// A PNG's IHDR chunk always comes first: width and height are at bytes 16 and 20.
const pngWidth = (png: Buffer) => png.readUInt32BE(16);
const pngHeight = (png: Buffer) => png.readUInt32BE(20);

function renderPdf(doc: PDFKit.PDFDocument, shapes: Shape[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const shape of shapes) {
    if (shape.kind === 'rect')
      doc.rect(shape.x, shape.y, shape.width, shape.height).fill(shape.color);
    else if (shape.kind === 'image')
      doc.image(shape.png, shape.x, shape.y, { width: shape.width, height: shape.height });
    else
      useFont(doc, shape.text, shape.font)
        .fontSize(shape.size)
        .fillColor(shape.color)
        .text(shape.text, shape.x, shape.y, { baseline: 'alphabetic', lineBreak: false });
  }
  doc.end();
  return done;
}

async function renderPng(shapes: Shape[]): Promise<Buffer> {
  const width = Math.round(PAGE.width * PX_PER_PT);
  const height = Math.round(PAGE.height * PX_PER_PT);
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${PAGE.width} ${PAGE.height}">`,
    `<rect width="${PAGE.width}" height="${PAGE.height}" fill="${WHITE}"/>`,
    ...shapes.map(toSvg),
    '</svg>',
  ].join('');
  // Images are composited, not embedded in the SVG, so the bars keep their exact pixels.
  const images = shapes.flatMap((shape) =>
    shape.kind === 'image'
      ? [
          {
            input: shape.png,
            left: Math.round(shape.x * PX_PER_PT),
            top: Math.round(shape.y * PX_PER_PT),
          },
        ]
      : [],
  );
  return sharp(Buffer.from(svg)).composite(images).png({ compressionLevel: 9 }).toBuffer();
}

/** Text is drawn as outlines of the PDF's own fonts, whatever fonts the machine has. */
function toSvg(shape: Shape): string {
  if (shape.kind === 'image') return '';
  if (shape.kind === 'rect')
    return `<rect x="${shape.x}" y="${shape.y}" width="${shape.width}" height="${shape.height}" fill="${shape.color}"/>`;
  const outline = textPath(shape.text, shape.font, shape.size, shape.x, shape.y);
  return `<path d="${outline}" fill="${shape.color}"/>`;
}
