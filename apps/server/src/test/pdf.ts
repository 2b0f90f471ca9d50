import {
  BinaryBitmap,
  BitArray,
  Code128Reader,
  HybridBinarizer,
  RGBLuminanceSource,
} from '@zxing/library';
import { getDocument, ImageKind, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';

/**
 * Reading the PDFs and images the server makes, as a person or a scanner would: the text on the
 * pages, the page sizes, and every Code128 barcode decoded from the pixels of the images.
 */

/** A decoded image as pdf.js hands it over after painting a page's operator list. */
interface PdfImage {
  width: number;
  height: number;
  kind: number;
  data: Uint8Array | Uint8ClampedArray;
}

async function withPdf<T>(pdf: Buffer, read: (document: PDFDocumentProxy) => Promise<T>) {
  // pdf.js takes ownership of the bytes it is given, so it gets a copy.
  const task = getDocument({
    data: new Uint8Array(pdf),
    verbosity: 0,
    isEvalSupported: false,
    isOffscreenCanvasSupported: false,
  });
  const document = await task.promise;
  try {
    return await read(document);
  } finally {
    await task.destroy();
  }
}

async function eachPage<T>(document: PDFDocumentProxy, read: (page: PDFPageProxy) => Promise<T>) {
  const results: T[] = [];
  for (let number = 1; number <= document.numPages; number += 1)
    results.push(await read(await document.getPage(number)));
  return results;
}

/** Every page's text, pages separated by a form feed, lines by a newline. */
export function pdfText(pdf: Buffer): Promise<string> {
  return withPdf(pdf, async (document) => {
    const pages = await eachPage(document, async (page) => {
      const { items } = await page.getTextContent();
      return items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
        .join('');
    });
    return pages.join('\f');
  });
}

/** Each page's size in points (a 4x6 inch label is 288 x 432). */
export function pdfPageSizes(pdf: Buffer): Promise<{ width: number; height: number }[]> {
  return withPdf(pdf, (document) =>
    eachPage(document, async (page) => {
      const { width, height } = page.getViewport({ scale: 1 });
      return { width, height };
    }),
  );
}

/** Text items with their position and width in points, origin at the page's bottom left. */
export function pdfTextBoxes(
  pdf: Buffer,
): Promise<{ page: number; text: string; x: number; y: number; width: number }[]> {
  return withPdf(pdf, async (document) => {
    const pages = await eachPage(document, async (page) => {
      const { items } = await page.getTextContent();
      return items.flatMap((item) =>
        'str' in item && item.str.trim()
          ? [
              {
                page: page.pageNumber,
                text: item.str,
                x: item.transform[4] as number,
                y: item.transform[5] as number,
                width: item.width,
              },
            ]
          : [],
      );
    });
    return pages.flat();
  });
}

/**
 * The texts of the Code128 barcodes in the PDF's images, in page and drawing order. Each image
 * painted on a page is taken from pdf.js's decoded objects and scanned on its own.
 */
export function pdfBarcodes(pdf: Buffer): Promise<string[]> {
  return withPdf(pdf, async (document) => {
    const pages = await eachPage(document, async (page) => {
      const { fnArray, argsArray } = await page.getOperatorList();
      const found: string[] = [];
      for (const [index, op] of fnArray.entries()) {
        if (op !== OPS.paintImageXObject) continue;
        const name = (argsArray[index] as [string])[0];
        // Images used on several pages live in the document's common objects ("g_" ids).
        const objects = name.startsWith('g_') ? page.commonObjs : page.objs;
        const image = await new Promise<PdfImage>((resolve) => objects.get(name, resolve));
        found.push(...decodeCode128(toLuminance(image), image.width, image.height));
      }
      return found;
    });
    return pages.flat();
  });
}

/** The texts of the Code128 barcodes in a PNG (or any image sharp reads), top to bottom. */
export async function pngBarcodes(png: Buffer): Promise<string[]> {
  const { data, info } = await sharp(png)
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const luminance = new Uint8ClampedArray(info.width * info.height);
  for (let pixel = 0; pixel < luminance.length; pixel += 1)
    luminance[pixel] = greyOf(data, pixel * info.channels);
  return decodeCode128(luminance, info.width, info.height);
}

// zxing's own weighting: green counts twice.
const greyOf = (rgb: Uint8Array | Uint8ClampedArray, at: number) =>
  (rgb[at]! + 2 * rgb[at + 1]! + rgb[at + 2]!) >> 2;

function toLuminance({ width, height, kind, data }: PdfImage): Uint8ClampedArray {
  const luminance = new Uint8ClampedArray(width * height);
  if (kind === ImageKind.GRAYSCALE_1BPP) {
    // One bit per pixel, each row padded to whole bytes; a set bit is white.
    const rowBytes = Math.ceil(width / 8);
    for (let y = 0; y < height; y += 1)
      for (let x = 0; x < width; x += 1) {
        const bit = (data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1;
        luminance[y * width + x] = bit ? 255 : 0;
      }
    return luminance;
  }
  const channels = kind === ImageKind.RGBA_32BPP ? 4 : 3;
  for (let pixel = 0; pixel < luminance.length; pixel += 1)
    luminance[pixel] = greyOf(data, pixel * channels);
  return luminance;
}

/**
 * Reads every pixel row as a scanner line would and keeps the texts that at least two rows
 * agree on: a barcode is many rows tall, and the check digit already makes a misread rare.
 * Several barcodes in one image come out in the order of their first row.
 */
function decodeCode128(luminance: Uint8ClampedArray, width: number, height: number): string[] {
  const bitmap = new BinaryBitmap(
    new HybridBinarizer(new RGBLuminanceSource(luminance, width, height)),
  );
  const reader = new Code128Reader();
  const rowsPerText = new Map<string, number>();
  const row = new BitArray(width);
  for (let y = 0; y < height; y += 1) {
    const text = readRow(bitmap, reader, y, row);
    if (text !== null) rowsPerText.set(text, (rowsPerText.get(text) ?? 0) + 1);
  }
  return [...rowsPerText].filter(([, rows]) => rows >= 2).map(([text]) => text);
}

function readRow(bitmap: BinaryBitmap, reader: Code128Reader, y: number, row: BitArray) {
  try {
    return reader.decodeRow(y, bitmap.getBlackRow(y, row), NO_HINTS).getText();
  } catch {
    // zxing throws for rows without a barcode, blank rows included (NotFound, Checksum, Format).
    return null;
  }
}

const NO_HINTS = new Map();
