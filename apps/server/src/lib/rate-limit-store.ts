import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { rateLimitHits } from '../db/schema.ts';

type Done = Parameters<FastifyRateLimitStore['incr']>[1];
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];
/** What the plugin really hands `child`: the route's merged limit settings, not its route options. */
interface RouteParams {
  groupId?: string;
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * Routes that share a `groupId` share one count per address (the client pages' limit is per
 * address across all of them); any other limited route counts on its own.
 */
function scopeOf(options: ChildOptions): string {
  const params = options as unknown as RouteParams;
  if (params.groupId) return `group:${params.groupId}`;
  const { method = '', url = '' } = params.routeInfo ?? {};
  return `route:${[method].flat().join(',')} ${url}`;
}

/**
 * Counts one hit of `key` in PostgreSQL: one upsert, which starts a fresh window of `windowMs`
 * when the last one has ended (database clock). Answers the window's hits so far and its time left.
 */
export async function countHit(
  db: Db | Tx,
  key: string,
  windowMs: number,
): Promise<{ hits: number; ttlMs: number }> {
  const resetAt = sql`now() + make_interval(secs => ${windowMs / 1000}::double precision)`;
  const hasEnded = sql`${rateLimitHits.resetAt} <= now()`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, hits: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${hasEnded} then 1 else ${rateLimitHits.hits} + 1 end`,
        resetAt: sql`case when ${hasEnded} then excluded.reset_at else ${rateLimitHits.resetAt} end`,
      },
    })
    .returning({
      hits: rateLimitHits.hits,
      ttlMs: sql<number>`greatest(0, extract(epoch from ${rateLimitHits.resetAt} - now()) * 1000)::float8`,
    });
  return { hits: row?.hits ?? 1, ttlMs: row?.ttlMs ?? 0 };
}

/**
 * Counts in PostgreSQL, so every instance behind one address enforces one limit: one upsert a
 * request, which starts a fresh window when the last one has ended (database clock). Rows of ended
 * windows are deleted by the retention sweep (features/client-data/retention.ts).
 */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class PostgresStore implements FastifyRateLimitStore {
    constructor(
      _globalParams: unknown,
      private readonly scope = '',
    ) {}

    incr(key: string, done: Done, timeWindowMs: number) {
      countHit(db, `${this.scope}|${key}`, timeWindowMs).then(
        ({ hits, ttlMs }) => done(null, { current: hits, ttl: Math.ceil(ttlMs) }),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(options: ChildOptions): FastifyRateLimitStore {
      return new PostgresStore(null, scopeOf(options));
    }
  }
  return PostgresStore;
}

/** The same counts in this process, for the embedded database (one process by construction). */
export function memoryRateLimitStore(): FastifyRateLimitStoreCtor {
  const windows = new Map<string, { hits: number; resetAt: number }>();
  class MemoryStore implements FastifyRateLimitStore {
    constructor(
      _globalParams: unknown,
      private readonly scope = '',
    ) {}

    incr(key: string, done: Done, timeWindowMs: number) {
      const now = Date.now();
      const id = `${this.scope}|${key}`;
      let window = windows.get(id);
      if (!window || window.resetAt <= now) {
        if (windows.size > 10_000) {
          for (const [other, { resetAt }] of windows) if (resetAt <= now) windows.delete(other);
        }
        window = { hits: 0, resetAt: now + timeWindowMs };
        windows.set(id, window);
      }
      window.hits += 1;
      done(null, { current: window.hits, ttl: window.resetAt - now });
    }

    child(options: ChildOptions): FastifyRateLimitStore {
      return new MemoryStore(null, scopeOf(options));
    }
  }
  return MemoryStore;
}
