import type { FastifyBaseLogger } from 'fastify';
import { inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  accessLinks,
  authRateLimits,
  clientAnswers,
  notifications,
  outbox,
  rateLimitHits,
  signInFailures,
} from '../../db/schema.ts';
import type { ObjectStore } from '../../integrations/storage/storage.ts';
import { createPoller, type Poller } from '../../lib/poller.ts';
import { finishFileDeletions } from './file-deletions.ts';

/** Rows deleted per statement: a sweep never holds many locks or a long transaction. */
const BATCH = 500;
/** A sweep stops after this many batches of one kind; the next sweep takes the rest. */
const MAX_BATCHES = 20;
/** Better Auth's sign-in counters: their windows are minutes long, a day is long past them. */
const AUTH_RATE_LIMIT_KEEP_MS = 24 * 60 * 60 * 1000;

export interface RetentionDeps {
  db: Db;
  storage: Pick<ObjectStore, 'delete'>;
  /** RETENTION_DAYS: how long delivered mail, read notifications and ended links are kept. */
  retentionDays: number;
  /** RETENTION_SWEEP_MS */
  sweepMs: number;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

export interface RetentionSweep {
  outbox: number;
  notifications: number;
  accessLinks: number;
  rateLimits: number;
  signInFailures: number;
  filesDeleted: number;
}

export interface Retention extends Poller {
  /** One sweep now; tests call it instead of waiting. */
  sweep(): Promise<RetentionSweep>;
}

/**
 * Deletes the rows of `table` that `where` picks, a batch at a time. Each batch locks its rows
 * with SKIP LOCKED, so two instances sweeping at once take different rows and neither waits.
 */
async function pruneInBatches(db: Db, table: PgTable, key: AnyPgColumn, where: SQL) {
  let pruned = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const picked = db
      .select({ key })
      .from(table)
      .where(where)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const deleted = await db.delete(table).where(inArray(key, picked)).returning({ key });
    pruned += deleted.length;
    if (deleted.length < BATCH) break;
  }
  return pruned;
}

/**
 * What Atelier keeps only for a while (docs/decisions/0030): delivered mail, read notifications,
 * links long expired or revoked, ended rate-limit windows. Pending and failed mail, unread
 * notifications, live links and the audit log stay; so do links a client's answer was given through.
 */
export async function pruneExpired(db: Db, retentionDays: number) {
  const cutoff = sql`now() - make_interval(days => ${retentionDays}::int)`;
  return {
    outbox: await pruneInBatches(db, outbox, outbox.id, lt(outbox.deliveredAt, cutoff)),
    notifications: await pruneInBatches(
      db,
      notifications,
      notifications.id,
      lt(notifications.readAt, cutoff),
    ),
    accessLinks: await pruneInBatches(
      db,
      accessLinks,
      accessLinks.id,
      sql`(${accessLinks.expiresAt} < ${cutoff} or ${accessLinks.revokedAt} < ${cutoff})
        and not exists (select 1 from ${clientAnswers} where ${clientAnswers.accessLinkId} = ${accessLinks.id})`,
    ),
    rateLimits:
      (await pruneInBatches(
        db,
        rateLimitHits,
        rateLimitHits.key,
        lt(rateLimitHits.resetAt, sql`now()`),
      )) +
      (await pruneInBatches(
        db,
        authRateLimits,
        authRateLimits.id,
        lt(authRateLimits.lastRequest, Date.now() - AUTH_RATE_LIMIT_KEEP_MS),
      )),
    signInFailures: await pruneInBatches(
      db,
      signInFailures,
      signInFailures.email,
      sql`${signInFailures.updatedAt} < ${cutoff}
        and (${signInFailures.lockedUntil} is null or ${signInFailures.lockedUntil} < now())`,
    ),
  };
}

/** The background sweep of every instance: pruning, and the file deletions erasures left. */
export function createRetention(deps: RetentionDeps): Retention {
  async function sweep(): Promise<RetentionSweep> {
    const pruned = await pruneExpired(deps.db, deps.retentionDays);
    const files = await finishFileDeletions(deps.db, deps.storage);
    return { ...pruned, filesDeleted: files.deleted };
  }
  const poller = createPoller({
    round: sweep,
    intervalMs: deps.sweepMs,
    logger: deps.logger,
    name: 'retention sweep',
  });
  return { ...poller, sweep };
}
