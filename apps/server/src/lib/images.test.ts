import { PROFILE_IMAGE_TYPES } from '@atelier/contract';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { pngClaiming, sidewaysJpegWithExif, solidImage } from '../test/images.ts';
import { AppError } from './app-error.ts';
import { prepareImage, sniffImageType, type ImageRules } from './images.ts';

const rules: ImageRules = {
  field: 'image',
  types: PROFILE_IMAGE_TYPES,
  maxPixels: 40_000_000,
  maxSide: 1024,
  thumbnailSide: 256,
};

async function rejection(bytes: Buffer, custom: Partial<ImageRules> = {}) {
  try {
    await prepareImage(bytes, { ...rules, ...custom });
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, errors: error.errors };
    throw error;
  }
  throw new Error('the image was accepted');
}

describe('image type sniffing', () => {
  test('recognises the accepted formats by their bytes', async () => {
    expect(sniffImageType(await sidewaysJpegWithExif())).toBe('image/jpeg');
    expect(sniffImageType(await solidImage('png'))).toBe('image/png');
    expect(sniffImageType(await solidImage('gif'))).toBe('image/gif');
    expect(sniffImageType(await solidImage('webp'))).toBe('image/webp');
    expect(sniffImageType(await solidImage('avif'))).toBe('image/avif');
  });

  test('anything else is not an image it accepts', async () => {
    expect(sniffImageType(Buffer.from('just some text'))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(await solidImage('tiff'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('preparing an uploaded image', () => {
  test('turns it upright, drops its metadata and makes a square thumbnail', async () => {
    const source = await sidewaysJpegWithExif();
    expect((await sharp(source).metadata()).exif?.toString('latin1')).toContain('Secret Studio');

    const { sourceType, image, thumbnail } = await prepareImage(source, rules);
    expect(sourceType).toBe('image/jpeg');
    for (const output of [image, thumbnail]) {
      const metadata = await sharp(output.data).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(output.data.toString('latin1')).not.toContain('Secret Studio');
    }
    expect([image.width, image.height]).toEqual([300, 600]);
    expect([thumbnail.width, thumbnail.height]).toEqual([256, 256]);
  });

  test('shrinks a large image to the longest side, never enlarges a small one', async () => {
    const large = await prepareImage(await solidImage('png', 3000, 1500), rules);
    expect([large.image.width, large.image.height]).toEqual([1024, 512]);
    const small = await prepareImage(await solidImage('gif', 40, 20), rules);
    expect([small.image.width, small.image.height]).toEqual([40, 20]);
    expect([small.thumbnail.width, small.thumbnail.height]).toEqual([256, 256]);
  });

  test('refuses what is not an accepted image with 415 under the field', async () => {
    for (const bytes of [
      Buffer.from('just some text'),
      await solidImage('tiff'),
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('not really a jpeg')]),
    ]) {
      const { status, errors } = await rejection(bytes);
      expect(status).toBe(415);
      expect(Object.keys(errors ?? {})).toEqual(['image']);
    }
  });

  test('refuses a format the rules leave out', async () => {
    const { status } = await rejection(await solidImage('png'), { types: ['image/jpeg'] });
    expect(status).toBe(415);
  });

  test('refuses too many pixels with 400, reading only the header', async () => {
    const { status, errors } = await rejection(pngClaiming(10_000, 10_000));
    expect(status).toBe(400);
    expect(errors?.image?.[0]).toMatch(/too many pixels/);
  });
});
