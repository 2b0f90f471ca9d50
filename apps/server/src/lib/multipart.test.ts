import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ErrorBodySchema, QUOTE_IMAGE_MAX_BYTES } from '@atelier/contract';
import { count } from 'drizzle-orm';
import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  test,
  vi,
  type MockInstance,
} from 'vitest';
import type { App } from '../app.ts';
import { images } from '../db/schema.ts';
import { solidImage } from '../test/images.ts';
import { buildTestApp, createTestAccount, tokenFor } from '../test/test-app.ts';

const UPLOAD_URL = '/api/stylist/white-glove-quotes/images';
const QUEUE_WAIT_MS = 1_500;

let app: App;
let token: string;
let port: number;
let png: Buffer;
let scratchBase: string;
let stored: MockInstance<App['storage']['put']>;
let realPut: App['storage']['put'];

beforeAll(async () => {
  scratchBase = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-upload-test-'));
  // One upload at a time, so that a second one has to wait its turn.
  app = await buildTestApp({
    UPLOAD_CONCURRENCY: '1',
    UPLOAD_QUEUE_WAIT_MS: String(QUEUE_WAIT_MS),
    UPLOAD_TMP_DIR: scratchBase,
  });
  const account = await createTestAccount(app);
  token = await tokenFor(app, account.email);
  png = await solidImage('png', 64, 32);
  realPut = app.storage.put;
  stored = vi.spyOn(app.storage, 'put');
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as net.AddressInfo).port;
});
beforeEach(() => {
  stored.mockReset();
  stored.mockImplementation(realPut);
});
afterAll(async () => {
  await app.close();
  fs.rmSync(scratchBase, { recursive: true, force: true });
});

const imageRows = async () => (await app.database.db.select({ n: count() }).from(images))[0]!.n;

