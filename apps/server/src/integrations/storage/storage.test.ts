import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorBodySchema } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../config.ts';
import { startS3 } from '../../test/s3.ts';
import { buildTestApp } from '../../test/test-app.ts';
import type { App } from '../../app.ts';
import { createFileLinks } from './signed-file-links.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { ObjectStore } from './storage.ts';

const pdf = Buffer.from('%PDF-1.7\nnot much of a label\n%%EOF\n');
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

let s3: Awaited<ReturnType<typeof startS3>>;
const folders: string[] = [];
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.stop();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

const adapters: [string, () => ObjectStore | Promise<ObjectStore>][] = [
  [
    'the local folder',
    () => {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-files-'));
      folders.push(folder);
      return createLocalStorage(folder);
    },
  ],
  [
    'an S3-compatible bucket',
    () => {
      const storage = loadConfig({ ...s3.env, DATA_DIR: os.tmpdir() }).storage;
      return createS3Storage(storage.s3!);
    },
  ],
];

describe.each(adapters)('file storage in %s', (_name, open) => {
  test('gives back what was put, with its type, under nested keys', async () => {
    const store = await open();
    await store.put('labels/2026/abc-123.pdf', pdf, 'application/pdf');
    await store.put('signatures/s-1.png', png, 'image/png');
    expect(await store.get('labels/2026/abc-123.pdf')).toEqual({
      body: pdf,
      contentType: 'application/pdf',
    });
    expect(await store.get('signatures/s-1.png')).toEqual({ body: png, contentType: 'image/png' });
  });

  test('a second put under one key replaces the file', async () => {
    const store = await open();
    await store.put('shiplists/one.pdf', pdf, 'application/pdf');
    const newer = Buffer.concat([pdf, Buffer.from('% revised\n')]);
    await store.put('shiplists/one.pdf', newer, 'application/pdf');
    expect((await store.get('shiplists/one.pdf'))?.body).toEqual(newer);
  });

  test('an unknown key is null; a key that could escape its folder is refused', async () => {
    const store = await open();
    expect(await store.get('labels/never-written.pdf')).toBeNull();
    for (const key of ['../secret.pdf', 'labels/../../x.pdf', '/etc/passwd', 'labels/a b.pdf']) {
      expect(await store.get(key)).toBeNull();
      await expect(store.put(key, pdf, 'application/pdf')).rejects.toThrow(/Invalid storage key/);
      await expect(store.delete(key)).rejects.toThrow(/Invalid storage key/);
    }
  });

  test('a deleted file is gone, and deleting it again (or a key never written) succeeds', async () => {
    const store = await open();
    await store.put('receipts/gone.pdf', pdf, 'application/pdf');
    await store.put('receipts/kept.pdf', pdf, 'application/pdf');
    await store.delete('receipts/gone.pdf');
    expect(await store.get('receipts/gone.pdf')).toBeNull();
    expect((await store.get('receipts/kept.pdf'))?.body).toEqual(pdf);
    await store.delete('receipts/gone.pdf');
    await store.delete('receipts/never-written.pdf');
  });
});

describe('signed links', () => {
  const links = createFileLinks({ secret: 's'.repeat(40), ttlSeconds: 3600 });
  const now = Date.UTC(2026, 10, 25, 12, 0, 0);

  function queryOf(url: string) {
    const query = new URL(url, 'http://x').searchParams;
    return {
      expires: query.get('expires') ?? undefined,
      signature: query.get('signature') ?? undefined,
    };
  }

  test('a link works for its key until it expires, an hour or a little more after it was minted', () => {
    const url = links.sign('labels/a.pdf', now);
    expect(url).toMatch(/^\/files\/labels\/a\.pdf\?expires=\d+&signature=[\w-]{43}$/);
    const expires = Number(queryOf(url).expires) * 1000;
    expect(expires - now).toBeGreaterThanOrEqual(3600_000);
    expect(expires - now).toBeLessThanOrEqual(3600_000 + 900_000);
    expect(links.check('labels/a.pdf', queryOf(url), now + 3600_000)).toBe('valid');
    expect(links.check('labels/a.pdf', queryOf(url), expires + 1000)).toBe('expired');
  });

  test('links minted moments apart are one URL, so the browser can cache the file', () => {
    expect(links.sign('labels/a.pdf', now + 60_000)).toBe(
      links.sign('labels/a.pdf', now + 120_000),
    );
  });

  test('a link for one key, or with its expiry moved, or from another secret, proves nothing', () => {
    const query = queryOf(links.sign('labels/a.pdf', now));
    expect(links.check('labels/b.pdf', query, now)).toBe('invalid');
    expect(
      links.check('labels/a.pdf', { ...query, expires: String(Number(query.expires) + 3600) }, now),
    ).toBe('invalid');
    const other = createFileLinks({ secret: 't'.repeat(40), ttlSeconds: 3600 });
    expect(other.check('labels/a.pdf', query, now)).toBe('invalid');
    expect(links.check('labels/a.pdf', { expires: query.expires }, now)).toBe('invalid');
    expect(links.check('labels/a.pdf', { ...query, expires: '1e12' }, now)).toBe('invalid');
  });
});

describe.each([
  ['the local folder', {} as Record<string, string>],
  ['an S3-compatible bucket', null],
])('files served from %s', (_name, env) => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({ ...(env ?? s3.env), FILE_URL_TTL_SECONDS: '60' });
    await app.storage.put('labels/served.pdf', pdf, 'application/pdf');
  });
  afterAll(() => app?.close());

  const get = (url: string) => app.inject({ method: 'GET', url });

  test('through a signed link: the bytes, privately cached only while the link lasts', async () => {
    const response = await get(app.storage.urlFor('labels/served.pdf'));
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(pdf);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const maxAge = Number(
      /^private, max-age=(\d+)$/.exec(String(response.headers['cache-control']))?.[1],
    );
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(60 + 15);
  });

  test('without a signature, with a tampered one, or for another file, it reads nothing (403)', async () => {
    const url = app.storage.urlFor('labels/served.pdf');
    const signature = new URL(url, 'http://x').searchParams.get('signature')!;
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    for (const bad of [
      '/files/labels/served.pdf',
      url.replace(signature, flipped),
      url.replace('served.pdf', 'other.pdf'),
      url.replace(/expires=\d+/, 'expires=9999999999'),
    ]) {
      const response = await get(bad);
      expect(response.statusCode, bad).toBe(403);
      expect(ErrorBodySchema.parse(response.json())).toEqual({
        message: 'This file link is not valid.',
        code: 'FORBIDDEN',
      });
      expect(response.rawPayload.includes(pdf)).toBe(false);
    }
  });

  test('an expired link is refused (403) and says so', async () => {
    const expired = app.storage.links.sign('labels/served.pdf', Date.now() - 2 * 60 * 60 * 1000);
    const response = await get(expired);
    expect(response.statusCode).toBe(403);
    expect(ErrorBodySchema.parse(response.json()).message).toMatch(/expired/);
  });

  test('a signed link to a file that is not there is a 404 in the error shape', async () => {
    const response = await get(app.storage.urlFor('labels/missing.pdf'));
    expect(response.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(response.json()).code).toBe('NOT_FOUND');
  });
});
