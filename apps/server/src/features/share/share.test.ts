import {
  ErrorBodySchema,
  NON_STYLIST_MESSAGE,
  SHARE_LINK_TTL_DAYS,
  ShareAnswerSchema,
} from '@atelier/contract';
import { count, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import { accessLinks, images, outbox, quotes, quoteStatusHistory } from '../../db/schema.ts';
import type { EmailMessage } from '../../integrations/mail/mail.ts';
import { recordingMailer } from '../../integrations/mail/testing.ts';
import { createOutboxWorker } from '../../integrations/outbox/outbox-worker.ts';
import { insertClients, insertImage, insertOffers, insertQuote } from '../../test/fixtures.ts';
import { buildTestApp, createTestAccount, TEST_ORIGIN, tokenFor } from '../../test/test-app.ts';
import { findAccessLink } from '../links/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

let app: App;
let tokens: { stylist: string; other: string; admin: string };
let stylistId: number;
let stylistEmail: string;
let client: { id: number; email: string };
let foreignClient: { id: number };
let quoteIds: { pending: number; presented: number; shipped: number };

beforeAll(async () => {
  app = await buildTestApp();
  const db = app.database.db;
  const stylist = await createTestAccount(app, { firstName: 'Camille', lastName: 'Laurent' });
  const other = await createTestAccount(app, { firstName: 'Ines', lastName: 'Moreau' });
  const admin = await createTestAccount(app, { role: 'admin' });
  tokens = {
    stylist: await tokenFor(app, stylist.email),
    other: await tokenFor(app, other.email),
    admin: await tokenFor(app, admin.email),
  };
  stylistId = stylist.stylistId!;
  stylistEmail = stylist.email;
  const [own] = await insertClients(db, stylistId, [
    { firstName: 'Margaux', lastName: 'Dubois', email: 'margaux@clients.test' },
  ]);
  const [theirs] = await insertClients(db, other.stylistId!, [
    { firstName: 'Their', lastName: 'Client' },
  ]);
  if (!own || !theirs) throw new Error('test setup made no clients');
  client = own;
  foreignClient = theirs;
  quoteIds = {
    pending: await insertQuote(db, { ...approved(client.id), status: 'offer_pending' }),
    presented: await insertQuote(db, {
      ...approved(client.id),
      status: 'authenticated_with_offer',
    }),
    shipped: await insertQuote(db, { ...approved(client.id), status: 'in_transit' }),
  };
  await insertOffers(db, quoteIds.pending, { buyout: 500_00 });
  await insertOffers(db, quoteIds.presented, { consignment: 900_00, buyout: 600_00 });
});

const approved = (clientId: number) => ({ stylistId, clientId, isApproved: true });
afterAll(() => app.close());

function share(body: unknown, token: string | null = tokens.stylist) {
  return app.inject({
    method: 'POST',
    url: '/api/stylist/share',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body as Record<string, unknown>,
  });
}

/** How many links and queued emails exist: a refused share must change neither. */
async function written() {
  const db = app.database.db;
  const [links] = await db.select({ n: count() }).from(accessLinks);
  const [emails] = await db.select({ n: count() }).from(outbox);
  return { links: links!.n, emails: emails!.n };
}

async function queuedEmails(): Promise<{ id: number; payload: EmailMessage }[]> {
  const rows = await app.database.db
    .select({ id: outbox.id, payload: outbox.payload })
    .from(outbox)
    .orderBy(outbox.id);
  return rows.map((row) => ({ id: row.id, payload: row.payload as EmailMessage }));
}

function linkTokenIn(text: string, page = 'curated'): string {
  const match = new RegExp(`${TEST_ORIGIN}/${page}/([A-Za-z0-9_-]{43})\\b`).exec(text);
  if (!match?.[1]) throw new Error(`no ${page} link in: ${text}`);
  return match[1];
}

/** An outbox worker that hands what it sends to the test, with nothing left over to send. */
async function deliveringWorker() {
  const { mailer, sent } = recordingMailer();
  const worker = createOutboxWorker({
    db: app.database.db,
    mailer,
    storage: app.storage,
    logger: pino({ level: 'silent' }),
    pollMs: 1000,
    maxRetryDelaySeconds: 3600,
    maxAgeSeconds: 259_200,
  });
  await worker.deliverDue();
  sent.length = 0;
  return { worker, sent };
}

async function statusesOf(ids: readonly number[]) {
  const rows = await app.database.db
    .select({ id: quotes.id, status: quotes.status })
    .from(quotes)
    .where(inArray(quotes.id, [...ids]));
  return Object.fromEntries(rows.map((row) => [row.id, row.status]));
}

describe('sharing quotes with a client', () => {
  test('queues an email with new links to the client pages and says so', async () => {
    const before = await written();
    const response = await share({ clientId: client.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(ShareAnswerSchema.parse(response.json())).toEqual({
      message: 'Sent! Margaux will get an email with a link to their quotes.',
    });
    // A link per page, each with its own purpose: hub, Curated For, Quote Share, offer approval.
    expect(await written()).toEqual({ links: before.links + 4, emails: before.emails + 1 });

    const email = (await queuedEmails()).at(-1)!.payload;
    expect(email).toMatchObject({
      to: 'margaux@clients.test',
      replyTo: { name: 'Camille Laurent', address: stylistEmail },
      subject: 'Camille sent you 2 offers',
    });
    expect(email.text).toContain(
      'Camille Laurent has offers for these 2 items. Tell Camille which you would like to sell.',
    );
    // The two quotes waiting for an answer, with their amounts; the shipped one is not listed.
    expect(email.text.match(/^- .*Test bag$/gm)).toHaveLength(2);
    expect(email.text).toContain('  Buyout offer: $500.00\n');
    expect(email.text).toContain('  Buyout offer: $600.00\n  Consignment estimate: $900.00\n');
    const token = linkTokenIn(email.text);
    expect(email.html).toContain(`href="${TEST_ORIGIN}/curated/${token}"`);

    const link = await findAccessLink(app.database.db, 'client-response', token);
    expect(link).toMatchObject({ clientId: client.id, shipmentId: null, revokedAt: null });
    const ttl = link!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(SHARE_LINK_TTL_DAYS * DAY_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(SHARE_LINK_TTL_DAYS * DAY_MS);
    expect(await findAccessLink(app.database.db, 'manifest', token)).toBeNull();

    const quoteShare = linkTokenIn(email.text, 'quote');
    const offerApproval = linkTokenIn(email.text, 'quotes');
    expect(email.text).toContain(
      `Follow all your items, answered or not, on your Quote Share page: ${TEST_ORIGIN}/quote/${quoteShare}`,
    );
    expect(email.text).toContain(
      `Prefer to consign? Choose consignment or buyout for each item: ${TEST_ORIGIN}/quotes/${offerApproval}`,
    );
    const hub = linkTokenIn(email.text, 'hub');
    expect(new Set([token, quoteShare, offerApproval, hub]).size).toBe(4);
    expect(await findAccessLink(app.database.db, 'quote-share', quoteShare!)).not.toBeNull();
    expect(await findAccessLink(app.database.db, 'offer-approval', offerApproval!)).not.toBeNull();
    expect(await findAccessLink(app.database.db, 'hub', hub!)).not.toBeNull();
    // The read-only Quote Share link opens nothing else: it may be passed on.
    for (const purpose of ['hub', 'client-response', 'offer-approval'] as const) {
      expect(await findAccessLink(app.database.db, purpose, quoteShare!)).toBeNull();
    }
  });

  test('presents the offers: quotes waiting to be presented become "Follow Up with Client"', async () => {
    expect(await statusesOf(Object.values(quoteIds))).toEqual({
      [quoteIds.pending]: 'offer_pending',
      [quoteIds.presented]: 'offer_pending',
      [quoteIds.shipped]: 'in_transit',
    });
    const history = await app.database.db
      .select()
      .from(quoteStatusHistory)
      .where(eq(quoteStatusHistory.quoteId, quoteIds.presented));
    expect(history).toEqual([
      expect.objectContaining({
        fromStatus: 'authenticated_with_offer',
        toStatus: 'offer_pending',
        actorKind: 'stylist',
        note: 'Offers presented to the client by email.',
      }),
    ]);
  });

  test('without a consignment offer the email carries no consignment link', async () => {
    const db = app.database.db;
    const [buyer] = await insertClients(db, stylistId, [{ firstName: 'Bea', lastName: 'Buyer' }]);
    const buyoutOnly = await insertQuote(db, {
      ...approved(buyer!.id),
      status: 'authenticated_with_offer',
    });
    await insertOffers(db, buyoutOnly, { buyout: 300_00 });
    // Offers not yet approved for presentation are not presented.
    const unapproved = await insertQuote(db, {
      stylistId,
      clientId: buyer!.id,
      status: 'authenticated_with_offer',
    });
    await insertOffers(db, unapproved, { consignment: 300_00 });
    const before = await written();
    expect((await share({ clientId: buyer!.id })).statusCode).toBe(200);
    expect(await written()).toEqual({ links: before.links + 3, emails: before.emails + 1 });
    const email = (await queuedEmails()).at(-1)!.payload;
    expect(email.text).toContain(`${TEST_ORIGIN}/quote/`);
    expect(email.text).not.toContain('Prefer to consign?');
    expect(await statusesOf([buyoutOnly, unapproved])).toEqual({
      [buyoutOnly]: 'offer_pending',
      [unapproved]: 'authenticated_with_offer',
    });
  });

  test('the queued email reaches the client through the outbox', async () => {
    const { worker, sent } = await deliveringWorker();

    expect((await share({ clientId: client.id })).statusCode).toBe(200);
    expect(await worker.deliverDue()).toEqual({ delivered: 1, failed: 0 });
    expect(sent).toHaveLength(1);
    const [{ message }] = sent as [(typeof sent)[number]];
    expect(message).toMatchObject({ to: client.email, subject: 'Camille sent you 2 offers' });
    const link = await findAccessLink(
      app.database.db,
      'client-response',
      linkTokenIn(message.text),
    );
    expect(link?.clientId).toBe(client.id);
  });

  test("each item's thumbnail is delivered inside the message as a small JPEG the HTML shows", async () => {
    const db = app.database.db;
    const imageId = await insertImage(db, { stylistId, quoteId: quoteIds.pending });
    const [image] = await db
      .select({ thumbnailKey: images.thumbnailKey })
      .from(images)
      .where(eq(images.id, imageId));
    const webp = await sharp({
      create: { width: 400, height: 400, channels: 3, background: '#a33' },
    })
      .webp()
      .toBuffer();
    await app.storage.put(image!.thumbnailKey, webp, 'image/webp');
    const { worker, sent } = await deliveringWorker();

    expect((await share({ clientId: client.id })).statusCode).toBe(200);
    expect(await worker.deliverDue()).toEqual({ delivered: 1, failed: 0 });
    const [{ message, attachments }] = sent as [(typeof sent)[number]];
    const cid = `quote-${quoteIds.pending}@atelier`;
    expect(message.html).toContain(`src="cid:${cid}"`);
    expect(attachments).toEqual([
      expect.objectContaining({
        cid,
        contentType: 'image/jpeg',
        filename: `quote-${quoteIds.pending}.jpg`,
      }),
    ]);
    const picture = await sharp(attachments[0]!.content).metadata();
    expect(picture).toMatchObject({ format: 'jpeg', width: 144, height: 144 });
    await db.delete(images).where(eq(images.id, imageId));
  });

  test('sharing again makes a new link and leaves the earlier one working', async () => {
    expect((await share({ clientId: client.id })).statusCode).toBe(200);
    expect((await share({ clientId: client.id })).statusCode).toBe(200);
    const [earlier, later] = (await queuedEmails())
      .slice(-2)
      .map((row) => linkTokenIn(row.payload.text));
    expect(earlier).not.toBe(later);
    for (const token of [earlier!, later!]) {
      expect(await findAccessLink(app.database.db, 'client-response', token)).not.toBeNull();
    }
  });

  test("another stylist's client answers 404 like a missing one, and nothing is written", async () => {
    const before = await written();
    const foreign = await share({ clientId: foreignClient.id });
    const missing = await share({ clientId: 2_147_483_647 });
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(foreign.json())).toEqual({
      message: 'Client not found',
      code: 'NOT_FOUND',
    });
    expect(foreign.json()).toEqual(missing.json());
    expect(await written()).toEqual(before);
  });

  test.each([
    ['a client id that is not a number', { clientId: 'x' }, { clientId: ['Choose a client'] }],
    ['no client id', {}, { clientId: ['Choose a client'] }],
    [
      'a field the contract does not know',
      { clientId: 1, extra: true },
      { extra: ['Unknown field'] },
    ],
  ])('%s answers 400 in the contract shape and writes nothing', async (_, body, errors) => {
    const before = await written();
    const response = await share(body);
    expect(response.statusCode, response.body).toBe(400);
    expect(ErrorBodySchema.parse(response.json())).toEqual({
      message: 'Some fields are not valid.',
      code: 'VALIDATION_FAILED',
      errors,
    });
    expect(await written()).toEqual(before);
  });

  test('without a token answers 401; a non-stylist 403', async () => {
    const before = await written();
    const anonymous = await share({ clientId: client.id }, null);
    expect(anonymous.statusCode).toBe(401);
    expect(ErrorBodySchema.parse(anonymous.json()).code).toBe('UNAUTHORIZED');
    const admin = await share({ clientId: client.id }, tokens.admin);
    expect(admin.statusCode).toBe(403);
    expect(ErrorBodySchema.parse(admin.json()).message).toBe(NON_STYLIST_MESSAGE);
    expect(await written()).toEqual(before);
  });
});
