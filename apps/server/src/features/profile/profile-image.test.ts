import {
  AccountDocumentSchema,
  ClientDocumentSchema,
  ErrorBodySchema,
  PROFILE_IMAGE_MAX_BYTES,
  ProfileImageResponseSchema,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import type { App } from '../../app.ts';
import { clients, stylists } from '../../db/schema.ts';
import { insertClients } from '../../test/fixtures.ts';
import { pngClaiming, sidewaysJpegWithExif } from '../../test/images.ts';
import { buildTestApp, createTestAccount, tokenFor } from '../../test/test-app.ts';

let app: App;
let stylist: Awaited<ReturnType<typeof createTestAccount>>;
let token: string;
let otherToken: string;
let ownClient: { id: number; userId: string };
let foreignClient: { id: number; userId: string };
let photo: Buffer;
let stored: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  app = await buildTestApp();
  stylist = await createTestAccount(app);
  const other = await createTestAccount(app);
  token = await tokenFor(app, stylist.email);
  otherToken = await tokenFor(app, other.email);
  ownClient = (
    await insertClients(app.database.db, stylist.stylistId!, [
      { firstName: 'Own', lastName: 'Client' },
    ])
  )[0]!;
  foreignClient = (
    await insertClients(app.database.db, other.stylistId!, [
      { firstName: 'Their', lastName: 'Client' },
    ])
  )[0]!;
  photo = await sidewaysJpegWithExif();
  stored = vi.spyOn(app.storage, 'put');
});
beforeEach(() => {
  stored.mockClear();
});
afterAll(() => app.close());

type Part = [name: string, value: string | { bytes: Buffer; filename: string; type: string }];

function upload(parts: Part[], bearer = token) {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.bytes], { type: value.type }), value.filename);
  }
  return app.inject({
    method: 'POST',
    url: '/api/stylist/upload-profile-image',
    headers: { authorization: `Bearer ${bearer}` },
    payload: form,
  });
}

const jpegPart = (bytes = photo): Part[1] => ({
  bytes,
  filename: 'photo.jpg',
  type: 'image/jpeg',
});

