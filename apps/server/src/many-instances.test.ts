import {
  ErrorBodySchema,
  NotificationEventSchema,
  OfficeItemDocumentSchema,
  OfficeQueueDocumentSchema,
  ShippingLabelDocumentSchema,
  UploadedImageSchema,
} from '@atelier/contract';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, type App } from './app.ts';
import { outbox, quotes, quoteStatusHistory } from './db/schema.ts';
import { openStream } from './features/notifications/notifications-testing.ts';
import type { EmailMessage } from './integrations/mail/mail.ts';
import type { MailAttachment, Mailer } from './integrations/mail/mailer.ts';
import { enqueueEmail } from './integrations/outbox/outbox.ts';
import { insertClients, insertOffers, insertQuote } from './test/fixtures.ts';
import { solidImage } from './test/images.ts';
import { startS3 } from './test/s3.ts';
import {
  createTestAccount,
  createTestDatabase,
  randomAddress,
  signIn,
  TEST_ORIGIN,
  testConfig,
  tokenFor,
} from './test/test-app.ts';

/**
 * Two instances of Atelier on one PostgreSQL database and one S3 bucket, as behind a load balancer:
 * whatever a person does on one, the other sees. Needs PostgreSQL (TEST_DATABASE_URL); on PGlite a
 * database has one process by design.
 */
const runs = Boolean(process.env.TEST_DATABASE_URL);

interface Sent {
  instance: 'a' | 'b';
  message: EmailMessage;
  attachments: readonly MailAttachment[];
  messageId: string;
}

const sent: Sent[] = [];
const mailerFor = (instance: Sent['instance']): Mailer => ({
  async send(message, attachments, messageId) {
    // As slow as a real SMTP exchange, so the two workers' rounds overlap.
    await new Promise((resolve) => setTimeout(resolve, 20));
    sent.push({ instance, message, attachments, messageId });
  },
});

let s3: Awaited<ReturnType<typeof startS3>>;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let a: App;
let b: App;

