import sharp from 'sharp';

/** Twice the 72 px the layout shows it at, for sharp screens. */
const SIDE = 144;

/**
 * A stored picture as an email shows it inline: a small JPEG, which every mail app displays
 * (storage keeps WebP, which Outlook does not).
 */
export function inlineImage(image: Buffer): Promise<Buffer> {
  return sharp(image)
    .resize(SIDE, SIDE, { fit: 'cover' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80 })
    .toBuffer();
}
