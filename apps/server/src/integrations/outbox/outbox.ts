import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';
import type { EmailMessage } from '../mail/mail.ts';

/**
 * Queues an email in the caller's transaction: it is sent only if that transaction commits, and
 * it is never lost once it has (the outbox worker delivers it, with retries).
 */
export async function enqueueEmail(db: Db | Tx, message: EmailMessage): Promise<number> {
  const [row] = await db
    .insert(outbox)
    .values({ kind: 'email', payload: message })
    .returning({ id: outbox.id });
  if (!row) throw new Error('outbox insert returned no row');
  return row.id;
}

export interface OutboxBacklog {
  /** Waiting for delivery, retries included. */
  pending: number;
  /** Given up on: they wait for an operator's requeue. */
  failed: number;
}

/** The outbox's backlog, in one statement. */
export async function countOutboxBacklog(db: Db): Promise<OutboxBacklog> {
  const [row] = await db
    .select({
      pending: sql<number>`(count(*) filter (where ${outbox.deliveredAt} is null and ${outbox.failedAt} is null))::int`,
      failed: sql<number>`(count(*) filter (where ${outbox.failedAt} is not null))::int`,
    })
    .from(outbox);
  return row ?? { pending: 0, failed: 0 };
}
