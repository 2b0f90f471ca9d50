import crypto from 'node:crypto';
import { ErrorCode, SIGNATURE_DATA_URL_PREFIX, SIGNATURE_MAX_BYTES } from '@atelier/contract';
import sharp from 'sharp';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { AppError } from '../../lib/app-error.ts';
import { sniffImageType } from '../../lib/images.ts';

/** The pad is 550x300; a phone at 4x pixel density draws 2200x1200. A PNG claiming more is a bomb. */
const SIGNATURE_MAX_PIXELS = 2400 * 1600;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const NOT_A_PNG = 'The signature is not a PNG image. Please sign again.';
const TOO_LARGE = 'The signature image is too large. Please clear it and sign again.';

function invalid(message: string) {
  return new AppError(ErrorCode.badRequest, message, 400, { signature: [message] });
}

/**
 * Turns the signature pad's data URL into a clean PNG: the bytes must really be a PNG within
 * SIGNATURE_MAX_BYTES, and re-encoding drops every chunk but the pixels (text, EXIF, ICC).
 */
export async function prepareSignature(dataUrl: string): Promise<Buffer> {
  if (!dataUrl.startsWith(SIGNATURE_DATA_URL_PREFIX)) throw invalid(NOT_A_PNG);
  const base64 = dataUrl.slice(SIGNATURE_DATA_URL_PREFIX.length);
  if (base64.length === 0 || !BASE64.test(base64)) throw invalid(NOT_A_PNG);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > SIGNATURE_MAX_BYTES) throw invalid(TOO_LARGE);
  if (sniffImageType(bytes) !== 'image/png') throw invalid(NOT_A_PNG);
  try {
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (metadata.format !== 'png') throw invalid(NOT_A_PNG);
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > SIGNATURE_MAX_PIXELS) {
      throw invalid(TOO_LARGE);
    }
    return await sharp(bytes, { limitInputPixels: SIGNATURE_MAX_PIXELS, failOn: 'error' })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The header read as a PNG but the pixels do not decode: damaged or disguised.
    throw invalid(NOT_A_PNG);
  }
}

/** Stores a prepared signature under a fresh random name; returns its key. */
export async function storeSignature(
  storage: Pick<FileStorage, 'put'>,
  png: Buffer,
): Promise<string> {
  const key = `signatures/${crypto.randomUUID()}.png`;
  await storage.put(key, png, 'image/png');
  return key;
}
