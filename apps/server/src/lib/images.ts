import crypto from 'node:crypto';
import fs from 'node:fs';
import { ErrorCode } from '@atelier/contract';
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { FileStorage } from '../integrations/storage/storage.ts';
import { AppError } from './app-error.ts';

// Every image the server decodes (an upload, a signature, a ship list's photos) is a different
// one, so libvips' cache of operations and open files would only hold memory and, for an upload
// read from its scratch file, the file after it is deleted. Process-wide, hence set here once.
sharp.cache(false);

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif' | 'image/avif';

const TYPE_NAMES: Record<ImageType, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'image/avif': 'AVIF',
};

const ascii = (bytes: Buffer, start: number, end: number) =>
  bytes.subarray(start, end).toString('latin1');

function isAvif(bytes: Buffer): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length);
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(ascii(bytes, at, at + 4));
  return brands.includes('avif') || brands.includes('avis');
}

/**
 * What the bytes are, read from their signature: a file's name and the type its sender declares
 * are never trusted. Only the formats an upload may be are recognised, so nothing else (SVG,
 * TIFF, PDF …) ever reaches a decoder.
 */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')))
    return 'image/png';
  if (['GIF87a', 'GIF89a'].includes(ascii(bytes, 0, 6))) return 'image/gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP')
    return 'image/webp';
  if (isAvif(bytes)) return 'image/avif';
  return null;
}

/** The type sharp decoded, so that a forged signature on other data is caught too. */
function decodedType(metadata: Metadata): ImageType | null {
  switch (metadata.format) {
    case 'jpeg':
      return 'image/jpeg';
    case 'png':
      return 'image/png';
    case 'webp':
      return 'image/webp';
    case 'gif':
      return 'image/gif';
    case 'heif':
      return metadata.compression === 'av1' ? 'image/avif' : null;
    default:
      return null;
  }
}

export interface ImageRules {
  /** The form field the image came in, which errors are reported under. */
  field: string;
  types: readonly ImageType[];
  maxPixels: number;
  /** Longest side of the re-encoded image; smaller images are not enlarged. */
  maxSide: number;
  /** Side of the square thumbnail, cropped to cover. */
  thumbnailSide: number;
}

export interface EncodedImage {
  data: Buffer;
  contentType: 'image/webp';
  extension: 'webp';
  width: number;
  height: number;
}

export interface PreparedImage {
  /** What the upload really was. */
  sourceType: ImageType;
  image: EncodedImage;
  thumbnail: EncodedImage;
}

function rejected(rules: ImageRules, status: 400 | 415, message: string) {
  const code = status === 415 ? ErrorCode.unsupportedMediaType : ErrorCode.badRequest;
  return new AppError(code, message, status, { [rules.field]: [message] });
}

function unsupported(rules: ImageRules) {
  const names = rules.types.map((type) => TYPE_NAMES[type]);
  const list = `${names.slice(0, -1).join(', ')}${names.length > 1 ? ' or ' : ''}${names.at(-1)}`;
  return rejected(rules, 415, `This file is not a supported image. Choose a ${list} image.`);
}

function tooManyPixels(rules: ImageRules) {
  const megapixels = Math.floor(rules.maxPixels / 1_000_000);
  return rejected(
    rules,
    400,
    `This image has too many pixels. Keep it under ${megapixels} megapixels.`,
  );
}

async function encode(pipeline: Sharp): Promise<EncodedImage> {
  const { data, info } = await pipeline.webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
  return {
    data,
    contentType: 'image/webp',
    extension: 'webp',
    width: info.width,
    height: info.height,
  };
}

/** The first bytes of a file, enough for `sniffImageType`. */
async function headOf(file: string): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Checks an uploaded image and re-encodes it as WebP: turned upright by its EXIF orientation,
 * at most `maxSide` on its longest side, with a square thumbnail. Re-encoding drops every bit of
 * metadata (EXIF, GPS position, comments). `source` is the image's bytes or the path of a file
 * holding them (an upload, which is then read from disk as it is decoded, never whole in
 * memory). Throws an AppError under `rules.field`: 415 for anything that is not one of
 * `rules.types`, 400 for too many pixels.
 */
export async function prepareImage(
  source: Buffer | string,
  rules: ImageRules,
): Promise<PreparedImage> {
  const sniffed = sniffImageType(typeof source === 'string' ? await headOf(source) : source);
  if (!sniffed || !rules.types.includes(sniffed)) throw unsupported(rules);

  let metadata: Metadata;
  try {
    // Reads the header only, so the size can be checked before any pixel is decoded.
    metadata = await sharp(source, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupported(rules);
  }
  if (decodedType(metadata) !== sniffed) throw unsupported(rules);
  const pixels = (metadata.width ?? 0) * (metadata.pageHeight ?? metadata.height ?? 0);
  if (pixels > rules.maxPixels) throw tooManyPixels(rules);

  const open = () =>
    sharp(source, { limitInputPixels: rules.maxPixels, failOn: 'error' }).autoOrient();

  try {
    const [image, thumbnail] = await Promise.all([
      encode(
        open().resize({
          width: rules.maxSide,
          height: rules.maxSide,
          fit: 'inside',
          withoutEnlargement: true,
        }),
      ),
      encode(
        open().resize({ width: rules.thumbnailSide, height: rules.thumbnailSide, fit: 'cover' }),
      ),
    ]);
    return { sourceType: sniffed, image, thumbnail };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels(rules);
    // The header read well but the picture does not decode: a damaged or disguised file.
    throw rejected(rules, 415, 'This image could not be read. It may be damaged; try another.');
  }
}

/** Stores a prepared image and its thumbnail under one fresh random name in `folder`. */
export async function storePreparedImage(
  storage: Pick<FileStorage, 'put'>,
  folder: string,
  { image, thumbnail }: Pick<PreparedImage, 'image' | 'thumbnail'>,
): Promise<{ imageKey: string; thumbnailKey: string }> {
  const name = crypto.randomUUID();
  const imageKey = `${folder}/${name}.${image.extension}`;
  const thumbnailKey = `${folder}/${name}-thumb.${thumbnail.extension}`;
  await storage.put(imageKey, image.data, image.contentType);
  await storage.put(thumbnailKey, thumbnail.data, thumbnail.contentType);
  return { imageKey, thumbnailKey };
}
