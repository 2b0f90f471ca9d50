import zlib from 'node:zlib';
import sharp from 'sharp';

/**
 * A 600x300 JPEG stored sideways (EXIF orientation 6, so it shows 300x600) that carries a
 * copyright and a GPS position, as phone photos do.
 */
export function sidewaysJpegWithExif() {
  return sharp({ create: { width: 600, height: 300, channels: 3, background: '#b33' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Copyright: 'Secret Studio' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 44/1 0/1' },
    })
    .toBuffer();
}

export function solidImage(
  format: 'png' | 'gif' | 'webp' | 'avif' | 'tiff',
  width = 64,
  height = 32,
) {
  return sharp({ create: { width, height, channels: 4, background: '#3a6' } })
    .toFormat(format)
    .toBuffer();
}

/** One PNG chunk (length, type, data, CRC), to build PNGs byte by byte. */
export function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small PNG whose header claims width x height pixels: a decompression bomb's calling card. */
export function pngClaiming(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(16))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
