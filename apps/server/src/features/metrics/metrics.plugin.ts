import crypto from 'node:crypto';
import { ErrorCode } from '@atelier/contract';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolStats } from '../../db/client.ts';
import type { OutboxBacklog } from '../../integrations/outbox/outbox.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AppInstance } from '../../lib/app-instance.ts';

/** The route label of a request no route matched (unknown paths, the page shell): one series, not one per URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/** A scrape must answer while the database is slow or down; the outbox figures are left out then. */
export const OUTBOX_COUNT_TIMEOUT_MS = 2_000;

export interface MetricsOptions {
  /** METRICS_TOKEN: null keeps /metrics a 404 and records nothing. */
  token: string | null;
  poolStats: () => PoolStats | null;
  countOutbox: () => Promise<OutboxBacklog>;
  openStreams: () => number;
}

function digest(value: string): Buffer {
  return crypto.createHash('sha256').update(value).digest();
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * GET /metrics in Prometheus's text format, for a scraper holding METRICS_TOKEN
 * (docs/decisions/0012). Each app has its own registry: tests build many apps in one process.
 */
export function registerMetrics(app: AppInstance, options: MetricsOptions) {
  const { token } = options;
  const routeOptions = {
    config: { access: 'public' as const },
    logLevel: 'warn' as const,
    schema: { hide: true },
  };
  if (token === null) {
    // Indistinguishable from a path that does not exist.
    app.get('/metrics', routeOptions, (request) => {
      throw new AppError(ErrorCode.notFound, `No route for ${request.method} /metrics`, 404);
    });
    return;
  }

  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to response, by route pattern, method and status code.',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // One observation per response and nothing else: this hook runs on every request.
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      {
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        method: request.method,
        status_code: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  if (options.poolStats() !== null) {
    new Gauge({
      name: 'atelier_db_pool_connections',
      help: 'PostgreSQL pool connections of this instance, in use or idle.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = options.poolStats();
        if (!stats) return;
        this.set({ state: 'in_use' }, stats.total - stats.idle);
        this.set({ state: 'idle' }, stats.idle);
      },
    });
    new Gauge({
      name: 'atelier_db_pool_waiting_queries',
      help: 'Queries waiting for a PostgreSQL connection because every one of the pool is in use.',
      registers: [registry],
      collect() {
        this.set(options.poolStats()?.waiting ?? 0);
      },
    });
    new Gauge({
      name: 'atelier_db_pool_max_connections',
      help: 'The most connections the pool opens (DATABASE_POOL_MAX).',
      registers: [registry],
      collect() {
        this.set(options.poolStats()?.max ?? 0);
      },
    });
  }

  // Scrapes that overlap while the database is slow share one count rather than queue more.
  let counting: Promise<OutboxBacklog> | null = null;
  new Gauge({
    name: 'atelier_outbox_messages',
    help: 'Outbox messages waiting for delivery (pending) or given up on (failed); the same from every instance.',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      counting ??= options.countOutbox().finally(() => {
        counting = null;
      });
      try {
        const backlog = await within(counting, OUTBOX_COUNT_TIMEOUT_MS);
        this.set({ state: 'pending' }, backlog.pending);
        this.set({ state: 'failed' }, backlog.failed);
      } catch (error) {
        app.log.warn({ err: error }, 'metrics: the outbox could not be counted');
      }
    },
  });

  new Gauge({
    name: 'atelier_event_streams_open',
    help: 'Server-sent event streams (live notifications) open on this instance.',
    registers: [registry],
    collect() {
      this.set(options.openStreams());
    },
  });

  const expected = digest(token);
  app.get('/metrics', routeOptions, async (request, reply) => {
    const presented = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    // Digests have one length, so the comparison takes the same time whatever was sent.
    if (!presented || !crypto.timingSafeEqual(digest(presented), expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw AppError.unauthorized('A valid metrics token is required.');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
