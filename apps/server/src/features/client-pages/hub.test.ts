import {
  CLIENT_PAGE_TEXT,
  ErrorBodySchema,
  HUB_CHANGE_EVENT,
  HUB_TEXT,
  HubChangeEventSchema,
  HubDocumentSchema,
  QuoteListDocumentSchema,
  endpointUrl,
  hubApi,
} from '@atelier/contract';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { clientMessages, notifications, officeClaims, outbox, quotes } from '../../db/schema.ts';
import type { EmailMessage } from '../../integrations/mail/mail.ts';
import { openStream } from '../notifications/notifications-testing.ts';
import { buildClientPagesWorld, offerAnswer, type ClientPagesWorld } from './testing.ts';

let world: ClientPagesWorld;

beforeAll(async () => {
  world = await buildClientPagesWorld();
});

afterAll(async () => {
  await world.app.close();
});

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

async function hub(token: string) {
  const response = await world.get(endpointUrl(hubApi.getHub, { token }));
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('private, no-store');
  return HubDocumentSchema.parse(response.json());
}

function act(token: string, quoteId: number, body: unknown) {
  return world.app.inject({
    method: 'POST',
    url: endpointUrl(hubApi.actOnHubQuote, { token, quoteId }),
    payload: body as Record<string, unknown>,
  });
}

function newLink(email: unknown, ip = '203.0.113.7') {
  return world.app.inject({
    method: 'POST',
    url: hubApi.requestHubLink.path,
    payload: { email } as Record<string, unknown>,
    remoteAddress: ip,
  });
}

async function expireAt(quoteId: number, at: Date) {
  await world.db.update(quotes).set({ offersExpireAt: at }).where(eq(quotes.id, quoteId));
}

/** Emails queued after the outbox row `afterId`, oldest first. */
async function emailsAfter(afterId: number) {
  const rows = await world.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(gt(outbox.id, afterId))
    .orderBy(asc(outbox.id));
  return rows.map((row) => row.payload as EmailMessage);
}

async function lastOutboxId() {
  const [row] = await world.db
    .select({ id: outbox.id })
    .from(outbox)
    .orderBy(desc(outbox.id))
    .limit(1);
  return row?.id ?? 0;
}

