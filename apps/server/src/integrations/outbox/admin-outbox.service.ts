import {
  OUTBOX_LIST_LIMIT,
  type OutboxListDocument,
  type OutboxListQuery,
  type OutboxMessage,
  type OutboxMessageDocument,
  type RequeueFailedAnswer,
} from '@atelier/contract';
import { and, asc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

const messageColumns = {
  id: outbox.id,
  to: sql<string | null>`${outbox.payload} ->> 'to'`,
  subject: sql<string | null>`${outbox.payload} ->> 'subject'`,
  messageId: outbox.messageId,
  attempts: outbox.attempts,
  queuedAt: outbox.queuedAt,
  createdAt: outbox.createdAt,
  availableAt: outbox.availableAt,
  failedAt: outbox.failedAt,
  deliveredAt: outbox.deliveredAt,
  lastError: outbox.lastError,
};

type MessageRow = {
  id: number;
  to: string | null;
  subject: string | null;
  messageId: string;
  attempts: number;
  queuedAt: Date;
  createdAt: Date;
  availableAt: Date;
  failedAt: Date | null;
  deliveredAt: Date | null;
  lastError: string | null;
};

function toOutboxMessage(row: MessageRow): OutboxMessage {
  const status = row.deliveredAt ? 'delivered' : row.failedAt ? 'failed' : 'pending';
  return {
    id: row.id,
    status,
    to: row.to,
    subject: row.subject,
    messageId: row.messageId,
    attempts: row.attempts,
    queuedAt: row.queuedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: status === 'pending' ? row.availableAt.toISOString() : null,
    failedAt: row.failedAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    lastError: row.lastError,
  };
}

const isFailed = and(isNull(outbox.deliveredAt), isNotNull(outbox.failedAt));
const isPending = and(isNull(outbox.deliveredAt), isNull(outbox.failedAt));

/** Undelivered messages (for the admin CLI's `outbox` and GET /api/admin/outbox), failed ones first, then oldest first; `meta` counts every one of them. */
export async function listOutbox(db: Db, query: OutboxListQuery): Promise<OutboxListDocument> {
  const where: SQL | undefined =
    query.status === 'failed' ? isFailed : query.status === 'pending' ? isPending : undefined;
  const rows = await db
    .select(messageColumns)
    .from(outbox)
    .where(where ?? isNull(outbox.deliveredAt))
    .orderBy(sql`${outbox.failedAt} is null`, asc(outbox.id))
    .limit(OUTBOX_LIST_LIMIT);
  const [counts] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${outbox.failedAt} is null)`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${outbox.failedAt} is not null)`.mapWith(Number),
    })
    .from(outbox)
    .where(isNull(outbox.deliveredAt));
  return { data: rows.map(toOutboxMessage), meta: counts ?? { pending: 0, failed: 0 } };
}

const requeued = {
  failedAt: null,
  availableAt: sql`now()`,
  queuedAt: sql`now()`,
};

/**
 * Queues a failed message again, due now and with its age counted afresh. A pending message is
 * refused: it may be in a worker's hands right now (its lease is its only mark), and making it
 * due again could hand it to a second sender.
 */
export async function requeueMessage(db: Db, id: number): Promise<OutboxMessageDocument> {
  const [row] = await db
    .update(outbox)
    .set(requeued)
    .where(and(eq(outbox.id, id), isFailed))
    .returning(messageColumns);
  if (row) return { data: toOutboxMessage(row) };

  const [existing] = await db.select(messageColumns).from(outbox).where(eq(outbox.id, id));
  if (!existing) throw AppError.notFound(`Outbox message #${id}`);
  if (existing.deliveredAt) {
    throw AppError.conflict(
      `Outbox message #${id} was delivered at ${existing.deliveredAt.toISOString()}; it is not sent again.`,
    );
  }
  throw AppError.conflict(
    `Outbox message #${id} is pending, not failed: the outbox tries it again at ${existing.availableAt.toISOString()}.`,
  );
}

/** Queues every failed message again, due now. */
export async function requeueFailed(db: Db): Promise<RequeueFailedAnswer> {
  const rows = await db.update(outbox).set(requeued).where(isFailed).returning({ id: outbox.id });
  return { requeued: rows.map((row) => row.id).sort((a, b) => a - b) };
}