beforeAll(async () => {
  if (!runs) return;
  s3 = await startS3();
  database = await createTestDatabase();
  const env = { DATABASE_URL: database.url, CLIENT_PAGE_RATE_LIMIT_MAX: '3', ...s3.env };
  // Both start at the same instant on an empty database: the migrations run once, under a lock.
  [a, b] = await Promise.all([
    buildApp(testConfig(env), { logger: false, mailer: mailerFor('a') }),
    buildApp(testConfig(env), { logger: false, mailer: mailerFor('b') }),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await database?.drop();
  await s3?.stop();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function stylistOn(app: App) {
  const stylist = await createTestAccount(app);
  return { ...stylist, stylistId: stylist.stylistId!, token: await tokenFor(app, stylist.email) };
}

describe.runIf(runs)('two instances on one database and one bucket', () => {
  test('both started together and both answer from the one migrated database', async () => {
    for (const app of [a, b]) {
      const ready = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode, ready.body).toBe(200);
    }
    const journal = JSON.parse(
      fs.readFileSync(path.join(import.meta.dirname, 'db/migrations/meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const applied = await client.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(applied.rows[0]?.n).toBe(journal.entries.length);
    } finally {
      await client.end();
    }
  });

  test('two staff claiming one item on A and B at once: one holds it, both instances name the same holder', async () => {
    const stylist = await stylistOn(a);
    const [client] = await insertClients(a.database.db, stylist.stylistId, [
      { firstName: 'Ada', lastName: 'Claim' },
    ]);
    const quoteId = await insertQuote(a.database.db, {
      stylistId: stylist.stylistId,
      clientId: client!.id,
      status: 'pending_authentication',
    });
    const staff = await Promise.all(
      (['authenticator', 'operations'] as const).map(async (role, index) => {
        const person = await createTestAccount(a, { role, firstName: role, lastName: 'Staff' });
        return { ...person, token: await tokenFor(index === 0 ? a : b, person.email) };
      }),
    );
    for (let round = 0; round < 5; round += 1) {
      const answers = await Promise.all(
        [a, b].map((app, index) =>
          app.inject({
            method: 'POST',
            url: `/api/office/items/${quoteId}/claim`,
            headers: bearer(staff[index]!.token),
            payload: {},
          }),
        ),
      );
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      const winner = answers.findIndex((answer) => answer.statusCode === 200);
      const holders = await Promise.all(
        [a, b].map(async (app) => {
          const page = await app.inject({
            method: 'GET',
            url: `/api/office/queues/to_authenticate?q=${quoteId}`,
            headers: bearer(staff[0]!.token),
          });
          return OfficeQueueDocumentSchema.parse(page.json()).data[0]?.holder?.userId;
        }),
      );
      expect(holders).toEqual([staff[winner]!.userId, staff[winner]!.userId]);
      // The holder lets go on the other instance, for the next round.
      const release = await [b, a][winner]!.inject({
        method: 'DELETE',
        url: `/api/office/items/${quoteId}/claim`,
        headers: bearer(staff[winner]!.token),
      });
      expect(release.statusCode, release.body).toBe(200);
    }
  });

  test('a second opinion proposed and approved on A and B at once: one decision waits, one approval takes it', async () => {
    const stylist = await stylistOn(a);
    const [client] = await insertClients(a.database.db, stylist.stylistId, [
      { firstName: 'Ada', lastName: 'Opinion' },
    ]);
    const quoteId = await insertQuote(a.database.db, {
      stylistId: stylist.stylistId,
      clientId: client!.id,
      status: 'authentication_in_progress',
    });
    const staff = await Promise.all(
      (['authenticator', 'operations', 'operations'] as const).map(async (role, index) => {
        const person = await createTestAccount(a, { role, firstName: role, lastName: `${index}` });
        return { ...person, token: await tokenFor(index % 2 === 0 ? a : b, person.email) };
      }),
    );
    const item = await a.inject({
      method: 'GET',
      url: `/api/office/items/${quoteId}`,
      headers: bearer(staff[0]!.token),
    });
    const { version } = OfficeItemDocumentSchema.parse(item.json()).data;
    const verdict = { decision: 'counterfeit', reason: 'The date code font is wrong.', version };
    const proposals = await Promise.all(
      [a, b].map((app, index) =>
        app.inject({
          method: 'POST',
          url: `/api/office/items/${quoteId}/decisions`,
          headers: bearer(staff[index]!.token),
          payload: verdict,
        }),
      ),
    );
    expect(proposals.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const author = staff[proposals.findIndex((answer) => answer.statusCode === 200)]!;
    // The two who did not propose it approve it at once, one on each instance.
    const reviewers = staff.filter((person) => person.userId !== author.userId);
    const approvals = await Promise.all(
      [a, b].map((app, index) =>
        app.inject({
          method: 'POST',
          url: `/api/office/items/${quoteId}/second-opinion`,
          headers: bearer(reviewers[index]!.token),
          payload: { verdict: 'approve' },
        }),
      ),
    );
    expect(approvals.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const steps = await a.database.db
      .select()
      .from(quoteStatusHistory)
      .where(and(eq(quoteStatusHistory.quoteId, quoteId), eq(quoteStatusHistory.toStatus, 'fake')));
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({ actorUserId: author.userId });
    for (const app of [a, b]) {
      const seen = await app.inject({
        method: 'GET',
        url: `/api/office/items/${quoteId}`,
        headers: bearer(staff[0]!.token),
      });
      expect(OfficeItemDocumentSchema.parse(seen.json()).data).toMatchObject({
        quote: { attributes: { status: 'fake' } },
        secondOpinion: null,
      });
    }
  });

  test('a token signed in on A opens the stylist’s clients on B', async () => {
    const stylist = await stylistOn(a);
    await insertClients(a.database.db, stylist.stylistId, [{ firstName: 'Ada', lastName: 'Moss' }]);
    const onB = await b.inject({
      method: 'GET',
      url: '/api/stylist/clients',
      headers: bearer(stylist.token),
    });
    expect(onB.statusCode, onB.body).toBe(200);
    expect(onB.body).toContain('Moss');
  });

  test('signing out on A ends the token on B at its next request and closes its stream there', async () => {
    const stylist = await createTestAccount(a);
    const { response, cookie } = await signIn(a, stylist.email);
    expect(response.statusCode).toBe(200);
    const tokenAnswer = await a.inject({
      method: 'GET',
      url: '/api/auth/token',
      headers: { cookie },
    });
    const { token } = tokenAnswer.json<{ token: string }>();
    const stream = await openStream(b, token);
    try {
      await stream.nextBlock(); // the retry: field
      const signOut = await a.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' },
        payload: {},
      });
      expect(signOut.statusCode).toBe(200);
      // B hears of it from PostgreSQL within milliseconds of the commit: its stream ends, and
      // the token it had checked (and remembered) is refused.
      await stream.untilEnded(5_000);
      const onB = await b.inject({
        method: 'GET',
        url: '/api/stylist/clients',
        headers: bearer(token),
      });
      expect(onB.statusCode).toBe(401);
    } finally {
      stream.close();
    }
  });

  test('a photo uploaded on A is read on B through its signed link, and a tampered link reads nothing', async () => {
    const stylist = await stylistOn(a);
    const form = new FormData();
    const png = await solidImage('png', 64, 32);
    form.append('image', new Blob([png], { type: 'image/png' }), 'bag.png');
    const uploaded = await a.inject({
      method: 'POST',
      url: '/api/stylist/white-glove-quotes/images',
      headers: bearer(stylist.token),
      payload: form,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { url, thumbnailUrl } = UploadedImageSchema.parse(uploaded.json());

    for (const link of [url, thumbnailUrl]) {
      const [fromA, fromB] = await Promise.all([
        a.inject({ method: 'GET', url: link }),
        b.inject({ method: 'GET', url: link }),
      ]);
      expect(fromB.statusCode, fromB.body).toBe(200);
      expect(fromB.headers['content-type']).toBe('image/webp');
      expect(fromB.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
    }

    const tampered = url.replace(
      /signature=./,
      (s) => s.slice(0, -1) + (s.endsWith('A') ? 'B' : 'A'),
    );
    const refused = await b.inject({ method: 'GET', url: tampered });
    expect(refused.statusCode).toBe(403);
    expect(ErrorBodySchema.parse(refused.json()).message).toBe('This file link is not valid.');
  });

  test('a notification made on A reaches a stream open on B', async () => {
    const stylist = await stylistOn(a);
    const admin = await createTestAccount(a, { role: 'admin' });
    const adminToken = await tokenFor(a, admin.email);
    const stream = await openStream(b, stylist.token);
    try {
      await stream.nextBlock(); // the retry: field
      const created = await a.inject({
        method: 'POST',
        url: '/api/admin/notifications',
        headers: bearer(adminToken),
        payload: {
          stylistEmail: stylist.email,
          kind: 'quote_status_changed',
          text: 'Your Kelly 28 was authenticated.',
          link: '/quotes/review/1',
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const event = await stream.nextEvent(10_000);
      expect(event.event).toBe('notification');
      expect(NotificationEventSchema.parse(event.data).notification.text).toBe(
        'Your Kelly 28 was authenticated.',
      );
    } finally {
      stream.close();
    }
  });

  test('a ship list made on A is mailed by B with its PDF, once', async () => {
    const stylist = await stylistOn(a);
    const [client] = await insertClients(a.database.db, stylist.stylistId, [
      { firstName: 'Margaux', lastName: 'Dubois' },
    ]);
    const quoteId = await insertQuote(a.database.db, {
      stylistId: stylist.stylistId,
      clientId: client!.id,
      status: 'offer_accepted',
      name: 'Classic Flap Bag',
      authenticationStatus: 'authentic',
      isApproved: true,
      acceptedOfferType: 'buyout',
    });
    await insertOffers(a.database.db, quoteId, { consignment: 1200_00, buyout: 800_00 });
    const label = await a.inject({
      method: 'POST',
      url: `/api/stylist/clients/${client!.id}/shipping-label`,
      headers: bearer(stylist.token),
      payload: { item_ids: [quoteId], emailClientShiplist: true },
    });
    expect(label.statusCode, label.body).toBe(201);
    const { data } = ShippingLabelDocumentSchema.parse(label.json());

    const labelOnB = await b.inject({ method: 'GET', url: data.label_url });
    expect(labelOnB.statusCode, labelOnB.body).toBe(200);
    expect(labelOnB.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const before = sent.length;
    expect(await b.outbox.deliverDue()).toEqual({ delivered: 1, failed: 0 });
    expect(await a.outbox.deliverDue()).toEqual({ delivered: 0, failed: 0 });
    const mails = sent.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      instance: 'b',
      message: { subject: 'Your ship list for 1 item' },
    });
    expect(mails[0]!.attachments[0]?.filename).toBe('ship-list.pdf');
    expect(mails[0]!.attachments[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('with both outbox workers polling, every message is sent exactly once', async () => {
    const before = sent.length;
    const subjects = Array.from({ length: 12 }, (_, i) => `Message ${i + 1} of 12`);
    for (const subject of subjects) {
      await enqueueEmail(a.database.db, {
        to: 'client@clients.test',
        subject,
        text: subject,
        html: `<p>${subject}</p>`,
      });
    }
    a.outbox.start();
    b.outbox.start();
    try {
      await expect
        .poll(
          async () =>
            (
              await a.database.db
                .select({ id: outbox.id })
                .from(outbox)
                .where(isNull(outbox.deliveredAt))
            ).length,
          { timeout: 20_000, interval: 100 },
        )
        .toBe(0);
    } finally {
      await Promise.all([a.outbox.stop(), b.outbox.stop()]);
    }
    const mails = sent.slice(before);
    expect(mails.map((mail) => mail.message.subject).sort()).toEqual([...subjects].sort());
    expect(new Set(mails.map((mail) => mail.messageId)).size).toBe(subjects.length);
    const delivered = await a.database.db
      .select({ attempts: outbox.attempts })
      .from(outbox)
      .where(eq(outbox.kind, 'email'));
    expect(delivered.every((row) => row.attempts === 1)).toBe(true);
  });

  test('both instances sweeping for offer reminders at once remind each client exactly once', async () => {
    const stylist = await stylistOn(a);
    const people = Array.from({ length: 6 }, (_, i) => ({
      firstName: `Reminded${i}`,
      lastName: 'Client',
    }));
    const clients = await insertClients(a.database.db, stylist.stylistId, people);
    const soon = new Date(Date.now() + 24 * 60 * 60 * 1000);
    for (const client of clients) {
      for (let n = 0; n < 2; n += 1) {
        const quoteId = await insertQuote(a.database.db, {
          stylistId: stylist.stylistId,
          clientId: client.id,
          status: 'offer_pending',
          isApproved: true,
        });
        await insertOffers(a.database.db, quoteId, { buyout: 500_00 });
        await a.database.db
          .update(quotes)
          .set({ offersExpireAt: soon })
          .where(eq(quotes.id, quoteId));
      }
    }
    const reminded = await Promise.all([
      a.offerReminders.remindDue(),
      b.offerReminders.remindDue(),
      a.offerReminders.remindDue(),
      b.offerReminders.remindDue(),
    ]);
    expect(reminded.reduce((sum, n) => sum + n, 0)).toBe(clients.length * 2);
    const queued = await a.database.db.select({ payload: outbox.payload }).from(outbox);
    const to = queued.map((row) => (row.payload as EmailMessage).to);
    for (const client of clients) {
      expect(to.filter((address) => address === client.email)).toHaveLength(1);
    }
  });

  test('the client pages’ limit is one budget across both instances', async () => {
    const address = randomAddress();
    const visit = (app: App) =>
      app.inject({
        method: 'GET',
        url: `/api/client/curated/${'A'.repeat(43)}`,
        remoteAddress: address,
      });
    expect([
      (await visit(a)).statusCode,
      (await visit(b)).statusCode,
      (await visit(a)).statusCode,
    ]).toEqual([404, 404, 404]);
    const refused = await visit(b);
    expect(refused.statusCode).toBe(429);
    expect(ErrorBodySchema.parse(refused.json()).code).toBe('RATE_LIMITED');
  });
});
