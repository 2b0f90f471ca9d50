import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../app.ts';
import { buildTestApp } from '../test/test-app.ts';

// A build as `vite build` leaves it: each text file with its .br and .gz twins.
const inline = "document.documentElement.dataset.x='1';";
const shell = `<!doctype html><html><head><title>Atelier</title><script>${inline}</script></head><body></body></html>`;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

function writeWithTwins(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

describe('the web build the server sends', () => {
  let app: App;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-dist-'));
    writeWithTwins(path.join(dist, 'index.html'), shell);
    writeWithTwins(path.join(dist, 'assets', 'index-abc123.js'), script);
    app = await buildTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  test('sends a hashed asset compressed the way the browser accepts, cached for good', async () => {
    const brotli = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);

    const gzip = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  test('answers any page route with the shell, revalidated on every visit', async () => {
    const page = await app.inject({
      url: '/curated/some-link-token',
      headers: { 'accept-encoding': 'br' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toBe(shell);
  });

  test("allows the shell's inline script by its hash, and no other inline script", async () => {
    const page = await app.inject({ url: '/dashboard' });
    const hash = createHash('sha256').update(inline).digest('base64');
    const policy = String(page.headers['content-security-policy']);
    expect(policy.split(';')).toContain(`script-src 'self' 'sha256-${hash}'`);
  });

  test('never answers an unknown API path with the shell', async () => {
    // Signed out, the API asks for sign-in before it says whether the path exists.
    const missing = await app.inject({ url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['content-type']).toContain('application/json');
    expect(missing.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('the prerendered sign-in page', () => {
  const signInInline = "document.documentElement.dataset.y='1';";
  const signIn = `<!doctype html><html><head><title>Atelier | Sign in</title><script>${inline}</script><script>${signInInline}</script></head><body><div id="root" data-prerendered><form></form></div></body></html>`;
  let app: App;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-dist-'));
    writeWithTwins(path.join(dist, 'index.html'), shell);
    writeWithTwins(path.join(dist, 'sign-in.html'), signIn);
    app = await buildTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  test('is what `/` answers, with or without a query; every other page gets the shell', async () => {
    for (const url of ['/', '/?forgot']) {
      const page = await app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toBe(signIn);
    }
    for (const url of ['/dashboard', '/curated/some-link-token']) {
      expect((await app.inject({ url })).body).toBe(shell);
    }
  });

  test("allows both pages' inline scripts by their hashes", async () => {
    const page = await app.inject({ url: '/' });
    const hashOf = (script: string) => createHash('sha256').update(script).digest('base64');
    const policy = String(page.headers['content-security-policy']);
    expect(policy.split(';')).toContain(
      `script-src 'self' 'sha256-${hashOf(inline)}' 'sha256-${hashOf(signInInline)}'`,
    );
  });
});
