import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  test('defaults need nothing set: PGlite in .data on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('pglite');
    expect(config.dataDir).toMatch(/\.data$/);
    expect(config.auth.jwtTtlSeconds).toBe(900);
  });

  test('every bad key is listed in one error', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        LOG_LEVEL: 'loud',
        DATABASE_URL: 'mysql://x',
        AUTH_SECRET: 'short',
      });
    expect(attempt).toThrow(ConfigError);
    const message = (() => {
      try {
        attempt();
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const key of ['PORT', 'LOG_LEVEL', 'DATABASE_URL', 'AUTH_SECRET'])
      expect(message).toContain(`  ${key}:`);
  });

  test('PostgreSQL needs a shared AUTH_SECRET', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/atelier' })).toThrow(
      /AUTH_SECRET: required/,
    );
    const config = loadConfig({
      DATABASE_URL: 'postgres://localhost/atelier',
      AUTH_SECRET: 'a'.repeat(32),
    });
    expect(config.database).toMatchObject({
      kind: 'postgres',
      url: 'postgres://localhost/atelier',
    });
  });

  test('uploads: two at a time, a 30 s wait, the system temporary folder, each bounded', () => {
    expect(loadConfig({}).uploads).toEqual({
      concurrency: 2,
      queueWaitMs: 30_000,
      tmpDir: path.resolve(os.tmpdir()),
    });
    expect(
      loadConfig({
        UPLOAD_CONCURRENCY: '1',
        UPLOAD_QUEUE_WAIT_MS: '0',
        UPLOAD_TMP_DIR: '/var/tmp/atelier',
      }).uploads,
    ).toEqual({ concurrency: 1, queueWaitMs: 0, tmpDir: '/var/tmp/atelier' });
    for (const [key, value] of [
      ['UPLOAD_CONCURRENCY', '0'],
      ['UPLOAD_CONCURRENCY', '1.5'],
      ['UPLOAD_QUEUE_WAIT_MS', '-1'],
      ['UPLOAD_QUEUE_WAIT_MS', '120001'],
    ])
      expect(() => loadConfig({ [key!]: value })).toThrow(new RegExp(`${key}:`));
  });

  test('empty values count as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).database.kind).toBe('pglite');
  });

  test('the admin and shop sites are optional URLs, kept without a trailing slash', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).sites).toEqual({
      adminUrl: null,
      shopUrl: null,
    });
    expect(
      loadConfig({ ADMIN_URL: 'https://admin.example.com/', SHOP_URL: 'https://shop.example.com' })
        .sites,
    ).toEqual({ adminUrl: 'https://admin.example.com', shopUrl: 'https://shop.example.com' });
    expect(() => loadConfig({ SHOP_URL: 'shop.example.com' })).toThrow(/SHOP_URL:/);
  });

  test('unset outside production, the four outside sites are the built-in stand-ins on PUBLIC_URL', () => {
    const config = loadConfig({ PUBLIC_URL: 'http://localhost:3251' });
    expect(config.demoSites).toEqual({ shop: true, account: true, help: true, admin: true });
    expect(config.sites).toEqual({
      adminUrl: 'http://localhost:3251/demo/admin',
      shopUrl: 'http://localhost:3251/demo/shop',
    });
    expect(config.accountSite).toEqual({
      url: 'http://localhost:3251/demo/account',
      handoffSecret: null,
    });
    expect(config.helpSiteUrl).toBe('http://localhost:3251/demo/help');

    // Each variable set points its links at the real site, and that stand-in is not served.
    const shopSet = loadConfig({
      SHOP_URL: 'https://shop.example.com',
      SHOPIFY_MULTIPASS_SECRET: 'multipass-secret',
    });
    expect(shopSet.demoSites).toEqual({ shop: false, account: true, help: true, admin: true });
    expect(shopSet.sites.shopUrl).toBe('https://shop.example.com');
    expect(shopSet.sso.multipassSecret).toBe('multipass-secret');
    // The demo shop reads the embedded cookie, never Multipass.
    expect(loadConfig({ SHOPIFY_MULTIPASS_SECRET: 'multipass-secret' }).sso.multipassSecret).toBe(
      null,
    );
  });

  test('production and tests serve no stand-ins unless DEMO_SITES=true; DEMO_SITES=false turns them off anywhere', () => {
    const none = { shop: false, account: false, help: false, admin: false };
    for (const env of [{ NODE_ENV: 'production' }, { NODE_ENV: 'test' }, { DEMO_SITES: 'false' }]) {
      const config = loadConfig(env);
      expect(config.demoSites).toEqual(none);
      expect(config.accountSite).toBeNull();
      expect(config.helpSiteUrl).toBeNull();
    }
    const demo = loadConfig({
      NODE_ENV: 'production',
      DEMO_SITES: 'true',
      PUBLIC_URL: 'https://demo.atelier.example',
    });
    expect(demo.sites.shopUrl).toBe('https://demo.atelier.example/demo/shop');
    // A real account site still needs its own shared secret.
    expect(() => loadConfig({ ACCOUNT_SITE_URL: 'https://account.example.com' })).toThrow(
      /ACCOUNT_SITE_HANDOFF_SECRET: required/,
    );
  });

  test('the outbox retries at most an hour apart and gives up after three days unless told otherwise', () => {
    expect(loadConfig({}).outbox).toEqual({
      pollMs: 1000,
      maxRetryDelaySeconds: 3600,
      maxAgeSeconds: 259_200,
    });
    expect(
      loadConfig({ OUTBOX_MAX_RETRY_DELAY_SECONDS: '0.05', OUTBOX_MAX_AGE_SECONDS: '600' }).outbox,
    ).toMatchObject({ maxRetryDelaySeconds: 0.05, maxAgeSeconds: 600 });
    expect(() => loadConfig({ OUTBOX_MAX_RETRY_DELAY_SECONDS: '0' })).toThrow(
      /OUTBOX_MAX_RETRY_DELAY_SECONDS:/,
    );
    expect(() => loadConfig({ OUTBOX_MAX_AGE_SECONDS: 'a week' })).toThrow(
      /OUTBOX_MAX_AGE_SECONDS:/,
    );
    expect(() => loadConfig({ OUTBOX_MAX_AGE_SECONDS: '1.5' })).toThrow(/OUTBOX_MAX_AGE_SECONDS:/);
  });

  test('MAIL_FROM must carry an address, whose domain names every Message-ID', () => {
    expect(loadConfig({ MAIL_FROM: 'Shop <hello@shop.example.com>' }).mail.from).toBe(
      'Shop <hello@shop.example.com>',
    );
    expect(loadConfig({ MAIL_FROM: 'hello@shop.example.com' }).mail.from).toBe(
      'hello@shop.example.com',
    );
    expect(() => loadConfig({ MAIL_FROM: 'Atelier' })).toThrow(/MAIL_FROM:/);
    expect(() => loadConfig({ MAIL_FROM: 'Atelier <no-reply@>' })).toThrow(/MAIL_FROM:/);
  });

  test('metrics stay closed without METRICS_TOKEN, and a short token is refused', () => {
    expect(loadConfig({}).metrics.token).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: 'm'.repeat(16) }).metrics.token).toBe('m'.repeat(16));
    expect(() => loadConfig({ METRICS_TOKEN: 'm'.repeat(15) })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
  });

  test('previous auth secrets are a comma-separated list, each as long as a secret must be', () => {
    expect(loadConfig({}).auth.previousSecrets).toEqual([]);
    const [a, b] = ['a'.repeat(32), 'b'.repeat(40)];
    expect(loadConfig({ AUTH_PREVIOUS_SECRETS: ` ${a}, ${b} ,` }).auth.previousSecrets).toEqual([
      a,
      b,
    ]);
    expect(() => loadConfig({ AUTH_PREVIOUS_SECRETS: `${a},short` })).toThrow(
      /AUTH_PREVIOUS_SECRETS: each must be at least 32 characters/,
    );
  });

  test('the API documentation is open except in production, unless API_DOCS says', () => {
    expect(loadConfig({}).apiDocs).toBe('public');
    const production = { NODE_ENV: 'production', AUTH_SECRET: 's'.repeat(32) };
    expect(loadConfig(production).apiDocs).toBe('admin');
    expect(loadConfig({ ...production, API_DOCS: 'public' }).apiDocs).toBe('public');
    expect(() => loadConfig({ API_DOCS: 'everyone' })).toThrow(/API_DOCS/);
  });
});