async function fetchStored(url: string) {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

const thumbnailOfClient = async (id: number) =>
  (await app.database.db.select().from(clients).where(eq(clients.id, id)))[0]!.thumbnailUrl;

describe('profile photos', () => {
  test("a client's photo is stored upright without EXIF, with a 256 px square thumbnail", async () => {
    const response = await upload([
      ['userId', ownClient.userId],
      ['file', jpegPart()],
    ]);
    expect(response.statusCode).toBe(200);
    const body = ProfileImageResponseSchema.parse(response.json());

    const image = await fetchStored(body.imageUrl);
    const thumbnail = await fetchStored(body.thumbnailUrl);
    for (const bytes of [image, thumbnail]) {
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif).toBeUndefined();
      expect(bytes.toString('latin1')).not.toContain('Secret Studio');
    }
    const imageMetadata = await sharp(image).metadata();
    expect([imageMetadata.width, imageMetadata.height]).toEqual([300, 600]);
    const thumbnailMetadata = await sharp(thumbnail).metadata();
    expect([thumbnailMetadata.width, thumbnailMetadata.height]).toEqual([256, 256]);

    const client = await app.inject({
      method: 'GET',
      url: `/api/stylist/clients/${ownClient.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ClientDocumentSchema.parse(client.json()).data.attributes.thumbnailUrl).toBe(
      body.thumbnailUrl,
    );
  });

  test("the stylist's own account id sets the stylist's photo, in either field order", async () => {
    const response = await upload([
      ['file', jpegPart()],
      ['userId', stylist.userId],
    ]);
    expect(response.statusCode).toBe(200);
    const body = ProfileImageResponseSchema.parse(response.json());
    const account = await app.inject({
      method: 'GET',
      url: '/api/account?include=stylist',
      headers: { authorization: `Bearer ${token}` },
    });
    const document = AccountDocumentSchema.parse(account.json());
    expect(document.data.attributes.thumbnailUrl).toBe(body.thumbnailUrl);
    expect(document.included[0]?.attributes.thumbnailUrl).toBe(body.thumbnailUrl);
  });

  test("another stylist's client, or any other account, answers 404 and nothing is stored", async () => {
    const before = await thumbnailOfClient(foreignClient.id);
    for (const [userId, bearer] of [
      [foreignClient.userId, token],
      [ownClient.userId, otherToken],
      [stylist.userId, otherToken],
      ['no-such-account', token],
    ]) {
      const response = await upload(
        [
          ['userId', userId!],
          ['file', jpegPart()],
        ],
        bearer,
      );
      expect(response.statusCode).toBe(404);
      expect(ErrorBodySchema.parse(response.json())).toMatchObject({
        code: 'NOT_FOUND',
        errors: { userId: [expect.any(String)] },
      });
    }
    expect(stored).not.toHaveBeenCalled();
    expect(await thumbnailOfClient(foreignClient.id)).toBe(before);
  });

  test('a text file named .jpg answers 415 under file and nothing is stored', async () => {
    const before = await thumbnailOfClient(ownClient.id);
    const response = await upload([
      ['userId', ownClient.userId],
      [
        'file',
        { bytes: Buffer.from('not a photo at all'), filename: 'photo.jpg', type: 'image/jpeg' },
      ],
    ]);
    expect(response.statusCode).toBe(415);
    expect(ErrorBodySchema.parse(response.json())).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      errors: { file: [expect.stringMatching(/not a supported image/)] },
    });
    expect(stored).not.toHaveBeenCalled();
    expect(await thumbnailOfClient(ownClient.id)).toBe(before);
  });

  test('a file over the size limit answers 413 under file and nothing is stored', async () => {
    const big = Buffer.concat([photo, Buffer.alloc(PROFILE_IMAGE_MAX_BYTES + 1 - photo.length)]);
    const response = await upload([
      ['userId', ownClient.userId],
      ['file', jpegPart(big)],
    ]);
    expect(response.statusCode).toBe(413);
    expect(ErrorBodySchema.parse(response.json())).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      errors: { file: [expect.stringMatching(/too large/)] },
    });
    expect(stored).not.toHaveBeenCalled();
  });

  test('an image of too many pixels answers 400 under file', async () => {
    const response = await upload([
      ['userId', ownClient.userId],
      ['file', { bytes: pngClaiming(8000, 6000), filename: 'huge.png', type: 'image/png' }],
    ]);
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json()).errors?.file?.[0]).toMatch(/too many pixels/);
    expect(stored).not.toHaveBeenCalled();
  });

  test('a missing file or userId answers 400 naming what is missing', async () => {
    const noFile = await upload([['userId', ownClient.userId]]);
    expect(noFile.statusCode).toBe(400);
    expect(Object.keys(ErrorBodySchema.parse(noFile.json()).errors ?? {})).toEqual(['file']);

    const noUser = await upload([['file', jpegPart()]]);
    expect(noUser.statusCode).toBe(400);
    expect(Object.keys(ErrorBodySchema.parse(noUser.json()).errors ?? {})).toEqual(['userId']);

    const empty = await upload([
      ['userId', ownClient.userId],
      ['file', jpegPart(Buffer.alloc(0))],
    ]);
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(ErrorBodySchema.parse(empty.json()).errors ?? {})).toEqual(['file']);
    expect(stored).not.toHaveBeenCalled();
  });

  test('two files, or a stray field, answer 400', async () => {
    const twoFiles = await upload([
      ['userId', ownClient.userId],
      ['file', jpegPart()],
      ['file', jpegPart()],
    ]);
    expect(twoFiles.statusCode).toBe(400);
    expect(ErrorBodySchema.safeParse(twoFiles.json()).success).toBe(true);

    const stray = await upload([
      ['userId', ownClient.userId],
      ['role', 'admin'],
      ['file', jpegPart()],
    ]);
    expect(stray.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(stray.json()).errors).toEqual({ role: ['Unknown field'] });
    expect(stored).not.toHaveBeenCalled();
  });

  test('a body that is not multipart answers 415, a broken one 400, never 500', async () => {
    const json = await app.inject({
      method: 'POST',
      url: '/api/stylist/upload-profile-image',
      headers: { authorization: `Bearer ${token}` },
      payload: { userId: ownClient.userId, file: 'aGVsbG8=' },
    });
    expect(json.statusCode).toBe(415);
    expect(ErrorBodySchema.parse(json.json()).code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const noBoundary = await app.inject({
      method: 'POST',
      url: '/api/stylist/upload-profile-image',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data' },
      payload: 'whatever',
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(ErrorBodySchema.safeParse(noBoundary.json()).success).toBe(true);

    const truncated = await app.inject({
      method: 'POST',
      url: '/api/stylist/upload-profile-image',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'multipart/form-data; boundary=XyZ',
      },
      payload: '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc',
    });
    expect(truncated.statusCode).toBe(400);
    expect(ErrorBodySchema.safeParse(truncated.json()).success).toBe(true);
    expect(stored).not.toHaveBeenCalled();
  });

  test('the stylist row keeps its photo when an upload fails', async () => {
    const [before] = await app.database.db
      .select({ thumbnailUrl: stylists.thumbnailUrl })
      .from(stylists)
      .where(eq(stylists.id, stylist.stylistId!));
    await upload([
      ['userId', stylist.userId],
      ['file', { bytes: Buffer.from('GIF89a nope'), filename: 'a.gif', type: 'image/gif' }],
    ]);
    const [after] = await app.database.db
      .select({ thumbnailUrl: stylists.thumbnailUrl })
      .from(stylists)
      .where(eq(stylists.id, stylist.stylistId!));
    expect(after).toEqual(before);
  });
});
