import {
  ErrorBodySchema,
  OutboxListDocumentSchema,
  OutboxMessageDocumentSchema,
  RequeueFailedAnswerSchema,
} from '@atelier/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import { outbox } from '../../db/schema.ts';
import { buildTestApp, createTestAccount, tokenFor } from '../../test/test-app.ts';
import { startTestSmtp, type TestSmtp } from '../mail/smtp-testing.ts';
import { enqueueEmail } from './outbox.ts';

const MAX_AGE_SECONDS = 3600;

let smtp: TestSmtp;
let app: App;
let adminToken: string;
let stylistToken: string;

beforeAll(async () => {
  smtp = await startTestSmtp();
  app = await buildTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Atelier <no-reply@atelier.test>',
    OUTBOX_MAX_AGE_SECONDS: String(MAX_AGE_SECONDS),
  });
  adminToken = await tokenFor(app, (await createTestAccount(app, { role: 'admin' })).email);
  stylistToken = await tokenFor(app, (await createTestAccount(app)).email);
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

function call(token: string | null, method: 'GET' | 'POST', url: string) {
  return app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

const email = (to: string) => ({ to, subject: `Ship list for ${to}`, text: 'On their way.' });

/** Queues a message older than OUTBOX_MAX_AGE_SECONDS, by the database clock. */
async function enqueueOld(to: string) {
  const id = await enqueueEmail(app.database.db, email(to));
  await app.database.db
    .update(outbox)
    .set({ queuedAt: sql`now() - make_interval(secs => ${MAX_AGE_SECONDS + 1})` })
    .where(eq(outbox.id, id));
  return id;
}

async function list(query = '') {
  const response = await call(adminToken, 'GET', `/api/admin/outbox${query}`);
  expect(response.statusCode).toBe(200);
  return OutboxListDocumentSchema.parse(response.json());
}

describe('the outbox on the admin API', () => {
  test('a message past its age is failed, listed, requeued, and then delivered', async () => {
    const first = await enqueueOld('margaux@clients.test');
    const second = await enqueueOld('ines@clients.test');
    const young = await enqueueEmail(app.database.db, email('camille@clients.test'));
    await smtp.stop();
    expect(await app.outbox.deliverDue()).toEqual({ delivered: 0, failed: 3 });

    const all = await list();
    expect(all.meta).toEqual({ pending: 1, failed: 2 });
    expect(all.data.map(({ id, status }) => ({ id, status }))).toEqual([
      { id: first, status: 'failed' },
      { id: second, status: 'failed' },
      { id: young, status: 'pending' },
    ]);
    const [failed] = all.data;
    expect(failed).toMatchObject({
      to: 'margaux@clients.test',
      subject: 'Ship list for margaux@clients.test',
      attempts: 1,
      nextAttemptAt: null,
      deliveredAt: null,
      lastError: expect.stringMatching(/ECONNREFUSED/),
    });
    expect(Date.parse(failed!.failedAt!)).toBeGreaterThan(Date.parse(failed!.queuedAt));
    expect(all.data[2]).toMatchObject({ failedAt: null, nextAttemptAt: expect.any(String) });
    expect((await list('?status=failed')).data.map((message) => message.id)).toEqual([
      first,
      second,
    ]);
    expect((await list('?status=pending')).data.map((message) => message.id)).toEqual([young]);

    await smtp.start();
    const retried = await call(adminToken, 'POST', `/api/admin/outbox/${first}/retry`);
    expect(retried.statusCode).toBe(200);
    const { data } = OutboxMessageDocumentSchema.parse(retried.json());
    expect(data).toMatchObject({ id: first, status: 'pending', failedAt: null, attempts: 1 });
    expect(Date.parse(data.queuedAt)).toBeGreaterThan(Date.parse(failed!.failedAt!));
    expect(await app.outbox.deliverDue()).toEqual({ delivered: 1, failed: 0 });
    expect(smtp.delivered().map((mail) => mail.to)).toEqual([['margaux@clients.test']]);
    expect(smtp.delivered()[0]!.messageId).toBe(`<${data.messageId}@atelier.test>`);

    const requeueAll = await call(adminToken, 'POST', '/api/admin/outbox/retry-failed');
    expect(requeueAll.statusCode).toBe(200);
    expect(RequeueFailedAnswerSchema.parse(requeueAll.json())).toEqual({ requeued: [second] });
    expect(await app.outbox.deliverDue()).toEqual({ delivered: 1, failed: 0 });
    expect(smtp.delivered().map((mail) => mail.to)).toEqual([
      ['margaux@clients.test'],
      ['ines@clients.test'],
    ]);
    expect((await list()).meta).toEqual({ pending: 1, failed: 0 });

    const none = await call(adminToken, 'POST', '/api/admin/outbox/retry-failed');
    expect(none.json()).toEqual({ requeued: [] });
  });

  test('a delivered or pending message is refused with 409, an unknown one with 404', async () => {
    const delivered = await enqueueEmail(app.database.db, email('done@clients.test'));
    await app.outbox.deliverDue();
    await smtp.stop();
    const pending = await enqueueEmail(app.database.db, email('waiting@clients.test'));
    await app.outbox.deliverDue();

    const answers = await Promise.all(
      [delivered, pending, 424242].map((id) =>
        call(adminToken, 'POST', `/api/admin/outbox/${id}/retry`),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([409, 409, 404]);
    expect(answers.map((answer) => ErrorBodySchema.parse(answer.json()))).toEqual([
      {
        code: 'CONFLICT',
        message: expect.stringMatching(
          new RegExp(`^Outbox message #${delivered} was delivered at .*; it is not sent again\\.$`),
        ),
      },
      {
        code: 'CONFLICT',
        message: expect.stringMatching(new RegExp(`^Outbox message #${pending} is pending`)),
      },
      { code: 'NOT_FOUND', message: 'Outbox message #424242 not found' },
    ]);
    const [row] = await app.database.db
      .select({ failedAt: outbox.failedAt, attempts: outbox.attempts })
      .from(outbox)
      .where(eq(outbox.id, pending));
    expect(row).toEqual({ failedAt: null, attempts: 1 });
  });

  test('bad input answers 400 in the error shape', async () => {
    for (const url of [
      '/api/admin/outbox?status=delivered',
      '/api/admin/outbox?status=failed&page=2',
    ]) {
      const response = await call(adminToken, 'GET', url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
      expect(ErrorBodySchema.parse(response.json()).code).toBe('VALIDATION_FAILED');
    }
    for (const id of ['seven', '0', '1.5', '99999999999']) {
      const response = await call(adminToken, 'POST', `/api/admin/outbox/${id}/retry`);
      expect({ id, status: response.statusCode }).toEqual({ id, status: 400 });
      expect(ErrorBodySchema.parse(response.json()).code).toBe('VALIDATION_FAILED');
    }
  });

  test('only admin staff see or requeue the outbox', async () => {
    const id = await enqueueOld('margaux@clients.test');
    await smtp.stop();
    await app.outbox.deliverDue();
    const calls = [
      ['GET', '/api/admin/outbox'],
      ['POST', `/api/admin/outbox/${id}/retry`],
      ['POST', '/api/admin/outbox/retry-failed'],
    ] as const;
    for (const [method, url] of calls) {
      const asStylist = await call(stylistToken, method, url);
      expect({ url, status: asStylist.statusCode }).toEqual({ url, status: 403 });
      expect(ErrorBodySchema.parse(asStylist.json()).code).toBe('FORBIDDEN');
      const anonymous = await call(null, method, url);
      expect({ url, status: anonymous.statusCode }).toEqual({ url, status: 401 });
    }
    expect((await list()).data).toEqual([
      expect.objectContaining({ id, status: 'failed', failedAt: expect.any(String) }),
    ]);
  });
});
