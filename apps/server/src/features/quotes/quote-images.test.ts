import { ErrorBodySchema, QUOTE_IMAGE_MAX_BYTES, UploadedImageSchema } from '@atelier/contract';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { images } from '../../db/schema.ts';
import { keyOfSignedLink, signedLinkTo } from '../../test/signed-link-matchers.ts';
import { pngClaiming, solidImage } from '../../test/images.ts';
import { buildQuoteWorld, type QuoteWorld } from './testing.ts';

let world: QuoteWorld;
let stored: ReturnType<typeof vi.spyOn>;
let png: Buffer;

beforeAll(async () => {
  world = await buildQuoteWorld();
  stored = vi.spyOn(world.app.storage, 'put');
  png = await solidImage('png', 64, 32);
});
beforeEach(() => {
  stored.mockClear();
});
afterAll(() => world.app.close());

interface FilePart {
  bytes: Buffer;
  filename: string;
  type: string;
}

function upload(parts: [name: string, value: string | FilePart][], token = world.tokens.stylist) {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.bytes], { type: value.type }), value.filename);
  }
  return world.app.inject({
    method: 'POST',
    url: '/api/stylist/white-glove-quotes/images',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: form,
  });
}

const pngPart = (bytes: Buffer = png): FilePart => ({
  bytes,
  filename: 'bag.png',
  type: 'image/png',
});

const imageRows = async () => (await world.db.select({ n: count() }).from(images))[0]!.n;

async function fetchStored(url: string) {
  const response = await world.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

describe('uploading a photo for a quote', () => {
  test('stores a WebP photo and a 400 px square thumbnail, on no quote yet', async () => {
    const response = await upload([['image', pngPart()]]);
    expect(response.statusCode).toBe(201);
    const body = UploadedImageSchema.parse(response.json());
    expect(body.url).toMatch(signedLinkTo('quote-images/[\\w-]+\\.webp'));
    expect(body.thumbnailUrl).toMatch(signedLinkTo('quote-images/[\\w-]+-thumb\\.webp'));

    expect(await sharp(await fetchStored(body.url)).metadata()).toMatchObject({
      format: 'webp',
      width: 64,
      height: 32,
    });
    expect(await sharp(await fetchStored(body.thumbnailUrl)).metadata()).toMatchObject({
      format: 'webp',
      width: 400,
      height: 400,
    });
    const [row] = await world.db.select().from(images).where(eq(images.id, body.id));
    expect(row).toMatchObject({
      stylistId: world.stylist.stylistId,
      quoteId: null,
      contentType: 'image/webp',
      width: 64,
      height: 32,
      storageKey: keyOfSignedLink(body.url),
      thumbnailKey: keyOfSignedLink(body.thumbnailUrl),
    });
    expect(row!.bytes).toBeGreaterThan(0);
  });

  test('a large photo is scaled down to 2048 px on its longest side', async () => {
    const big = await solidImage('png', 3000, 1500);
    const response = await upload([['image', pngPart(big)]]);
    expect(response.statusCode).toBe(201);
    const [row] = await world.db
      .select()
      .from(images)
      .where(eq(images.id, UploadedImageSchema.parse(response.json()).id));
    expect([row!.width, row!.height]).toEqual([2048, 1024]);
  });

  test('a photo just under the quote limit is taken, though it is above the profile photo limit', async () => {
    const jpeg = await sharp({
      create: { width: 40, height: 40, channels: 3, background: '#345' },
    })
      .jpeg()
      .toBuffer();
    // Bytes after a JPEG's end marker are ignored by decoders; they only make the file large.
    const padded = Buffer.concat([jpeg, Buffer.alloc(QUOTE_IMAGE_MAX_BYTES - 1 - jpeg.length)]);
    const response = await upload([
      ['image', { bytes: padded, filename: 'big.jpg', type: 'image/jpeg' }],
    ]);
    expect(response.statusCode, response.body).toBe(201);
  });

  const refused: [what: string, part: () => Promise<FilePart>, status: number, message: RegExp][] =
    [
      [
        'an HTML page named .jpg',
        async () => ({
          bytes: Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
          filename: 'bag.jpg',
          type: 'image/jpeg',
        }),
        415,
        /not a supported image/,
      ],
      [
        'an SVG',
        async () => ({
          bytes: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
          ),
          filename: 'bag.svg',
          type: 'image/svg+xml',
        }),
        415,
        /not a supported image/,
      ],
      [
        'a PNG of 400 megapixels',
        async () => pngPart(pngClaiming(20_000, 20_000)),
        400,
        /too many pixels/,
      ],
      [
        'a file one byte over the limit',
        async () =>
          pngPart(Buffer.concat([png, Buffer.alloc(QUOTE_IMAGE_MAX_BYTES + 1 - png.length)])),
        413,
        /too large/,
      ],
      ['an empty file', async () => pngPart(Buffer.alloc(0)), 400, /Choose a photo/],
    ];

  test.each(refused)(
    '%s is refused under image and nothing is stored',
    async (_, part, status, message) => {
      const before = await imageRows();
      const response = await upload([['image', await part()]]);
      expect(response.statusCode).toBe(status);
      const body = ErrorBodySchema.parse(response.json());
      expect(body.errors?.image?.[0]).toMatch(message);
      expect(stored).not.toHaveBeenCalled();
      expect(await imageRows()).toBe(before);
    },
  );

  test('a form without the image, or with a stray field, answers 400 and stores nothing', async () => {
    const before = await imageRows();
    const missing = await upload([]);
    expect(missing.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(missing.json()).errors).toEqual({
      image: ['Choose a photo to upload'],
    });

    const wrongName = await upload([['file', pngPart()]]);
    expect(wrongName.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(wrongName.json()).errors).toEqual({ file: ['Unknown field'] });

    const stray = await upload([
      ['quoteId', '1'],
      ['image', pngPart()],
    ]);
    expect(stray.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(stray.json()).errors).toEqual({ quoteId: ['Unknown field'] });

    const json = await world.call(
      world.tokens.stylist,
      'POST',
      '/api/stylist/white-glove-quotes/images',
      {
        image: 'aGVsbG8=',
      },
    );
    expect(json.statusCode).toBe(415);
    expect(ErrorBodySchema.parse(json.json()).code).toBe('UNSUPPORTED_MEDIA_TYPE');

    expect(stored).not.toHaveBeenCalled();
    expect(await imageRows()).toBe(before);
  });

  test('only a signed-in stylist may upload', async () => {
    const before = await imageRows();
    const anonymous = await upload([['image', pngPart()]], '');
    expect(anonymous.statusCode).toBe(401);
    expect(ErrorBodySchema.parse(anonymous.json()).code).toBe('UNAUTHORIZED');
    const admin = await upload([['image', pngPart()]], world.tokens.admin);
    expect(admin.statusCode).toBe(403);
    expect(ErrorBodySchema.parse(admin.json()).code).toBe('FORBIDDEN');
    expect(stored).not.toHaveBeenCalled();
    expect(await imageRows()).toBe(before);
  });
});
