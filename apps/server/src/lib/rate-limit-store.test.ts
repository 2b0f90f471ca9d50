import { ErrorBodySchema } from '@atelier/contract';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../app.ts';
import { buildTestApp, randomAddress } from '../test/test-app.ts';
import { memoryRateLimitStore, postgresRateLimitStore } from './rate-limit-store.ts';

/** A token of the right shape that opens no page: the limit counts before the link is looked at. */
const NO_SUCH_LINK = 'A'.repeat(43);

let app: App;
beforeAll(async () => {
  app = await buildTestApp({ CLIENT_PAGE_RATE_LIMIT_MAX: '3' });
});
afterAll(() => app?.close());

const visit = (page: string, remoteAddress: string) =>
  app.inject({ method: 'GET', url: `/api/client/${page}/${NO_SUCH_LINK}`, remoteAddress });

describe('the client pages limit', () => {
  test('counts one budget per address across the pages, then answers 429 in the error shape', async () => {
    const address = randomAddress();
    const answers = [];
    for (const page of ['curated', 'quotes', 'quote-offer']) {
      answers.push((await visit(page, address)).statusCode);
    }
    expect(answers).toEqual([404, 404, 404]);
    const refused = await visit('curated', address);
    expect(refused.statusCode).toBe(429);
    expect(ErrorBodySchema.parse(refused.json()).code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await visit('curated', randomAddress())).statusCode).toBe(404);
  });
});

function count(store: FastifyRateLimitStore, key: string, windowMs: number) {
  return new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs, 10),
  );
}

const scope = (groupId: string) =>
  ({ groupId }) as unknown as Parameters<FastifyRateLimitStore['child']>[0];

describe.each([
  ['in memory', () => memoryRateLimitStore()],
  ['in the database', () => postgresRateLimitStore(app.database.db)],
])('a rate-limit store %s', (_name, make) => {
  test('counts within a window, starts again once it has passed, and keeps groups apart', async () => {
    const Store = make();
    const root = new Store({});
    const pages = root.child(scope('pages'));
    const other = root.child(scope('other'));
    const key = `${randomAddress()}-${Math.random()}`;
    expect((await count(pages, key, 400)).current).toBe(1);
    const second = await count(pages, key, 400);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(400);
    expect((await count(other, key, 400)).current).toBe(1);
    // Another store object over the same counts (on PostgreSQL: another instance) continues them.
    expect((await count(new Store({}).child(scope('pages')), key, 400)).current).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await count(pages, key, 400)).current).toBe(1);
  });
});
