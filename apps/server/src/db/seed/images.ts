import sharp from 'sharp';

export interface RenderedImage {
  body: Buffer;
  width: number;
  height: number;
}

/** Renders at the target size (librsvg draws vectors at any density), so a thumbnail costs a fraction of a full image. */
export async function renderJpeg(
  svg: string,
  width: number,
  height: number,
  drawnWidth = width,
): Promise<RenderedImage> {
  const body = await sharp(Buffer.from(svg), { density: (72 * width) / drawnWidth })
    .resize(width, height)
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { body, width, height };
}

export async function renderPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
