import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { createPoller } from '../../lib/poller.ts';
import { outbox } from '../../db/schema.ts';
import type { EmailMessage } from '../mail/mail.ts';
import { inlineImage } from '../mail/inline-image.ts';
import { PermanentMailError, type MailAttachment, type Mailer } from '../mail/mailer.ts';
import type { FileStorage } from '../storage/storage.ts';

/** How long a claimed message is hidden from other workers while it is being sent. */
export const OUTBOX_LEASE_SECONDS = 5 * 60;
/** Rows claimed per statement; they are sent side by side, each within its own lease. */
const CLAIM_BATCH = 10;
const MAX_ERROR_LENGTH = 2000;
/** Recording a sent message stops retrying this long before its lease ends. */
const MARK_DELIVERED_MARGIN_SECONDS = 30;

/** Exponential backoff after the n-th failed attempt: 2 s, 4 s, 8 s … never more than `maxSeconds`. */
export function retryDelaySeconds(attempts: number, maxSeconds: number): number {
  return Math.min(2 ** attempts, maxSeconds);
}

const EmailMessageSchema = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  replyTo: z.object({ name: z.string(), address: z.string() }).optional(),
  html: z.string().optional(),
  attachments: z
    .array(z.object({ filename: z.string(), storageKey: z.string(), cid: z.string().optional() }))
    .optional(),
}) satisfies z.ZodType<EmailMessage>;

type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface OutboxWorkerDeps {
  db: Db;
  mailer: Mailer;
  storage: FileStorage;
  logger: Logger;
  pollMs: number;
  /** Attempts are never further apart than this (OUTBOX_MAX_RETRY_DELAY_SECONDS). */
  maxRetryDelaySeconds: number;
  /** A message that still fails this long after it was queued is marked failed (OUTBOX_MAX_AGE_SECONDS). */
  maxAgeSeconds: number;
}

/** What one `deliverDue()` did. */
export interface DeliveryRound {
  delivered: number;
  failed: number;
}

export interface OutboxWorker {
  /** Sends every message that is due now, once; tests call it instead of waiting for the poll. */
  deliverDue(): Promise<DeliveryRound>;
  /** Polls every `pollMs` until `stop()`; rounds never overlap and the timer keeps no process alive. */
  start(): void;
  /** Stops polling and waits for a round in flight. */
  stop(): Promise<void>;
}

type ClaimedRow = { id: number; payload: unknown; attempts: number; messageId: string };

// Computed by the database clock, which every instance shares.
const secondsFromNow = (seconds: number) =>
  sql`now() + make_interval(secs => ${seconds}::double precision)`;

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.slice(0, MAX_ERROR_LENGTH);
}

/**
 * The mail outbox's worker (docs/decisions/0006): claims due rows with `FOR UPDATE SKIP LOCKED`
 * in one statement that also leases them, sends outside any transaction, then records the result.
 */
