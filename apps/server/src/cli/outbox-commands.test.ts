import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { ZodError } from 'zod';
import type { App } from '../app.ts';
import { outbox } from '../db/schema.ts';
import { startTestSmtp, type TestSmtp } from '../integrations/mail/smtp-testing.ts';
import { enqueueEmail } from '../integrations/outbox/outbox.ts';
import { AppError } from '../lib/app-error.ts';
import { buildTestApp, TEST_ORIGIN } from '../test/test-app.ts';
import { runAdminCommand } from './admin-commands.ts';
import { OutboxUsageError } from './outbox-commands.ts';

/** The default give-up age: three days. */
const MAX_AGE_SECONDS = 259_200;

let smtp: TestSmtp;
let app: App;

beforeAll(async () => {
  smtp = await startTestSmtp();
  app = await buildTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Atelier <no-reply@atelier.test>' });
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

const run = (argv: string[]) =>
  runAdminCommand(argv, { db: app.database.db, auth: app.auth, publicUrl: TEST_ORIGIN });

const email = (to: string) => ({ to, subject: `Ship list for ${to}`, text: 'On their way.' });

async function rowOf(id: number) {
  const [row] = await app.database.db
    .select({
      attempts: outbox.attempts,
      messageId: outbox.messageId,
      failedAt: outbox.failedAt,
      deliveredAt: outbox.deliveredAt,
      ageSeconds: sql<number>`extract(epoch from now() - ${outbox.queuedAt})`.mapWith(Number),
    })
    .from(outbox)
    .where(eq(outbox.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

/** Queues a message and makes it older than the give-up age, by the database clock. */
async function enqueueOld(to: string) {
  const id = await enqueueEmail(app.database.db, email(to));
  await app.database.db
    .update(outbox)
    .set({ queuedAt: sql`now() - make_interval(secs => ${MAX_AGE_SECONDS + 60})` })
    .where(eq(outbox.id, id));
  return id;
}

describe('npm run admin -- outbox', () => {
  test('says so when no mail is waiting', async () => {
    expect(await run(['outbox'])).toBe('The outbox is empty: no pending and no failed messages.');
    const delivered = await enqueueEmail(app.database.db, email('done@clients.test'));
    await app.outbox.deliverDue();
    expect((await rowOf(delivered)).deliveredAt).toBeInstanceOf(Date);
    expect(await run(['outbox'])).toBe('The outbox is empty: no pending and no failed messages.');
    expect(await run(['outbox', 'retry', '--failed'])).toBe('No failed messages to requeue.');
  });

  test('a message past its age is failed, listed, requeued one by one or all at once, then delivered', async () => {
    const first = await enqueueOld('margaux@clients.test');
    const second = await enqueueOld('ines@clients.test');
    await smtp.stop();
    expect(await app.outbox.deliverDue()).toEqual({ delivered: 0, failed: 2 });
    const young = await enqueueEmail(app.database.db, email('camille@clients.test'));
    expect(await app.outbox.deliverDue()).toEqual({ delivered: 0, failed: 1 });

    for (const id of [first, second]) {
      expect(await rowOf(id)).toMatchObject({ attempts: 1, failedAt: expect.any(Date) });
    }
    expect((await rowOf(young)).failedAt).toBeNull();
    // Failed messages are not claimed again, however often the worker looks.
    await app.database.db.update(outbox).set({ availableAt: sql`now()` });
    await smtp.start();
    expect(await app.outbox.deliverDue()).toEqual({ delivered: 1, failed: 0 });
    expect(smtp.delivered().map((mail) => mail.to)).toEqual([['camille@clients.test']]);

    const listing = await run(['outbox']);
    const lines = listing.split('\n');
    expect(lines[0]).toBe('Failed (2):');
    expect(lines[1]).toMatch(
      new RegExp(
        `^  #${first} to margaux@clients\\.test, "Ship list for margaux@clients\\.test": 1 attempt; queued \\S+Z \\(created \\S+Z\\), failed \\S+Z$`,
      ),
    );
    expect(lines[2]).toMatch(/^ {6}last error: .*ECONNREFUSED/);
    expect(lines[3]).toMatch(new RegExp(`^  #${second} to ines@clients\\.test, `));
    expect(lines.at(-1)).toBe('Pending: none.');

    expect(await run(['outbox', 'retry', String(first)])).toBe(
      `Requeued outbox message #${first} to margaux@clients.test, to be sent now.`,
    );
    expect(await rowOf(first)).toMatchObject({ failedAt: null });
    expect((await rowOf(first)).ageSeconds).toBeLessThan(5);
    expect(await run(['outbox'])).toMatch(
      new RegExp(
        `^Failed \\(1\\):\n  #${second} [^]*\nPending \\(1\\):\n  #${first} .*, next attempt \\S+Z\n`,
      ),
    );
    expect(await app.outbox.deliverDue()).toEqual({ delivered: 1, failed: 0 });

    expect(await run(['outbox', 'retry', '--failed'])).toBe(
      `Requeued 1 failed message, to be sent now: #${second}.`,
    );
    expect(await app.outbox.deliverDue()).toEqual({ delivered: 1, failed: 0 });

    expect(smtp.delivered().map((mail) => mail.to)).toEqual([
      ['camille@clients.test'],
      ['margaux@clients.test'],
      ['ines@clients.test'],
    ]);
    expect(smtp.delivered()[1]!.messageId).toBe(`<${(await rowOf(first)).messageId}@atelier.test>`);
    expect(await run(['outbox'])).toBe('The outbox is empty: no pending and no failed messages.');
  });

  test('a delivered, pending or unknown message is not requeued, and says why', async () => {
    const delivered = await enqueueEmail(app.database.db, email('done@clients.test'));
    await app.outbox.deliverDue();
    await smtp.stop();
    const pending = await enqueueEmail(app.database.db, email('waiting@clients.test'));
    await app.outbox.deliverDue();

    await expect(run(['outbox', 'retry', String(delivered)])).rejects.toThrow(
      new RegExp(`^Outbox message #${delivered} was delivered at \\S+Z; it is not sent again\\.$`),
    );
    await expect(run(['outbox', 'retry', String(pending)])).rejects.toThrow(
      new RegExp(
        `^Outbox message #${pending} is pending, not failed: the outbox tries it again at`,
      ),
    );
    await expect(run(['outbox', 'retry', '424242'])).rejects.toThrow(
      new AppError('NOT_FOUND', 'Outbox message #424242 not found', 404),
    );
    expect(await rowOf(delivered)).toMatchObject({ attempts: 1, deliveredAt: expect.any(Date) });
    expect(await rowOf(pending)).toMatchObject({ attempts: 1, failedAt: null });
  });

  test('a malformed command line is refused with the usage', async () => {
    await expect(run(['outbox', 'retry'])).rejects.toThrow(OutboxUsageError);
    await expect(run(['outbox', 'retry', '1', '--failed'])).rejects.toThrow(/not both/);
    await expect(run(['outbox', 'resend'])).rejects.toThrow(/Unknown outbox command: resend/);
    await expect(run(['outbox', 'retry'])).rejects.toThrow(
      /outbox retry {3}<messageId> \| --failed/,
    );
    await expect(run(['outbox', 'retry', 'seven'])).rejects.toThrow(ZodError);
    await expect(run(['outbox', 'retry', '--all'])).rejects.toThrow(/Unknown option '--all'/);
  });
});

test('the command exits 1 with a clear message when it refuses', async () => {
  // Built by vitest.global-setup.ts, run as `npm run admin` runs it.
  const bundle = path.resolve(import.meta.dirname, '../../dist/admin.js');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-cli-'));
  try {
    const child = spawn(process.execPath, [bundle, 'outbox', 'retry', '7'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect({ code, stdout, stderr: stderr.trim() }).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Outbox message #7 not found',
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);