/** What is in the scratch folder: each request's folder and the files in it, with their sizes. */
function scratch(): Record<string, Record<string, number>> {
  return Object.fromEntries(
    fs.readdirSync(scratchBase).map((folder) => {
      const dir = path.join(scratchBase, folder);
      const files = fs
        .readdirSync(dir)
        .map((file) => [file, fs.statSync(path.join(dir, file)).size]);
      return [folder, Object.fromEntries(files)];
    }),
  );
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 10_000) {
  for (const started = Date.now(); Date.now() - started < ms;) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Runs `work` and counts the folders made in the scratch folder meanwhile (by inotify's account). */
async function foldersMadeDuring<T>(work: () => Promise<T>): Promise<[T, number]> {
  const made = new Set<string>();
  const watcher = fs.watch(scratchBase, (_, name) => name && made.add(name));
  try {
    const result = await work();
    // The events arrive after the fact; give them a moment.
    await until('a folder to be seen', () => made.size > 0, 1_000).catch(() => {});
    return [result, made.size];
  } finally {
    watcher.close();
  }
}

function upload(bytes: Buffer = png, type = 'image/png') {
  const form = new FormData();
  form.append('image', new Blob([bytes], { type }), 'bag.png');
  return app.inject({
    method: 'POST',
    url: UPLOAD_URL,
    headers: { authorization: `Bearer ${token}` },
    payload: form,
  });
}

/** Makes the next store of a file wait until the returned function is called. */
function holdNextStore(): { reached: Promise<void>; release: () => void } {
  let release!: () => void;
  let reached!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
  stored.mockImplementationOnce(async (...args) => {
    reached();
    await held;
    return realPut(...args);
  });
  return { reached: reachedPromise, release };
}

const BOUNDARY = 'atelierTestBoundary';
const partHead =
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="bag.png"\r\n` +
  'Content-Type: image/png\r\n\r\n';
const partTail = `\r\n--${BOUNDARY}--\r\n`;

/** A request on a socket of its own, its head sent at once: the test sends the rest, or not. */
function rawUpload(contentLength: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  socket.write(
    `POST ${UPLOAD_URL} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      `Authorization: Bearer ${token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
      `Content-Length: ${contentLength}\r\n\r\n`,
  );
  return { socket, received: () => received };
}

describe('uploads are streamed to a scratch folder of their request, removed after it', () => {
  test('the photo is on disk while it is processed, and gone once the answer is sent', async () => {
    let duringWork: ReturnType<typeof scratch> = {};
    stored.mockImplementationOnce(async (...args) => {
      duringWork = scratch();
      return realPut(...args);
    });
    const response = await upload();
    expect(response.statusCode, response.body).toBe(201);
    expect(Object.values(duringWork)).toEqual([{ image: png.length }]);
    expect(scratch()).toEqual({});
  });

  test('a refused upload leaves no file: not an image, over the limit, a broken form', async () => {
    const before = await imageRows();
    const [html, htmlFolders] = await foldersMadeDuring(() =>
      upload(Buffer.from('<!doctype html><p>not a photo</p>'), 'image/jpeg'),
    );
    expect(html.statusCode).toBe(415);
    expect(htmlFolders).toBe(1);
    expect(scratch()).toEqual({});

    const [tooLarge, tooLargeFolders] = await foldersMadeDuring(() =>
      upload(Buffer.concat([png, Buffer.alloc(QUOTE_IMAGE_MAX_BYTES + 1 - png.length)])),
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(ErrorBodySchema.parse(tooLarge.json()).errors?.image?.[0]).toMatch(/too large/);
    expect(tooLargeFolders).toBe(1);
    expect(scratch()).toEqual({});

    const [broken, brokenFolders] = await foldersMadeDuring(() =>
      app.inject({
        method: 'POST',
        url: UPLOAD_URL,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        },
        payload: `${partHead}${png.subarray(0, 20).toString('latin1')}`,
      }),
    );
    expect(broken.statusCode).toBe(400);
    expect(brokenFolders).toBe(1);
    expect(scratch()).toEqual({});

    expect(stored).not.toHaveBeenCalled();
    expect(await imageRows()).toBe(before);
  });

  test('an upload the client abandons halfway leaves no file and no slot taken', async () => {
    const before = await imageRows();
    const bytes = 4 * 1024 * 1024;
    const request = rawUpload(partHead.length + bytes + partTail.length);
    request.socket.write(partHead);
    request.socket.write(Buffer.concat([png, Buffer.alloc(256 * 1024 - png.length)]));
    await until('the first bytes on disk', () =>
      Object.values(scratch()).some((files) => (files.image ?? 0) > 0),
    );
    request.socket.destroy();
    await until('the scratch folder to be removed', () => Object.keys(scratch()).length === 0);
    expect(app.uploads.gate.active).toBe(0);
    expect(stored).not.toHaveBeenCalled();
    expect(await imageRows()).toBe(before);
    expect((await upload()).statusCode).toBe(201);
  });

  test('when the scratch folder cannot be made, the answer is a 500, not the client’s fault', async () => {
    fs.rmSync(scratchBase, { recursive: true });
    try {
      const response = await upload();
      expect(response.statusCode).toBe(500);
      expect(ErrorBodySchema.parse(response.json()).code).toBe('INTERNAL');
    } finally {
      fs.mkdirSync(scratchBase);
    }
    expect(stored).not.toHaveBeenCalled();
  });
});

describe('a body declared too large', () => {
  test('is refused with 413 in the error shape before any of it is read', async () => {
    const request = rawUpload(16 * 1024 * 1024);
    // Only the part's head is sent: the answer must not wait for the file.
    request.socket.write(partHead);
    try {
      await until('the answer', () => /\r\n\r\n\{.*\}$/s.test(request.received()));
      const [head, body] = request.received().split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 413 /);
      const error = ErrorBodySchema.parse(JSON.parse(body!));
      expect(error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(error.errors?.image?.[0]).toMatch(/too large\. Keep it under 15 MB/);
    } finally {
      request.socket.destroy();
    }
    expect(scratch()).toEqual({});
    expect(stored).not.toHaveBeenCalled();
  });
});

describe('more uploads than the gate lets through at once', () => {
  test('the next one waits its turn and is then taken', async () => {
    const first = holdNextStore();
    const firstAnswer = upload();
    await first.reached;
    const second = upload();
    await until('the second upload to wait', () => app.uploads.gate.waiting === 1);
    first.release();
    expect((await firstAnswer).statusCode).toBe(201);
    expect((await second).statusCode).toBe(201);
    expect(scratch()).toEqual({});
  });

  test('one that waits past the limit answers 503 with Retry-After, and nothing of it is kept', async () => {
    const before = await imageRows();
    const first = holdNextStore();
    const firstAnswer = upload();
    await first.reached;
    const started = Date.now();
    const refused = await upload();
    expect(Date.now() - started).toBeGreaterThanOrEqual(QUEUE_WAIT_MS - 50);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(ErrorBodySchema.parse(refused.json())).toEqual({
      message: expect.stringMatching(/Nothing was saved; please try again/),
      code: 'UNAVAILABLE',
    });
    // Only the first upload's folder is left, while it is still at work.
    expect(Object.keys(scratch())).toHaveLength(1);
    first.release();
    expect((await firstAnswer).statusCode).toBe(201);
    // The first upload's photo and thumbnail; nothing of the refused one.
    expect(stored).toHaveBeenCalledTimes(2);
    expect(await imageRows()).toBe(before + 1);
    expect(scratch()).toEqual({});
    expect([app.uploads.gate.active, app.uploads.gate.waiting]).toEqual([0, 0]);
  });

  test('a client that leaves while waiting gives up its place: its photo is never processed', async () => {
    const before = await imageRows();
    const first = holdNextStore();
    const firstAnswer = upload();
    await first.reached;
    const body = Buffer.concat([Buffer.from(partHead), png, Buffer.from(partTail)]);
    const leaving = rawUpload(body.length);
    leaving.socket.write(body);
    await until('the second upload to wait', () => app.uploads.gate.waiting === 1);
    leaving.socket.destroy();
    await until('the queue to empty', () => app.uploads.gate.waiting === 0);
    first.release();
    expect((await firstAnswer).statusCode).toBe(201);
    await until('the scratch folders to be removed', () => Object.keys(scratch()).length === 0);
    expect(stored).toHaveBeenCalledTimes(2);
    expect(await imageRows()).toBe(before + 1);
  });
});