export function createOutboxWorker(deps: OutboxWorkerDeps): OutboxWorker {
  const { db, mailer, storage, logger } = deps;

  /** Takes up to CLAIM_BATCH due emails: two workers never get the same row. */
  function claimDue(): Promise<ClaimedRow[]> {
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, 'email'),
          isNull(outbox.deliveredAt),
          isNull(outbox.failedAt),
          lte(outbox.availableAt, sql`now()`),
        ),
      )
      .orderBy(asc(outbox.availableAt), asc(outbox.id))
      .limit(CLAIM_BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(outbox)
      .set({
        availableAt: secondsFromNow(OUTBOX_LEASE_SECONDS),
        attempts: sql`${outbox.attempts} + 1`,
      })
      .where(inArray(outbox.id, due))
      .returning({
        id: outbox.id,
        payload: outbox.payload,
        attempts: outbox.attempts,
        messageId: outbox.messageId,
      });
  }

  async function readAttachments(message: EmailMessage): Promise<MailAttachment[]> {
    const read = await Promise.all(
      (message.attachments ?? []).map(async ({ filename, storageKey, cid }) => {
        const file = await storage.get(storageKey);
        // A picture deleted since leaves an empty square; a missing document is worth a retry.
        if (!file && cid) return [];
        if (!file) throw new Error(`attachment ${storageKey} is not in the file storage`);
        if (!cid) return [{ filename, content: file.body, contentType: file.contentType }];
        // A picture that no longer decodes must not hold back the email either.
        const content = await inlineImage(file.body).catch(() => null);
        return content ? [{ filename, content, contentType: 'image/jpeg', cid }] : [];
      }),
    );
    return read.flat();
  }

  /**
   * A message is retried until it is `maxAgeSeconds` old, its last wait cut short so the final
   * attempt falls on that age; a failure past it, or a permanent one, marks it failed for good.
   */
  async function recordFailure(row: ClaimedRow, error: string, isPermanent: boolean) {
    const maxAge = sql`make_interval(secs => ${deps.maxAgeSeconds}::double precision)`;
    const givesUp = isPermanent ? sql`true` : sql`now() - ${outbox.queuedAt} >= ${maxAge}`;
    const [recorded] = await db
      .update(outbox)
      .set({
        lastError: error,
        failedAt: sql`case when ${givesUp} then now() end`,
        availableAt: sql`case when ${givesUp} then now() else least(${secondsFromNow(
          retryDelaySeconds(row.attempts, deps.maxRetryDelaySeconds),
        )}, ${outbox.queuedAt} + ${maxAge}) end`,
      })
      .where(eq(outbox.id, row.id))
      .returning({ failedAt: outbox.failedAt, queuedAt: outbox.queuedAt });
    const detail = { outboxId: row.id, attempts: row.attempts, error };
    if (recorded?.failedAt) {
      logger.error(
        { ...detail, queuedAt: recorded.queuedAt },
        'outbox message failed for good; requeue it with npm run admin -- outbox retry <id>',
      );
    } else {
      logger.warn(detail, 'outbox message failed; will retry');
    }
  }

  /** True when sent. */
  async function deliver(row: ClaimedRow): Promise<boolean> {
    const parsed = EmailMessageSchema.safeParse(row.payload);
    if (!parsed.success) {
      await recordFailure(row, `not an email: ${z.prettifyError(parsed.error)}`, true);
      return false;
    }
    try {
      await mailer.send(parsed.data, await readAttachments(parsed.data), row.messageId);
    } catch (error) {
      await recordFailure(row, errorText(error), error instanceof PermanentMailError);
      return false;
    }
    await markDelivered(row);
    logger.info({ outboxId: row.id, attempts: row.attempts }, 'outbox message delivered');
    return true;
  }

  /**
   * The mail went out: recording it is retried through a database outage for as long as the row's
   * lease hides it from other workers, since another attempt would send it a second time.
   */
  async function markDelivered(row: ClaimedRow) {
    const deadline = Date.now() + (OUTBOX_LEASE_SECONDS - MARK_DELIVERED_MARGIN_SECONDS) * 1000;
    for (let waitMs = 250; ; waitMs = Math.min(waitMs * 2, 5_000)) {
      try {
        await db
          .update(outbox)
          .set({ deliveredAt: sql`now()` })
          .where(and(eq(outbox.id, row.id), isNull(outbox.deliveredAt)));
        return;
      } catch (error) {
        if (Date.now() + waitMs >= deadline) throw error;
        logger.warn(
          { outboxId: row.id, error: errorText(error) },
          'a sent message could not be recorded as delivered yet; retrying',
        );
        await new Promise((resolve) => setTimeout(resolve, waitMs));
      }
    }
  }

  async function deliverDue(): Promise<DeliveryRound> {
    const round: DeliveryRound = { delivered: 0, failed: 0 };
    for (;;) {
      const rows = await claimDue();
      const results = await Promise.all(rows.map(deliver));
      for (const isSent of results) {
        if (isSent) round.delivered += 1;
        else round.failed += 1;
      }
      // Failed rows were pushed into the future, so the next claim only finds newer ones.
      if (rows.length < CLAIM_BATCH) return round;
    }
  }

  // Leased rows wait out their lease; the next round, after an outage, takes the rest.
  const poller = createPoller({
    round: deliverDue,
    intervalMs: deps.pollMs,
    logger,
    name: 'outbox round',
  });

  return { deliverDue, start: poller.start, stop: poller.stop };
}
