import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import { outbox } from '../../db/schema.ts';
import { buildTestApp } from '../../test/test-app.ts';
import type { EmailMessage } from '../mail/mail.ts';
import { PermanentMailError, type MailAttachment, type Mailer } from '../mail/mailer.ts';
import { createOutboxWorker, retryDelaySeconds, type OutboxWorkerDeps } from './outbox-worker.ts';
import { enqueueEmail } from './outbox.ts';

let app: App;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());
beforeEach(async () => {
  await app.database.db.delete(outbox);
});

interface Sent {
  message: EmailMessage;
  attachments: readonly MailAttachment[];
  messageId: string;
}

/** A mailer that keeps what it sends; `failWith` makes the next sends fail. */
function capturingMailer() {
  const sent: Sent[] = [];
  const state = {
    failWith: null as Error | string | null,
    delayMs: 0,
    calls: 0,
    messageIds: [] as string[],
  };
  const mailer: Mailer = {
    async send(message, attachments, messageId) {
      state.calls += 1;
      state.messageIds.push(messageId);
      if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      if (state.failWith instanceof Error) throw state.failWith;
      if (state.failWith) throw new Error(state.failWith);
      sent.push({ message, attachments, messageId });
    },
  };
  return { mailer, sent, state };
}

function capturingLogger() {
  const lines: { level: number; msg: string; outboxId?: number }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const MAX_RETRY_DELAY_SECONDS = 3600;
const MAX_AGE_SECONDS = 3 * 24 * 3600;

function workerWith(
  mailer: Mailer,
  logger = pino({ level: 'silent' }),
  settings: Partial<Pick<OutboxWorkerDeps, 'maxRetryDelaySeconds' | 'maxAgeSeconds'>> = {},
) {
  return createOutboxWorker({
    db: app.database.db,
    mailer,
    storage: app.storage,
    logger,
    pollMs: 50,
    maxRetryDelaySeconds: MAX_RETRY_DELAY_SECONDS,
    maxAgeSeconds: MAX_AGE_SECONDS,
    ...settings,
  });
}

const email = (to: string): EmailMessage => ({
  to,
  subject: `Hello ${to}`,
  text: 'Your quotes are ready.',
});

async function rowOf(id: number) {
  const [row] = await app.database.db
    .select({
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      deliveredAt: outbox.deliveredAt,
      failedAt: outbox.failedAt,
      messageId: outbox.messageId,
      secondsUntilDue: sql<number>`extract(epoch from ${outbox.availableAt} - now())`.mapWith(
        Number,
      ),
    })
    .from(outbox)
    .where(eq(outbox.id, id));
  return row!;
}

/** Makes a row as old as `seconds`, by the database clock the worker reads. */
async function ageBy(id: number, seconds: number) {
  await app.database.db
    .update(outbox)
    .set({ queuedAt: sql`now() - make_interval(secs => ${seconds}::double precision)` })
    .where(eq(outbox.id, id));
}

/** Lets the time a row waits pass. */
async function makeDue(id: number) {
  await app.database.db
    .update(outbox)
    .set({ availableAt: sql`now() - interval '1 second'` })
    .where(eq(outbox.id, id));
}

describe('outbox worker', () => {
  test('an email queued in a transaction that rolls back is never sent', async () => {
    const { mailer, sent } = capturingMailer();
    await expect(
      app.database.db.transaction(async (tx) => {
        await enqueueEmail(tx, email('rolled-back@clients.test'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await workerWith(mailer).deliverDue()).toEqual({ delivered: 0, failed: 0 });
    expect(sent).toEqual([]);
  });

  test('a committed email is sent once with its stored attachments, and marked delivered', async () => {
    const { mailer, sent } = capturingMailer();
    const pdf = Buffer.from('%PDF-1.7 ship list');
    await app.storage.put('ship-lists/outbox-test.pdf', pdf, 'application/pdf');
    const id = await enqueueEmail(app.database.db, {
      ...email('margaux@clients.test'),
      attachments: [{ filename: 'ship-list.pdf', storageKey: 'ship-lists/outbox-test.pdf' }],
    });
    const worker = workerWith(mailer);

    expect(await worker.deliverDue()).toEqual({ delivered: 1, failed: 0 });
    expect(sent).toEqual([
      {
        message: expect.objectContaining({ to: 'margaux@clients.test' }),
        attachments: [{ filename: 'ship-list.pdf', content: pdf, contentType: 'application/pdf' }],
        messageId: (await rowOf(id)).messageId,
      },
    ]);
    expect(await rowOf(id)).toMatchObject({ attempts: 1, lastError: null });
    expect((await rowOf(id)).deliveredAt).toBeInstanceOf(Date);

    await makeDue(id);
    expect(await worker.deliverDue()).toEqual({ delivered: 0, failed: 0 });
    expect(sent).toHaveLength(1);
  });

  test('a failed send records the error and waits its backoff, then is sent once', async () => {
    const { mailer, sent, state } = capturingMailer();
    const { logger, lines } = capturingLogger();
    const worker = workerWith(mailer, logger);
    const id = await enqueueEmail(app.database.db, email('retry@clients.test'));

    state.failWith = 'SMTP server unavailable';
    expect(await worker.deliverDue()).toEqual({ delivered: 0, failed: 1 });
    const failed = await rowOf(id);
    expect(failed).toMatchObject({
      attempts: 1,
      lastError: 'SMTP server unavailable',
      deliveredAt: null,
    });
    expect(failed.failedAt).toBeNull();
    expect(failed.secondsUntilDue).toBeGreaterThan(retryDelaySeconds(1, 3600) - 1);
    expect(failed.secondsUntilDue).toBeLessThanOrEqual(retryDelaySeconds(1, 3600));
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        outboxId: id,
        msg: 'outbox message failed; will retry',
      }),
    );

    state.failWith = null;
    expect(await worker.deliverDue()).toEqual({ delivered: 0, failed: 0 });
    expect(sent).toEqual([]);

    await makeDue(id);
    expect(await worker.deliverDue()).toEqual({ delivered: 1, failed: 0 });
    expect(await worker.deliverDue()).toEqual({ delivered: 0, failed: 0 });
    expect(sent.map((entry) => entry.message.to)).toEqual(['retry@clients.test']);
    const delivered = await rowOf(id);
    expect(delivered).toMatchObject({ attempts: 2, deliveredAt: expect.any(Date) });
    // Both attempts named the message alike, so a receiver can tell the second is the same mail.
    expect(state.messageIds).toEqual([delivered.messageId, delivered.messageId]);
  });

  test('a missing attachment is a failed attempt, not a mail without it', async () => {
    const { mailer, sent } = capturingMailer();
    const id = await enqueueEmail(app.database.db, {
      ...email('attachment@clients.test'),
      attachments: [{ filename: 'label.pdf', storageKey: 'labels/never-stored.pdf' }],
    });
    expect(await workerWith(mailer).deliverDue()).toEqual({ delivered: 0, failed: 1 });
    expect(sent).toEqual([]);
    expect((await rowOf(id)).lastError).toBe(
      'attachment labels/never-stored.pdf is not in the file storage',
    );
  });

  test('however many attempts failed, a message younger than its age is tried again, at most the longest delay later', async () => {
    const { mailer, state } = capturingMailer();
    const worker = workerWith(mailer);
    const id = await enqueueEmail(app.database.db, email('patient@clients.test'));
    await app.database.db.update(outbox).set({ attempts: 200 }).where(eq(outbox.id, id));
    await ageBy(id, MAX_AGE_SECONDS - 2 * MAX_RETRY_DELAY_SECONDS);

    state.failWith = 'connect ECONNREFUSED 127.0.0.1:25';
    expect(await worker.deliverDue()).toEqual({ delivered: 0, failed: 1 });
    const row = await rowOf(id);
    expect(row).toMatchObject({ attempts: 201, failedAt: null, deliveredAt: null });
    expect(row.secondsUntilDue).toBeGreaterThan(MAX_RETRY_DELAY_SECONDS - 5);
    expect(row.secondsUntilDue).toBeLessThanOrEqual(MAX_RETRY_DELAY_SECONDS);
  });

  test('the last wait is cut short so the final attempt falls on the give-up age', async () => {
    const { mailer, state } = capturingMailer();
    const worker = workerWith(mailer);
    const id = await enqueueEmail(app.database.db, email('deadline@clients.test'));
    await app.database.db.update(outbox).set({ attempts: 30 }).where(eq(outbox.id, id));
    await ageBy(id, MAX_AGE_SECONDS - 60);

    state.failWith = 'connect ECONNREFUSED 127.0.0.1:25';
    await worker.deliverDue();
    const row = await rowOf(id);
    expect(row.failedAt).toBeNull();
    expect(row.secondsUntilDue).toBeGreaterThan(55);
    expect(row.secondsUntilDue).toBeLessThanOrEqual(60);
  });

  test('a message that still fails past its age is marked failed, logged as an error, and never claimed again', async () => {
    const { mailer, sent, state } = capturingMailer();
    const { logger, lines } = capturingLogger();
    const worker = workerWith(mailer, logger);
    const id = await enqueueEmail(app.database.db, email('hopeless@clients.test'));
    await app.database.db.update(outbox).set({ attempts: 80 }).where(eq(outbox.id, id));
    await ageBy(id, MAX_AGE_SECONDS + 1);

    state.failWith = 'connect ECONNREFUSED 127.0.0.1:25';
    expect(await worker.deliverDue()).toEqual({ delivered: 0, failed: 1 });
    const row = await rowOf(id);
    expect(row).toMatchObject({
      attempts: 81,
      lastError: 'connect ECONNREFUSED 127.0.0.1:25',
      deliveredAt: null,
      failedAt: expect.any(Date),
    });
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 50,
        outboxId: id,
        attempts: 81,
        msg: 'outbox message failed for good; requeue it with npm run admin -- outbox retry <id>',
      }),
    );

    // Even once its time comes round and the mail server is back, it waits for an operator.
    state.failWith = null;
    await makeDue(id);
    expect(await worker.deliverDue()).toEqual({ delivered: 0, failed: 0 });
    expect(sent).toEqual([]);
    expect(state.calls).toBe(1);
  });

  test('a message past its age that has not failed yet is still tried, and sent', async () => {
    const { mailer, sent } = capturingMailer();
    const id = await enqueueEmail(app.database.db, email('late@clients.test'));
    await ageBy(id, MAX_AGE_SECONDS + 3600);
    expect(await workerWith(mailer).deliverDue()).toEqual({ delivered: 1, failed: 0 });
    expect(sent.map((entry) => entry.message.to)).toEqual(['late@clients.test']);
    expect(await rowOf(id)).toMatchObject({ failedAt: null, deliveredAt: expect.any(Date) });
  });

  test('a permanent refusal fails a young message at once', async () => {
    const { mailer, state } = capturingMailer();
    const { logger, lines } = capturingLogger();
    const id = await enqueueEmail(app.database.db, email('nobody@clients.test'));
    state.failWith = new PermanentMailError('Recipient command failed: 550 No such mailbox');
    expect(await workerWith(mailer, logger).deliverDue()).toEqual({ delivered: 0, failed: 1 });
    expect(await rowOf(id)).toMatchObject({
      attempts: 1,
      lastError: 'Recipient command failed: 550 No such mailbox',
      failedAt: expect.any(Date),
    });
    expect(lines).toContainEqual(expect.objectContaining({ level: 50, outboxId: id }));
  });

  test('two workers delivering at once send each message exactly once', async () => {
    const first = capturingMailer();
    const second = capturingMailer();
    first.state.delayMs = 5;
    second.state.delayMs = 5;
    const recipients = Array.from({ length: 25 }, (_, index) => `many-${index}@clients.test`);
    for (const to of recipients) await enqueueEmail(app.database.db, email(to));

    const rounds = await Promise.all([
      workerWith(first.mailer).deliverDue(),
      workerWith(second.mailer).deliverDue(),
    ]);
    expect(rounds.reduce((sum, round) => sum + round.delivered, 0)).toBe(recipients.length);
    const sentTo = [...first.sent, ...second.sent].map((entry) => entry.message.to);
    expect(sentTo.sort()).toEqual([...recipients].sort());
    expect(await workerWith(first.mailer).deliverDue()).toEqual({ delivered: 0, failed: 0 });
  });

  test('started, it delivers on its own; stopped, it waits for the round in flight', async () => {
    const { mailer, sent, state } = capturingMailer();
    state.delayMs = 100;
    const worker = workerWith(mailer);
    await enqueueEmail(app.database.db, email('polled@clients.test'));
    worker.start();
    worker.start();
    await expect.poll(() => state.calls, { timeout: 5_000 }).toBe(1);
    expect(sent).toEqual([]);
    await worker.stop();
    expect(sent.map((entry) => entry.message.to)).toEqual(['polled@clients.test']);

    await enqueueEmail(app.database.db, email('after-stop@clients.test'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sent).toHaveLength(1);
  });

  test('the app builds a worker the server starts and tests call', async () => {
    const id = await enqueueEmail(app.database.db, email('app@clients.test'));
    expect(await app.outbox.deliverDue()).toEqual({ delivered: 1, failed: 0 });
    expect((await rowOf(id)).deliveredAt).toBeInstanceOf(Date);
  });
});

test('the backoff doubles from 2 s and stops growing at the longest delay', () => {
  expect([1, 2, 3, 10, 11, 12, 30, 2000].map((n) => retryDelaySeconds(n, 3600))).toEqual([
    2, 4, 8, 1024, 2048, 3600, 3600, 3600,
  ]);
  expect([1, 5, 9].map((n) => retryDelaySeconds(n, 300))).toEqual([2, 32, 300]);
  expect(retryDelaySeconds(1, 0.05)).toBe(0.05);
});
