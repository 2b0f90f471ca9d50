import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** A production that needs no allowance: https, real mail, real labels. */
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://atelier.example.com',
  SMTP_URL: 'smtp://mail.example.com:587',
  SHIPPING_PROVIDER: 'easypost',
  EASYPOST_API_KEY: 'ep-key',
};

function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
}

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
    expect(loadConfig(PRODUCTION).sites).toEqual({
      adminUrl: null,
      officeUrl: null,
      shopUrl: null,
    });
    // With ADMIN_URL the admin links are its own, even where the office's records would serve.
    expect(
      loadConfig({ ADMIN_URL: 'https://admin.example.com/', SHOP_URL: 'https://shop.example.com' })
        .sites,
    ).toEqual({
      adminUrl: 'https://admin.example.com',
      officeUrl: null,
      shopUrl: 'https://shop.example.com',
    });
    expect(() => loadConfig({ SHOP_URL: 'shop.example.com' })).toThrow(/SHOP_URL:/);
  });

  test('unset outside production, the outside sites are the built-in stand-ins on PUBLIC_URL, and the admin links the office', () => {
    const config = loadConfig({ PUBLIC_URL: 'http://localhost:3251' });
    expect(config.demoSites).toEqual({ shop: true, account: true, help: true });
    expect(config.sites).toEqual({
      adminUrl: null,
      officeUrl: 'http://localhost:3251/office',
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
    expect(shopSet.demoSites).toEqual({ shop: false, account: true, help: true });
    expect(shopSet.sites.shopUrl).toBe('https://shop.example.com');
    expect(shopSet.sso.multipassSecret).toBe('multipass-secret');
    // The demo shop reads the embedded cookie, never Multipass.
    expect(loadConfig({ SHOPIFY_MULTIPASS_SECRET: 'multipass-secret' }).sso.multipassSecret).toBe(
      null,
    );
  });

  test('production and tests serve no stand-ins unless DEMO_SITES=true; DEMO_SITES=false turns them off anywhere', () => {
    const none = { shop: false, account: false, help: false };
    for (const env of [PRODUCTION, { NODE_ENV: 'test' }, { DEMO_SITES: 'false' }]) {
      const config = loadConfig(env);
      expect(config.demoSites).toEqual(none);
      expect(config.sites.officeUrl).toBeNull();
      expect(config.accountSite).toBeNull();
      expect(config.helpSiteUrl).toBeNull();
    }
    const demo = loadConfig({
      ...PRODUCTION,
      DEMO_SITES: 'true',
      PUBLIC_URL: 'https://demo.atelier.example',
    });
    expect(demo.sites.shopUrl).toBe('https://demo.atelier.example/demo/shop');
    expect(demo.sites.officeUrl).toBe('https://demo.atelier.example/office');
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
    const production = { ...PRODUCTION, AUTH_SECRET: 's'.repeat(32) };
    expect(loadConfig(production).apiDocs).toBe('admin');
    expect(loadConfig({ ...production, API_DOCS: 'public' }).apiDocs).toBe('public');
    expect(() => loadConfig({ API_DOCS: 'everyone' })).toThrow(/API_DOCS/);
  });

  test('every bad setting is told at once, types and combinations alike', () => {
    const message = problemsOf({
      PORT: 'eighty',
      SHIPPING_PROVIDER: 'easypost',
      S3_ACCESS_KEY_ID: 'only-the-id',
      DATABASE_URL: 'postgres://localhost/atelier',
    });
    for (const key of ['PORT', 'EASYPOST_API_KEY', 'S3_ACCESS_KEY_ID', 'AUTH_SECRET'])
      expect(message).toContain(`  ${key}`);
    // A bad bucket name no longer hides the half key pair beside it.
    const bucket = problemsOf({ S3_BUCKET: 'ab', S3_SECRET_ACCESS_KEY: 'only-the-secret' });
    expect(bucket).toMatch(/ {2}S3_BUCKET: /);
    expect(bucket).toMatch(/ {2}S3_ACCESS_KEY_ID \/ S3_SECRET_ACCESS_KEY: set both or neither/);
  });
});

describe('production is safe by default', () => {
  test('it seeds nothing unless asked, and refuses the demo accounts outside a demo deployment', () => {
    expect(loadConfig(PRODUCTION).seedDemoData).toBe(false);
    expect(loadConfig({}).seedDemoData).toBe(true);
    expect(problemsOf({ ...PRODUCTION, SEED_DEMO_DATA: 'true' })).toMatch(
      /SEED_DEMO_DATA: production never seeds the demo accounts/,
    );
    expect(
      loadConfig({ ...PRODUCTION, SEED_DEMO_DATA: 'true', DEMO_SITES: 'true' }).seedDemoData,
    ).toBe(true);
  });

  test('an http public address, no SMTP and the local labels are each refused, all in one message', () => {
    const message = problemsOf({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://atelier.example.com',
    });
    expect(message).toMatch(/PUBLIC_URL: must be https:\/\/ in production/);
    expect(message).toMatch(/SMTP_URL: required in production/);
    expect(message).toMatch(/SHIPPING_PROVIDER: the local provider/);
    // Loopback is this machine: no one else's traffic crosses it.
    expect(problemsOf({ ...PRODUCTION, PUBLIC_URL: 'http://127.0.0.1:8080' })).toBe('');
    expect(problemsOf({ ...PRODUCTION, PUBLIC_URL: 'http://localhost:3000' })).toBe('');
  });

  test('each refusal has its own named allowance', () => {
    const allowed = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://atelier.internal:8080',
      ALLOW_HTTP_PUBLIC_URL: 'true',
      ALLOW_MAIL_FOLDER: 'true',
      ALLOW_LOCAL_LABELS: 'true',
    };
    expect(problemsOf(allowed)).toBe('');
    for (const key of ['ALLOW_HTTP_PUBLIC_URL', 'ALLOW_MAIL_FOLDER', 'ALLOW_LOCAL_LABELS']) {
      const { [key]: _dropped, ...rest } = allowed as Record<string, string>;
      expect(problemsOf(rest)).toContain(key);
    }
    expect(problemsOf({ ...allowed, ALLOW_MAIL_FOLDER: 'yes' })).toMatch(/ALLOW_MAIL_FOLDER/);
  });
});

describe('the client address behind proxies', () => {
  test('TRUST_PROXY is nobody, a number of hops (true is one) or the proxies addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toBe(
      '127.0.0.1,10.0.0.0/8,::1',
    );
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
    expect(problemsOf({ TRUST_PROXY: 'yes please' })).toMatch(/TRUST_PROXY: must be false/);
  });
});