async function stylistQuote(quoteId: number) {
  const response = await world.app.inject({
    method: 'GET',
    url: `/api/stylist/clients/${world.client.id}/quotes`,
    headers: { authorization: `Bearer ${world.stylistToken}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  const quote = QuoteListDocumentSchema.parse(response.json()).data.find((q) => q.id === quoteId);
  if (!quote) throw new Error(`quote ${quoteId} is not on the stylist's list`);
  return quote.attributes;
}

const tokenIn = (text: string) => /\/hub\/([A-Za-z0-9_-]{43})\b/.exec(text)?.[1];

describe("the client's hub", () => {
  test('opens with a hub link or a client page link, and names which pages that link opens', async () => {
    const quoteId = await world.quote({ name: 'Hub bag' });
    const document = await hub(await world.link('hub'));
    expect(document.meta).toMatchObject({
      client: { firstName: 'Olivia', lastName: 'Bennett' },
      stylist: { name: 'Camille Laurent', email: world.stylist.email },
      pages: { curated: true, quoteShare: true, offerApproval: true },
    });
    const item = document.data.find((entry) => entry.id === quoteId);
    expect(item).toMatchObject({
      group: 'answer',
      canAnswer: true,
      offersExpired: false,
      offers: { consignment: 1200, buyout: 800 },
    });
    const fromCurated = await hub(await world.link('client-response'));
    expect(fromCurated.meta.pages).toEqual({
      curated: true,
      quoteShare: false,
      offerApproval: false,
    });
    // A hub link also opens the three client pages.
    const token = await world.link('hub');
    for (const route of ['curated', 'quotes', 'quote-offer']) {
      expect((await world.get(`/api/client/${route}/${token}`)).statusCode).toBe(200);
    }
  });

  test('a Quote Share link opens Quote Share only: it cannot open the hub or answer', async () => {
    const quoteId = await world.quote({ name: 'Shared bag' });
    const token = await world.link('quote-share');
    expect((await world.get(`/api/client/quotes/${token}`)).statusCode).toBe(200);
    expect((await world.get(`/api/client/hub/${token}`)).statusCode).toBe(404);
    for (const route of ['curated', 'quote-offer']) {
      expect((await world.get(`/api/client/${route}/${token}`)).statusCode).toBe(404);
    }
    const accept = (linkToken: string) =>
      world.app.inject({
        method: 'POST',
        url: `/api/client/hub/${linkToken}/quotes/${quoteId}`,
        payload: { action: 'accept', offer: 'buyout' },
      });
    expect((await accept(token)).statusCode).toBe(404);
    const statusOf = async () =>
      (
        await world.db.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, quoteId))
      )[0]?.status;
    expect(await statusOf()).not.toBe('offer_accepted');
    // The hub's own link answers.
    expect((await accept(await world.link('hub'))).statusCode).toBe(200);
    expect(await statusOf()).toBe('offer_accepted');
  });

  test("the back office's comment to the client shows once, on the step it belongs to", async () => {
    const quoteId = await world.quote({ status: 'authentication_in_progress', offers: {} });
    const authenticated = await world.app.inject({
      method: 'POST',
      url: `/api/admin/quotes/${quoteId}/actions`,
      headers: { authorization: `Bearer ${await world.adminToken()}` },
      payload: { action: 'authenticate' },
    });
    expect(authenticated.statusCode, authenticated.body).toBe(200);
    await world.db
      .update(quotes)
      .set({ commentToCustomer: 'We will reach out if demand changes.' })
      .where(eq(quotes.id, quoteId));
    const item = (await hub(await world.link('hub'))).data.find((q) => q.id === quoteId);
    expect(item?.group).toBe('in_review');
    const steps = item?.timeline.steps ?? [];
    expect(steps.flatMap((step) => step.details)).toEqual([
      'No offer yet',
      'We will reach out if demand changes.',
    ]);
  });

  test('a guessed, expired, revoked or other kind of link answers 404 and reveals nothing', async () => {
    const refused = [
      'A'.repeat(43),
      await world.expiredLink('hub'),
      await world.revokedLink('hub'),
      await world.link('manifest'),
      await world.link('shop-login'),
    ];
    for (const token of refused) {
      const response = await world.get(endpointUrl(hubApi.getHub, { token }));
      expect(response.statusCode).toBe(404);
      expect(ErrorBodySchema.parse(response.json())).toEqual({
        message: CLIENT_PAGE_TEXT.linkNotValid,
        code: 'NOT_FOUND',
      });
    }
    expect((await world.get(endpointUrl(hubApi.getHub, { token: 'short' }))).statusCode).toBe(400);
  });

  test("shows only the link's own client; another client's quote answers 404 and nothing changes", async () => {
    const mine = await world.quote({ name: 'Mine' });
    const theirs = await world.quote({ clientId: world.secondClient.id, name: 'Theirs' });
    const foreign = await world.quote({
      clientId: world.foreignClient.id,
      stylistId: world.otherStylistId,
      name: 'Foreign',
    });
    const token = await world.link('hub');
    const ids = (await hub(token)).data.map((item) => item.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    expect(ids).not.toContain(foreign);
    const before = await world.written([theirs, foreign]);
    const messagesBefore = await world.db.select().from(clientMessages);
    for (const body of [
      { action: 'accept', offer: 'buyout' },
      { action: 'decline', reason: 'keeping' },
      { action: 'ask', question: 'Is it still mine?' },
    ]) {
      for (const quoteId of [theirs, foreign, 2_000_000]) {
        const response = await act(token, quoteId, body);
        expect(response.statusCode, response.body).toBe(404);
      }
    }
    expect(await world.written([theirs, foreign])).toEqual(before);
    expect(await world.db.select().from(clientMessages)).toEqual(messagesBefore);
  });

  test('bad input answers 400 in the contract shape and writes nothing', async () => {
    const quoteId = await world.quote();
    const token = await world.link('hub');
    const before = await world.written([quoteId]);
    for (const [body, field] of [
      [{ action: 'accept', offer: 'buyback' }, 'offer'],
      [{ action: 'decline', reason: 'bored' }, 'reason'],
      [{ action: 'ask', question: '   ' }, 'question'],
      [{ action: 'ask', question: 'x'.repeat(1001) }, 'question'],
      [{ action: 'sell' }, 'action'],
    ] as const) {
      const response = await act(token, quoteId, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).errors).toHaveProperty(field);
    }
    expect(await world.written([quoteId])).toEqual(before);
  });

  test('a decline with a reason reaches the stylist: notification, email and the quote card', async () => {
    const quoteId = await world.quote({ name: 'Declined bag' });
    const token = await world.link('hub');
    const mark = await lastOutboxId();
    const response = await act(token, quoteId, {
      action: 'decline',
      reason: 'price_too_low',
      note: 'I hoped for $1,000.',
    });
    expect(response.statusCode, response.body).toBe(200);
    const item = HubDocumentSchema.parse(response.json()).data.find((q) => q.id === quoteId);
    expect(item).toMatchObject({ group: 'closed', status: 'rejected', canAnswer: false });
    expect(item?.timeline.steps.at(-1)).toMatchObject({
      kind: 'declined',
      by: 'client',
      details: ['Reason: The offer is lower than I hoped', '“I hoped for $1,000.”'],
    });

    const [notification] = await world.db
      .select()
      .from(notifications)
      .where(eq(notifications.stylistId, world.stylistId))
      .orderBy(desc(notifications.id))
      .limit(1);
    expect(notification?.text).toBe(
      'Olivia Bennett answered 1 quote: 1 declined. Reason: The offer is lower than I hoped. “I hoped for $1,000.”',
    );
    const [email] = await emailsAfter(mark);
    expect(email?.to).toBe(world.stylist.email);
    expect(email?.text).toContain('Reason: The offer is lower than I hoped. “I hoped for $1,000.”');

    const card = await stylistQuote(quoteId);
    expect(card.clientMessages).toEqual([
      expect.objectContaining({
        kind: 'decline',
        reason: 'price_too_low',
        text: 'I hoped for $1,000.',
      }),
    ]);
    expect(card.timeline.steps.at(-1)?.kind).toBe('declined');
  });

  test('a question reaches the stylist, who can reply to the client by email', async () => {
    const quoteId = await world.quote({ name: 'Questioned bag' });
    const token = await world.link('hub');
    const mark = await lastOutboxId();
    const response = await act(token, quoteId, {
      action: 'ask',
      question: '  Could you pick it up on Friday?  ',
    });
    expect(response.statusCode, response.body).toBe(200);
    // Asking answers nothing: the offers stay open.
    const item = HubDocumentSchema.parse(response.json()).data.find((q) => q.id === quoteId);
    expect(item).toMatchObject({ status: 'offer_pending', canAnswer: true });
    expect(item?.timeline.steps.at(-1)).toMatchObject({
      kind: 'question',
      by: 'client',
      details: ['“Could you pick it up on Friday?”'],
    });
    const [notification] = await world.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'client_message'))
      .orderBy(desc(notifications.id))
      .limit(1);
    expect(notification).toMatchObject({
      stylistId: world.stylistId,
      text: expect.stringMatching(
        /^Olivia Bennett asked about .+ Questioned bag: “Could you pick it up on Friday\?”$/,
      ),
      link: `/quotes/pickup/${world.client.id}`,
    });
    const [email] = await emailsAfter(mark);
    expect(email).toMatchObject({
      to: world.stylist.email,
      replyTo: { name: 'Olivia Bennett', address: world.client.email },
    });
    expect(email?.text).toContain('“Could you pick it up on Friday?”');
    expect((await stylistQuote(quoteId)).clientMessages).toEqual([
      expect.objectContaining({ kind: 'question', text: 'Could you pick it up on Friday?' }),
    ]);
  });

  test('accepting one offer moves the quote and tells the stylist', async () => {
    const quoteId = await world.quote({ name: 'Accepted bag' });
    const token = await world.link('hub');
    const response = await act(token, quoteId, { action: 'accept', offer: 'consignment' });
    expect(response.statusCode, response.body).toBe(200);
    const item = HubDocumentSchema.parse(response.json()).data.find((q) => q.id === quoteId);
    expect(item).toMatchObject({ group: 'hand_over', acceptedOfferType: 'consignment' });
    expect(item?.timeline.steps.at(-1)).toMatchObject({
      kind: 'accepted',
      title: 'Consignment offer accepted',
      details: ['Consignment estimate $1,200.00'],
    });
    expect(item?.timeline.next).toMatchObject({
      title: 'Pickup or shipping label',
      estimate: '1-3 business days',
    });
    // An answer is not taken twice.
    const again = await act(token, quoteId, { action: 'accept', offer: 'buyout' });
    expect(again.statusCode).toBe(409);
  });
});

