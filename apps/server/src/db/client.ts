import path from 'node:path';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config.ts';
import { serverRoot } from '../lib/server-root.ts';
import { listenOnPostgres, type ListenHandlers, type Unlisten } from './listener.ts';
import { lockDataDir } from './lock.ts';
import { DrizzlePGlite } from './pglite.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A PostgreSQL pool's connections at one moment. */
export interface PoolStats {
  /** Open connections, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection because every one is busy. */
  waiting: number;
  max: number;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies committed migrations; safe to call on every start. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Hears every NOTIFY on `channel` once its transaction commits: from any connection, so from
   * every instance on one PostgreSQL; on PGlite, from this process (the only one there is).
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Unlisten>;
  /** The pool's connections now; null on PGlite, which has one connection and no pool. */
  poolStats(): PoolStats | null;
  close(): Promise<void>;
}

// Read from src/ by the compiled server too: SQL files are data, not bundled.
const migrationsFolder = path.join(serverRoot, 'src/db/migrations');

export type DatabaseOptions =
  | Config['database']
  /** In-memory PGlite, for tests. */
  | { kind: 'memory' };

/** Where pool and connection failures are reported; they never end the process. */
export interface DatabaseLogger {
  warn(detail: object, message: string): void;
}

/** One key for every Atelier on one PostgreSQL: whoever holds it applies the migrations. */
const MIGRATION_LOCK_KEY = 7_214_031_963;

/**
 * Timeouts that turn a dead or unreachable database into a fast error (and a 503) instead of a
 * hung request: connecting (or waiting for a free connection), and any one statement.
 */
const CONNECT_TIMEOUT_MS = 5_000;
const STATEMENT_TIMEOUT_MS = 30_000;
/** The client-side guard for a socket that died silently: a little past the server's own timeout. */
const QUERY_TIMEOUT_MS = STATEMENT_TIMEOUT_MS + 5_000;

function openPostgres(
  options: Extract<DatabaseOptions, { kind: 'postgres' }>,
  logger?: DatabaseLogger,
): Database {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    keepAlive: true,
  });
  // Without these listeners a lost connection is an unhandled 'error' event, which ends the
  // process. The pool drops the broken client itself; the next request opens a fresh one.
  const onLost = (error: Error) =>
    logger?.warn({ cause: error.message }, 'database connection lost');
  pool.on('error', onLost);
  pool.on('connect', (client) => client.on('error', onLost));
  const db = drizzleNodePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    migrate: () => migrateUnderLock(options.url),
    ping: async () => void (await db.execute(sql`select 1`)),
    listen: (channel, handlers) => listenOnPostgres(options.url, channel, handlers),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: options.poolMax,
    }),
    close: () => pool.end(),
  };
}

/**
 * Applies the migrations on a connection of its own, holding an advisory lock: instances that
 * start together take turns, and each finds the others' migrations applied.
 */
async function migrateUnderLock(url: string): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
  } finally {
    // Ending the session also releases the lock if the unlock itself fails.
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end().catch(() => {});
  }
}

export async function openDatabase(
  options: DatabaseOptions,
  logger?: DatabaseLogger,
): Promise<Database> {
  if (options.kind === 'postgres') return openPostgres(options, logger);
  const unlock = options.kind === 'pglite' ? lockDataDir(options.dataDir) : () => {};
  try {
    const dataDir = options.kind === 'pglite' ? path.join(options.dataDir, 'pg') : undefined;
    const client = await DrizzlePGlite.open(dataDir, { extensions: { btree_gin, pg_trgm } });
    const db = drizzlePglite({ client, schema });
    return {
      db,
      kind: 'pglite',
      migrate: () => migratePglite(db, { migrationsFolder }),
      ping: async () => void (await db.execute(sql`select 1`)),
      listen: (channel, handlers) => client.listen(channel, handlers.onPayload),
      poolStats: () => null,
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
