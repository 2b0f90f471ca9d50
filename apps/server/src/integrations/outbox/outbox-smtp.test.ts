import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import { outbox } from '../../db/schema.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { startTestSmtp, type SmtpBehaviour, type TestSmtp } from '../mail/smtp-testing.ts';
import { enqueueEmail } from './outbox.ts';

/** Hours of outage pass in a second: attempts are at most 50 ms apart. */
const MAX_RETRY_DELAY_SECONDS = 0.05;

let smtp: TestSmtp;
let app: App;

beforeAll(async () => {
  smtp = await startTestSmtp();
  app = await buildTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Atelier <no-reply@atelier.test>',
    OUTBOX_MAX_RETRY_DELAY_SECONDS: String(MAX_RETRY_DELAY_SECONDS),
  });
});
afterAll(async () => {
  await app.close();
  await smtp.stop();
});
beforeEach(async () => {
  await app.database.db.delete(outbox);
  await smtp.start();
  smtp.state.behaviour = 'accept';
  smtp.state.dataAttempts.length = 0;
});

async function rowOf(id: number) {
  const [row] = await app.database.db
    .select({
      attempts: outbox.attempts,
      messageId: outbox.messageId,
      deliveredAt: outbox.deliveredAt,
      failedAt: outbox.failedAt,
      lastError: outbox.lastError,
      secondsUntilDue: sql<number>`extract(epoch from ${outbox.availableAt} - now())`.mapWith(
        Number,
      ),
    })
    .from(outbox)
    .where(eq(outbox.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const shipListEmail = (to: string) => ({
  to,
  subject: 'Your ship list',
  text: 'Your items are on their way.',
});

describe('the outbox over real SMTP', () => {
  test('through a long outage a message waits, then is delivered exactly once, every attempt with one Message-ID', async () => {
    const id = await enqueueEmail(app.database.db, shipListEmail('margaux@clients.test'));
    const expectedMessageId = `<${(await rowOf(id)).messageId}@atelier.test>`;
    // The server is down, then turns connections away, then takes the message and answers "later".
    const outage: ('down' | SmtpBehaviour)[] = [
      ...Array<'down'>(4).fill('down'),
      ...Array<'refuse'>(4).fill('refuse'),
      ...Array<'defer'>(4).fill('defer'),
    ];
    const failedRounds: { attempts: number; error: string | null; secondsUntilDue: number }[] = [];

    const deadline = Date.now() + 20_000;
    for (let round = 0; round < 500 && Date.now() < deadline; round += 1) {
      const before = await rowOf(id);
      if (before.deliveredAt) break;
      const phase = outage[before.attempts] ?? 'accept';
      if (phase === 'down') {
        await smtp.stop();
      } else {
        await smtp.start();
        smtp.state.behaviour = phase;
      }
      const result = await app.outbox.deliverDue();
      if (result.failed > 0) {
        const after = await rowOf(id);
        failedRounds.push({
          attempts: after.attempts,
          error: after.lastError,
          secondsUntilDue: after.secondsUntilDue,
        });
      }
      await pause(20);
    }

    const delivered = await rowOf(id);
    expect(delivered).toMatchObject({
      attempts: 13,
      failedAt: null,
      deliveredAt: expect.any(Date),
    });
    expect(failedRounds.map((round) => round.attempts)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    expect(failedRounds.slice(0, 4).map((round) => round.error)).toEqual(
      Array(4).fill(expect.stringMatching(/ECONNREFUSED/)),
    );
    expect(failedRounds[4]!.error).toMatch(/421 Service not available/);
    expect(failedRounds[8]!.error).toMatch(/451 Local error in processing/);
    // However many attempts failed, the next one was never more than the longest delay away.
    for (const round of failedRounds) {
      expect(round.secondsUntilDue).toBeLessThanOrEqual(MAX_RETRY_DELAY_SECONDS);
    }

    expect(smtp.state.dataAttempts.map((attempt) => attempt.behaviour)).toEqual([
      'defer',
      'defer',
      'defer',
      'defer',
      'accept',
    ]);
    expect(smtp.state.dataAttempts.map((attempt) => attempt.messageId)).toEqual(
      Array(5).fill(expectedMessageId),
    );
    expect(smtp.delivered()).toHaveLength(1);
    expect(smtp.delivered()[0]!.to).toEqual(['margaux@clients.test']);

    // Delivered means done: later rounds send nothing more.
    for (let round = 0; round < 3; round += 1) {
      await pause(MAX_RETRY_DELAY_SECONDS * 1000 + 20);
      expect(await app.outbox.deliverDue()).toEqual({ delivered: 0, failed: 0 });
    }
    expect(smtp.state.dataAttempts).toHaveLength(5);
  });

  test('after a lost reply the retry carries the Message-ID of the first attempt', async () => {
    const id = await enqueueEmail(app.database.db, shipListEmail('ines@clients.test'));
    const other = await enqueueEmail(app.database.db, shipListEmail('camille@clients.test'));

    // The server reads both messages to the end, then hangs up before saying "250 OK".
    smtp.state.behaviour = 'drop';
    expect(await app.outbox.deliverDue()).toEqual({ delivered: 0, failed: 2 });
    expect((await rowOf(id)).lastError).toMatch(/Connection closed unexpectedly|ECONNRESET/);

    smtp.state.behaviour = 'accept';
    await pause(MAX_RETRY_DELAY_SECONDS * 1000 + 20);
    expect(await app.outbox.deliverDue()).toEqual({ delivered: 2, failed: 0 });

    const idOf = async (rowId: number) => `<${(await rowOf(rowId)).messageId}@atelier.test>`;
    const attemptsTo = (to: string) =>
      smtp.state.dataAttempts
        .filter((attempt) => attempt.to.includes(to))
        .map(({ behaviour, messageId }) => ({ behaviour, messageId }));
    expect(attemptsTo('ines@clients.test')).toEqual([
      { behaviour: 'drop', messageId: await idOf(id) },
      { behaviour: 'accept', messageId: await idOf(id) },
    ]);
    expect(attemptsTo('camille@clients.test')).toEqual([
      { behaviour: 'drop', messageId: await idOf(other) },
      { behaviour: 'accept', messageId: await idOf(other) },
    ]);
    expect(await idOf(id)).not.toBe(await idOf(other));
  });

  test('a recipient the server refuses for good is failed at once, not retried for days', async () => {
    const id = await enqueueEmail(app.database.db, shipListEmail('gone@clients.test'));
    smtp.state.behaviour = 'reject';
    expect(await app.outbox.deliverDue()).toEqual({ delivered: 0, failed: 1 });
    expect(await rowOf(id)).toMatchObject({
      attempts: 1,
      failedAt: expect.any(Date),
      lastError: expect.stringMatching(/550 No such mailbox: gone@clients\.test/),
    });

    smtp.state.behaviour = 'accept';
    await pause(MAX_RETRY_DELAY_SECONDS * 1000 + 20);
    expect(await app.outbox.deliverDue()).toEqual({ delivered: 0, failed: 0 });
    expect(smtp.state.connections).toBeGreaterThan(0);
    expect(smtp.delivered()).toEqual([]);
  });
});
