import { ErrorCode, type ErrorBody } from '@atelier/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import { outbox } from '../../db/schema.ts';
import { buildTestApp, createTestAccount, tokenFor } from '../../test/test-app.ts';
import { openStream } from '../notifications/notifications-testing.ts';
import { OUTBOX_COUNT_TIMEOUT_MS, UNMATCHED_ROUTE } from './metrics.plugin.ts';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments skipped). */
function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}) {
  return samples.find(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )?.value;
}

async function scrape(app: App) {
  const response = await app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return { text: response.body, samples: parseSamples(response.body) };
}

describe('GET /metrics without METRICS_TOKEN', () => {
  test('answers 404 like a path that does not exist, whatever is sent', async () => {
    const app = await buildTestApp();
    try {
      for (const headers of [{}, { authorization: `Bearer ${METRICS_TOKEN}` }]) {
        const response = await app.inject({ url: '/metrics', headers });
        expect(response.statusCode).toBe(404);
        expect(response.json<ErrorBody>()).toEqual({
          message: 'No route for GET /metrics',
          code: ErrorCode.notFound,
        });
      }
    } finally {
      await app.close();
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({ METRICS_TOKEN });
  });
  afterAll(async () => {
    await app.close();
  });

  test.each([
    ['no Authorization header', undefined],
    ['a wrong token', 'Bearer metrics-token-for-tests-0123456780'],
    ['a prefix of the token', `Bearer ${METRICS_TOKEN.slice(0, -1)}`],
    ['the token with something after it', `Bearer ${METRICS_TOKEN}x`],
    ['the token in another scheme', `Basic ${METRICS_TOKEN}`],
  ])('refuses %s with 401 in the error shape', async (_, authorization) => {
    const response = await app.inject({
      url: '/metrics',
      headers: authorization === undefined ? {} : { authorization },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(response.json<ErrorBody>()).toEqual({
      message: 'A valid metrics token is required.',
      code: ErrorCode.unauthorized,
    });
    expect(response.body).not.toContain('http_request_duration_seconds');
  });

  test('is public to the API sign-in and left out of the API document', async () => {
    const document = await app.inject({ url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    expect(Object.keys(document.json<{ paths: object }>().paths)).not.toContain('/metrics');
    expect(app.routes.find((route) => route.url === '/metrics')?.access).toBe('public');
  });

  test('times requests by route pattern, method and status code, never by the raw URL', async () => {
    const before = (await scrape(app)).samples;
    const countOf = (samples: Sample[], labels: Record<string, string>) =>
      valueOf(samples, 'http_request_duration_seconds_count', labels) ?? 0;
    const clientRoute = {
      route: '/api/stylist/clients/:clientId',
      method: 'GET',
      status_code: '401',
    };
    const unmatched = { route: UNMATCHED_ROUTE, method: 'GET', status_code: '404' };
    const live = { route: '/health/live', method: 'GET', status_code: '200' };

    for (const id of [101, 202, 303])
      expect((await app.inject({ url: `/api/stylist/clients/${id}` })).statusCode).toBe(401);
    for (const path of ['/no/such/page', '/another/missing/path'])
      expect((await app.inject({ url: path })).statusCode).toBe(404);
    expect((await app.inject({ url: '/health/live' })).statusCode).toBe(200);

    const { text, samples } = await scrape(app);
    expect(countOf(samples, clientRoute) - countOf(before, clientRoute)).toBe(3);
    expect(countOf(samples, unmatched) - countOf(before, unmatched)).toBe(2);
    expect(countOf(samples, live) - countOf(before, live)).toBe(1);
    const sum = valueOf(samples, 'http_request_duration_seconds_sum', live) ?? -1;
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(10);
    expect(valueOf(samples, 'http_request_duration_seconds_bucket', { ...live, le: '+Inf' })).toBe(
      countOf(samples, live),
    );
    for (const raw of ['/101', '/202', '/no/such/page', '/another/missing/path'])
      expect(text).not.toContain(raw);
  });

  test('counts the outbox’s pending and failed messages', async () => {
    const db = app.database.db;
    await db.delete(outbox);
    const later = new Date(Date.now() + 3_600_000);
    await db.insert(outbox).values([
      { kind: 'email', payload: {}, availableAt: later },
      { kind: 'email', payload: {}, availableAt: later, attempts: 3, lastError: 'timeout' },
      { kind: 'email', payload: {}, availableAt: later },
      { kind: 'email', payload: {}, attempts: 10, lastError: 'refused', failedAt: new Date() },
      { kind: 'email', payload: {}, attempts: 10, lastError: 'refused', failedAt: new Date() },
      { kind: 'email', payload: {}, deliveredAt: new Date() },
    ]);
    const { samples } = await scrape(app);
    expect(valueOf(samples, 'atelier_outbox_messages', { state: 'pending' })).toBe(3);
    expect(valueOf(samples, 'atelier_outbox_messages', { state: 'failed' })).toBe(2);

    await db.delete(outbox);
    const emptied = (await scrape(app)).samples;
    expect(valueOf(emptied, 'atelier_outbox_messages', { state: 'pending' })).toBe(0);
    expect(valueOf(emptied, 'atelier_outbox_messages', { state: 'failed' })).toBe(0);
  });

  test('answers with every other figure when the outbox cannot be counted', async () => {
    await app.database.db.execute(sql`alter table outbox rename to outbox_elsewhere`);
    try {
      const { samples } = await scrape(app);
      expect(samples.some((sample) => sample.name === 'atelier_outbox_messages')).toBe(false);
      expect(valueOf(samples, 'atelier_event_streams_open')).toBe(0);
      expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(samples.some((sample) => sample.name === 'http_request_duration_seconds_count')).toBe(
        true,
      );
    } finally {
      await app.database.db.execute(sql`alter table outbox_elsewhere rename to outbox`);
    }
    const { samples } = await scrape(app);
    expect(valueOf(samples, 'atelier_outbox_messages', { state: 'pending' })).toBeTypeOf('number');
  });

  test('counts the event streams open on this instance', async () => {
    const stylist = await createTestAccount(app);
    const token = await tokenFor(app, stylist.email);
    const streamsOpen = async () =>
      valueOf((await scrape(app)).samples, 'atelier_event_streams_open');
    expect(await streamsOpen()).toBe(0);
    const first = await openStream(app, token);
    const second = await openStream(app, token);
    try {
      await first.nextBlock();
      await second.nextBlock();
      expect(await streamsOpen()).toBe(2);
      first.close();
      await expect.poll(streamsOpen).toBe(1);
    } finally {
      first.close();
      second.close();
    }
    await expect.poll(streamsOpen).toBe(0);
  });

  test.runIf(!onPostgres)('has no pool figures on PGlite, which has no pool', async () => {
    const { samples } = await scrape(app);
    expect(samples.filter((sample) => sample.name.startsWith('atelier_db_pool_'))).toEqual([]);
  });

  test.runIf(!onPostgres)(
    'answers in time without the outbox figures while a transaction holds PGlite',
    async () => {
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let isOpen = false;
      const transaction = app.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        isOpen = true;
        await held;
      });
      try {
        await expect.poll(() => isOpen).toBe(true);
        const started = Date.now();
        const { samples } = await scrape(app);
        expect(samples.some((sample) => sample.name === 'atelier_outbox_messages')).toBe(false);
        expect(valueOf(samples, 'atelier_event_streams_open')).toBe(0);
        expect(Date.now() - started).toBeGreaterThanOrEqual(OUTBOX_COUNT_TIMEOUT_MS - 50);
        expect(Date.now() - started).toBeLessThan(OUTBOX_COUNT_TIMEOUT_MS + 1_500);
      } finally {
        release();
        await transaction;
      }
    },
  );

  test.runIf(onPostgres)(
    'shows the PostgreSQL pool: connections in use, idle, the most it opens, and queries waiting',
    async () => {
      const pool = (samples: Sample[]) => ({
        inUse: valueOf(samples, 'atelier_db_pool_connections', { state: 'in_use' }),
        idle: valueOf(samples, 'atelier_db_pool_connections', { state: 'idle' }),
        waiting: valueOf(samples, 'atelier_db_pool_waiting_queries'),
        max: valueOf(samples, 'atelier_db_pool_max_connections'),
      });
      const quiet = pool((await scrape(app)).samples);
      expect(quiet.inUse).toBe(0);
      expect(quiet.idle).toBeTypeOf('number');
      expect(quiet.waiting).toBe(0);
      expect(quiet.max).toBe(4);

      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const opened: Promise<void>[] = [];
      const transactions = Array.from(
        { length: 4 },
        () =>
          new Promise<void>((ready, fail) => {
            opened.push(
              app.database.db
                .transaction(async (tx) => {
                  await tx.execute(sql`select 1`);
                  ready();
                  await held;
                })
                .catch(fail),
            );
          }),
      );
      let queued: Promise<unknown> = Promise.resolve();
      try {
        await Promise.all(transactions);
        // Drizzle runs a query once it is awaited: then() sends it.
        queued = app.database.db.execute(sql`select 1`).then(() => undefined);
        await expect.poll(() => app.database.poolStats()?.waiting).toBe(1);
        const started = Date.now();
        const { samples } = await scrape(app);
        const busy = pool(samples);
        expect(busy.inUse).toBe(4);
        expect(busy.idle).toBe(0);
        expect(busy.waiting).toBe(1);
        // The scrape's own outbox count waits for a connection too, and is given up in time.
        expect(samples.some((sample) => sample.name === 'atelier_outbox_messages')).toBe(false);
        expect(Date.now() - started).toBeLessThan(OUTBOX_COUNT_TIMEOUT_MS + 1_500);
      } finally {
        release();
        await Promise.all([...opened, queued]);
      }
      await expect.poll(async () => pool((await scrape(app)).samples).inUse).toBe(0);
    },
  );
});
