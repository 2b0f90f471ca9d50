import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config.ts';
import { listenOnPostgres, type ListenHandlers, type Unlisten } from './listener.ts';
import { lockDataDir } from './lock.ts';
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

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

type DatabaseOptions =
  | Config['database']
  /** In-memory PGlite, for tests. */
  | { kind: 'memory' };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolMax });
    const db = drizzleNodePg({ client: pool, schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateNodePg(db, { migrationsFolder }),
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
  const unlock = options.kind === 'pglite' ? lockDataDir(options.dataDir) : () => {};
  try {
    const dataDir = options.kind === 'pglite' ? path.join(options.dataDir, 'pg') : undefined;
    const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
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