describe('offers that do not go stale', () => {
  test('an expired offer is refused with 409 everywhere and nothing changes; declining stays possible', async () => {
    const quoteId = await world.quote({ name: 'Expired bag' });
    await expireAt(quoteId, new Date(Date.now() - HOUR_MS));
    const token = await world.link('hub');
    const item = (await hub(token)).data.find((q) => q.id === quoteId);
    expect(item).toMatchObject({ group: 'answer', offersExpired: true, canAnswer: false });
    // Curated For no longer offers it.
    const curated = await world.get(`/api/client/curated/${token}`);
    expect(curated.json().data.map((q: { id: number }) => q.id)).not.toContain(quoteId);

    const before = await world.written([quoteId]);
    const refusals = [
      await act(token, quoteId, { action: 'accept', offer: 'buyout' }),
      await world.postCurated(token, { pendingItems: [{ id: quoteId, clientResponse: 'buyout' }] }),
      await world.postOffers(token, { data: [offerAnswer(quoteId, 'consignment')] }),
      await world.app.inject({
        method: 'PATCH',
        url: `/api/stylist/clients/${world.client.id}/quotes`,
        headers: { authorization: `Bearer ${world.stylistToken}` },
        payload: { data: [offerAnswer(quoteId, 'buyout')] },
      }),
    ];
    for (const response of refusals) {
      expect(response.statusCode, response.body).toBe(409);
      expect(ErrorBodySchema.parse(response.json()).message).toMatch(/expired on/);
    }
    expect(await world.written([quoteId])).toEqual(before);

    const declined = await act(token, quoteId, { action: 'decline', reason: 'keeping' });
    expect(declined.statusCode, declined.body).toBe(200);
  });

  test('the back office renews expired offers, which can then be accepted', async () => {
    const quoteId = await world.quote({ name: 'Renewed bag', status: 'authenticated_with_offer' });
    await expireAt(quoteId, new Date(Date.now() - HOUR_MS));
    const token = await world.link('hub');
    expect((await act(token, quoteId, { action: 'accept', offer: 'buyout' })).statusCode).toBe(409);

    const renewed = await world.app.inject({
      method: 'POST',
      url: `/api/admin/quotes/${quoteId}/actions`,
      headers: { authorization: `Bearer ${await world.adminToken()}` },
      payload: { action: 'renew_offers', expiresInDays: 5 },
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const attributes = renewed.json().data.attributes;
    expect(attributes.status).toBe('authenticated_with_offer');
    const expires = Date.parse(attributes.offersExpireAt);
    expect(expires - Date.now()).toBeGreaterThan(5 * DAY_MS - 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(5 * DAY_MS);
    expect(attributes.timeline.steps.at(-1)).toMatchObject({ kind: 'offers_renewed' });

    const accepted = await act(token, quoteId, { action: 'accept', offer: 'buyout' });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  test('offers made by the back office carry the default expiry, or the days it gives', async () => {
    const adminToken = await world.adminToken();
    const quoteId = await world.quote({ status: 'authentication_in_progress', offers: {} });
    const response = await world.app.inject({
      method: 'POST',
      url: `/api/admin/quotes/${quoteId}/actions`,
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { action: 'authenticate', offers: { buyoutQuote: 640, consignmentEstimate: 910 } },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { attributes } = response.json().data;
    const days = (Date.parse(attributes.offersExpireAt) - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThanOrEqual(14);
    expect(
      attributes.timeline.steps.map((step: { kind: string; details: string[] }) => [
        step.kind,
        step.details,
      ]),
    ).toEqual([
      ['submitted', []],
      ['authenticated', []],
      ['offers_made', ['Consignment estimate $910.00', 'Buyout $640.00']],
    ]);
    const revised = await world.app.inject({
      method: 'POST',
      url: `/api/admin/quotes/${quoteId}/actions`,
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { action: 'set_offers', offers: { buyoutQuote: 700 }, expiresInDays: 2 },
    });
    expect(revised.statusCode, revised.body).toBe(200);
    const after = revised.json().data.attributes;
    expect((Date.parse(after.offersExpireAt) - Date.now()) / DAY_MS).toBeLessThanOrEqual(2);
    // Each step keeps the offers it made.
    expect(
      after.timeline.steps.slice(-2).map((step: { details: string[] }) => step.details),
    ).toEqual([['Consignment estimate $910.00', 'Buyout $640.00'], ['Buyout $700.00']]);
  });

  test('the stylist sees when the client first and last opened the offers, and hears of the first time', async () => {
    const quoteId = await world.quote({ name: 'Viewed bag' });
    const token = await world.link('hub');
    expect((await stylistQuote(quoteId)).offersViewed).toBeNull();
    const viewedNotifications = () =>
      world.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.kind, 'offers_viewed'),
            eq(notifications.stylistId, world.stylistId),
          ),
        );
    const before = (await viewedNotifications()).length;
    await hub(token);
    const viewed = await stylistQuote(quoteId);
    expect(viewed.offersViewed).not.toBeNull();
    expect(viewed.offersViewed?.firstAt).toBe(viewed.offersViewed?.lastAt);
    const after = await viewedNotifications();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)?.text).toMatch(/^Olivia Bennett opened your offers for \d+ items?\.$/);
    // A reload within the minute writes nothing and tells nobody again.
    await hub(token);
    await world.get(`/api/client/curated/${token}`);
    expect(await viewedNotifications()).toHaveLength(before + 1);
    expect((await stylistQuote(quoteId)).offersViewed).toEqual(viewed.offersViewed);
  });

  test('the client is reminded once, shortly before the offers expire', async () => {
    const bruno = world.secondClient;
    const soon = await world.quote({ name: 'Soon bag', clientId: bruno.id });
    const later = await world.quote({ name: 'Later bag', clientId: bruno.id });
    await expireAt(soon, new Date(Date.now() + 48 * HOUR_MS));
    await expireAt(later, new Date(Date.now() + 10 * DAY_MS));
    const mark = await lastOutboxId();
    expect(await world.app.offerReminders.remindDue()).toBeGreaterThanOrEqual(1);
    const emails = (await emailsAfter(mark)).filter((email) => email.to === bruno.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.text).toContain('Soon bag');
    expect(emails[0]?.text).not.toContain('Later bag');
    const token = tokenIn(emails[0]?.text ?? '');
    expect(token).toBeDefined();
    expect((await hub(token!)).data.map((q) => q.id)).toContain(soon);
    const texts = (
      await world.db.select().from(notifications).where(eq(notifications.kind, 'offers_expiring'))
    ).map((row) => row.text);
    expect(texts).toContainEqual(
      expect.stringMatching(
        /^The offer for .+ Soon bag of Bruno Costa expires on \d+\/\d+\/\d{4}\. Bruno was reminded by email\.$/,
      ),
    );
    // Once only.
    const second = await lastOutboxId();
    expect(await world.app.offerReminders.remindDue()).toBe(0);
    expect(await emailsAfter(second)).toEqual([]);
  });
});

describe("the hub's live stream", () => {
  const rename = (quoteId: number, name: string) =>
    world.db.update(quotes).set({ name }).where(eq(quotes.id, quoteId));

  test("tells an open hub of its own client's item changes only, from the database's signal", async () => {
    const first = await world.quote({ name: 'Live Kelly' });
    const second = await world.quote({ name: 'Live Birkin' });
    const theirs = await world.quote({ clientId: world.secondClient.id, name: 'Live Theirs' });
    const stream = await openStream(
      world.app,
      null,
      endpointUrl(hubApi.streamHub, { token: await world.link('hub') }),
    );
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.response.headers.get('cache-control')).toBe('private, no-store');
      expect((await stream.nextBlock()).retry).toBe(5_000);

      await rename(first, 'Live Kelly 28');
      let event = await stream.nextEvent();
      expect(event.event).toBe(HUB_CHANGE_EVENT);
      expect(HubChangeEventSchema.parse(event.data)).toEqual({ quoteId: first });

      // Another client's item and a staff claim on this client's are not this hub's news: the
      // next event the hub hears is the change made after them.
      await rename(theirs, 'Live Theirs 2');
      await world.db.insert(officeClaims).values({ quoteId: first, userId: world.stylist.userId });
      await rename(second, 'Live Birkin 30');
      event = await stream.nextEvent();
      expect(HubChangeEventSchema.parse(event.data)).toEqual({ quoteId: second });
    } finally {
      stream.close();
    }
  });

  test('an unknown, expired, revoked or other kind of link is refused with 404, not streamed', async () => {
    for (const token of [
      'A'.repeat(43),
      await world.expiredLink('hub'),
      await world.revokedLink('hub'),
      await world.link('shop-login'),
    ]) {
      const response = await world.get(endpointUrl(hubApi.streamHub, { token }));
      expect(response.statusCode).toBe(404);
      expect(ErrorBodySchema.parse(response.json())).toEqual({
        message: CLIENT_PAGE_TEXT.linkNotValid,
        code: 'NOT_FOUND',
      });
    }
    const malformed = await world.get(endpointUrl(hubApi.streamHub, { token: 'short' }));
    expect(malformed.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(malformed.json()).code).toBe('VALIDATION_FAILED');
  });
});

describe('"Send me a new link"', () => {
  test("emails a fresh hub link to the client's own address, and says the same for an unknown one", async () => {
    const mark = await lastOutboxId();
    const known = await newLink(world.client.email.toUpperCase(), '203.0.113.10');
    const unknown = await newLink('nobody@nowhere.test', '203.0.113.10');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: HUB_TEXT.newLinkSent });
    expect(unknown.json()).toEqual(known.json());
    const emails = await emailsAfter(mark);
    expect(emails.map((email) => email.to)).toEqual([world.client.email]);
    const token = tokenIn(emails[0]?.text ?? '');
    expect((await hub(token!)).meta.client.firstName).toBe('Olivia');
  });

  test('one address gets at most three links an hour, silently; one sender at most five tries', async () => {
    const email = world.secondClient.email;
    const mark = await lastOutboxId();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await newLink(email, `198.51.100.${attempt + 1}`);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ message: HUB_TEXT.newLinkSent });
    }
    expect((await emailsAfter(mark)).filter((m) => m.to === email)).toHaveLength(3);

    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await newLink(`x${attempt}@nowhere.test`, '192.0.2.50')).statusCode).toBe(202);
    }
    const limited = await newLink('y@nowhere.test', '192.0.2.50');
    expect(limited.statusCode).toBe(429);
    expect(ErrorBodySchema.parse(limited.json()).code).toBe('RATE_LIMITED');
  });

  test('an address that is not one answers 400 and sends nothing', async () => {
    const mark = await lastOutboxId();
    for (const email of ['', 'not-an-address', 42]) {
      const response = await newLink(email, '203.0.113.99');
      expect(response.statusCode).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).errors).toHaveProperty('email');
    }
    expect(await emailsAfter(mark)).toEqual([]);
  });
});
