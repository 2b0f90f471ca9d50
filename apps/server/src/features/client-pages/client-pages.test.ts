import crypto from 'node:crypto';
import {
  CLIENT_PAGE_TEXT,
  ClientAnswerConflictSchema,
  CuratedDocumentSchema,
  ErrorBodySchema,
  OfferApprovalDocumentSchema,
  QuoteListDocumentSchema,
  QuoteShareDocumentSchema,
} from '@atelier/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  accessLinks,
  clientAnswers,
  clients,
  notifications,
  outbox,
  quoteStatusHistory,
} from '../../db/schema.ts';
import type { EmailMessage } from '../../integrations/mail/mail.ts';
import { TEST_ORIGIN } from '../../test/test-app.ts';
import type { AccessLinkPurpose } from '../links/index.ts';
import { buildClientPagesWorld, offerAnswer, type ClientPagesWorld } from './testing.ts';

let world: ClientPagesWorld;

beforeAll(async () => {
  world = await buildClientPagesWorld();
  // The pages name how the client is paid (Bruno never chose).
  await world.db
    .update(clients)
    .set({ paymentMethod: 'paypal' })
    .where(eq(clients.id, world.client.id));
});
afterAll(() => world.app.close());

const NOT_VALID = { message: CLIENT_PAGE_TEXT.linkNotValid, code: 'NOT_FOUND' };
const guessedToken = () => crypto.randomBytes(32).toString('base64url');

const ROUTES: { route: string; purpose: AccessLinkPurpose; canPost: boolean }[] = [
  { route: 'curated', purpose: 'client-response', canPost: true },
  { route: 'quotes', purpose: 'quote-share', canPost: false },
  { route: 'quote-offer', purpose: 'offer-approval', canPost: true },
];

/** A request to a client page whose POST body is well formed, so only the token can fail it. */
function callPage(route: string, method: 'GET' | 'POST', token: string, quoteId: number) {
  if (method === 'GET') return world.get(`/api/client/${route}/${token}`);
  return route === 'curated'
    ? world.postCurated(token, { pendingItems: [{ id: quoteId, clientResponse: 'buyout' }] })
    : world.postOffers(token, { data: [offerAnswer(quoteId, 'buyout')] });
}

async function stylistQuotes(clientId: number) {
  const response = await world.app.inject({
    method: 'GET',
    url: `/api/stylist/clients/${clientId}/quotes`,
    headers: { authorization: `Bearer ${world.stylistToken}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return QuoteListDocumentSchema.parse(response.json()).data;
}

describe('links that open no page', () => {
  test.each(ROUTES.flatMap((r) => (r.canPost ? ['GET', 'POST'] : ['GET']).map((m) => [r, m])))(
    '%o %s: guessed, expired, revoked and wrong-purpose tokens answer 404, a malformed one 400',
    async (page, method) => {
      const { route, purpose } = page as (typeof ROUTES)[number];
      const quoteId = await world.quote();
      const before = await world.written([quoteId]);
      const wrongPurpose: AccessLinkPurpose[] = (
        ['client-response', 'quote-share', 'offer-approval', 'manifest'] as const
      ).filter((other) => other !== purpose);
      const tokens = [
        guessedToken(),
        await world.expiredLink(purpose),
        await world.revokedLink(purpose),
        ...(await Promise.all(wrongPurpose.map((other) => world.link(other)))),
      ];
      for (const token of tokens) {
        const response = await callPage(route, method as 'GET', token, quoteId);
        expect(response.statusCode, `${method} ${route} ${response.body}`).toBe(404);
        expect(ErrorBodySchema.parse(response.json())).toEqual(NOT_VALID);
      }
      for (const token of ['short', `${guessedToken()}x`, 'a'.repeat(42) + '!']) {
        const response = await callPage(route, method as 'GET', encodeURIComponent(token), quoteId);
        expect(response.statusCode, response.body).toBe(400);
        const body = ErrorBodySchema.parse(response.json());
        expect(body.code).toBe('VALIDATION_FAILED');
        expect(JSON.stringify(body)).not.toContain('Olivia');
      }
      expect(await world.written([quoteId])).toEqual(before);
    },
  );
});

describe('the "Curated For" page', () => {
  test('lists the buyout offers awaiting an answer, with the people the page names', async () => {
    const { secondClient } = world;
    const presented = await world.quote({ status: 'authenticated_with_offer' });
    const older = await world.quote({
      name: 'Older bag',
      createdAt: new Date(Date.now() - 60_000),
    });
    const newer = await world.quote({ name: 'Newer bag', offers: { buyback: 500_00 } });
    const hidden = [
      await world.quote({ offers: { consignment: 900_00 } }),
      await world.quote({ offers: {} }),
      await world.quote({ isApproved: false }),
      await world.quote({ status: 'in_transit' }),
      await world.quote({ clientId: secondClient.id }),
      await world.quote({ clientId: world.client.id, stylistId: world.otherStylistId }),
    ];
    const token = await world.link('client-response', secondClient.id);
    const own = await world.get(`/api/client/curated/${token}`);
    expect(CuratedDocumentSchema.parse(own.json()).data.map((q) => q.id)).not.toContain(newer);

    const response = await world.get(`/api/client/curated/${await world.link('client-response')}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const document = CuratedDocumentSchema.parse(response.json());
    const ids = document.data.map((quote) => quote.id);
    expect(ids).toEqual(expect.arrayContaining([presented, older, newer]));
    for (const id of hidden) expect(ids).not.toContain(id);
    // The stylist's order (§4): by status priority, then newest first.
    expect(ids.indexOf(presented)).toBeLessThan(ids.indexOf(newer));
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(document.data.find((quote) => quote.id === newer)).toMatchObject({
      name: 'Newer bag',
      buyoutQuote: 500,
      answer: null,
    });
    expect(document.data.find((quote) => quote.id === older)?.buyoutQuote).toBe(800);
    expect(document.meta).toMatchObject({
      client: { firstName: 'Olivia', lastName: 'Bennett', paymentMethod: 'paypal' },
      stylist: {
        firstName: 'Camille',
        name: 'Camille Laurent',
        initials: 'CL',
        thumbnailUrl: null,
      },
      answered: [],
    });
    expect(new Date(document.meta.expiresAt).getTime()).toBeGreaterThan(Date.now());
  });

  test('a confirm moves the quotes, records the answers and tells the stylist at once', async () => {
    const yes = await world.quote({ name: 'Yes bag' });
    const no = await world.quote({ name: 'No bag', status: 'authenticated_with_offer' });
    const token = await world.link('client-response');
    const [link] = await world.db
      .select({ id: accessLinks.id })
      .from(accessLinks)
      .orderBy(asc(accessLinks.id))
      .then((rows) => rows.slice(-1));
    const before = await world.written();

    const response = await world.postCurated(
      token,
      {
        pendingItems: [
          { id: String(yes), clientResponse: 'buyout' },
          { id: no, clientResponse: 'rejected' },
        ],
      },
      { 'user-agent': `Phone ${'x'.repeat(600)}` },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const document = CuratedDocumentSchema.parse(response.json());
    expect(document.data.map((quote) => quote.id)).not.toEqual(expect.arrayContaining([yes]));
    expect(document.data.map((quote) => quote.id)).not.toContain(no);
    expect(document.meta.answered.map((quote) => [quote.id, quote.answer?.response])).toEqual(
      expect.arrayContaining([
        [yes, 'buyout'],
        [no, 'rejected'],
      ]),
    );
    expect(document.meta.answered).toHaveLength(2);

    const listed = await stylistQuotes(world.client.id);
    const byId = new Map(listed.map((quote) => [quote.id, quote.attributes]));
    expect(byId.get(yes)).toMatchObject({
      status: 'offer_accepted',
      offers: expect.objectContaining({ acceptedOfferType: 'buyout' }),
    });
    expect(byId.get(no)).toMatchObject({
      status: 'rejected',
      offers: expect.objectContaining({ acceptedOfferType: 'rejected' }),
    });
    expect(byId.get(yes)?.statusHistory.at(-1)).toMatchObject({
      from: 'offer_pending',
      to: 'offer_accepted',
      actor: 'client',
      note: 'Client said Yes to the buyout offer on the Curated For page.',
    });
    expect(byId.get(no)?.statusHistory.at(-1)).toMatchObject({
      from: 'authenticated_with_offer',
      to: 'rejected',
      actor: 'client',
      note: 'Client declined the offers on the Curated For page.',
    });
    const [history] = await world.db
      .select()
      .from(quoteStatusHistory)
      .where(eq(quoteStatusHistory.quoteId, yes))
      .orderBy(asc(quoteStatusHistory.id))
      .then((rows) => rows.slice(-1));
    expect(history).toMatchObject({ actorKind: 'client', actorUserId: null });

    const answers = await world.db
      .select()
      .from(clientAnswers)
      .where(inArray(clientAnswers.quoteId, [yes, no]))
      .orderBy(asc(clientAnswers.quoteId));
    expect(answers).toHaveLength(2);
    for (const answer of answers) {
      expect(answer).toMatchObject({ accessLinkId: link!.id, ipAddress: '127.0.0.1' });
      expect(answer.userAgent).toHaveLength(512);
      expect(answer.userAgent?.startsWith('Phone x')).toBe(true);
    }

    const after = await world.written();
    expect(after).toMatchObject({
      answers: before.answers + 2,
      notifications: before.notifications + 1,
      outbox: before.outbox + 1,
    });
    const [notice] = await world.db
      .select()
      .from(notifications)
      .orderBy(asc(notifications.id))
      .then((rows) => rows.slice(-1));
    expect(notice).toMatchObject({
      stylistId: world.stylistId,
      kind: 'client_answered',
      text: 'Olivia Bennett answered 2 quotes: 1 accepted for buyout, 1 declined.',
      link: `/quotes/review/${world.client.id}?quotes=${yes},${no}`,
      readAt: null,
    });
    const [mail] = await world.db
      .select()
      .from(outbox)
      .orderBy(asc(outbox.id))
      .then((rows) => rows.slice(-1));
    const email = mail!.payload as EmailMessage;
    expect(email).toMatchObject({
      to: world.stylist.email,
      subject: 'Olivia answered your quotes',
    });
    expect(email.text).toContain('accepted the buyout offer of $800.00');
    expect(email.text).toContain('No bag\n  declined');
    expect(email.text).toContain(
      `Review the answers: ${TEST_ORIGIN}/quotes/review/${world.client.id}?quotes=${yes},${no}`,
    );

    const again = await world.get(`/api/client/curated/${token}`);
    const reread = CuratedDocumentSchema.parse(again.json());
    expect(reread.meta.answered.map((quote) => quote.id).sort()).toEqual([yes, no].sort());
    expect(reread.data.map((quote) => quote.id)).not.toContain(yes);
    // Another link of the same client shows the answered quotes in neither list.
    const other = CuratedDocumentSchema.parse(
      (await world.get(`/api/client/curated/${await world.link('client-response')}`)).json(),
    );
    expect(other.meta.answered).toEqual([]);
    expect(other.data.map((quote) => quote.id)).not.toContain(yes);
  });

  test('sending the same confirm again answers 200 and writes nothing', async () => {
    const quoteId = await world.quote();
    const token = await world.link('client-response');
    const body = { pendingItems: [{ id: quoteId, clientResponse: 'buyout' }] };
    expect((await world.postCurated(token, body)).statusCode).toBe(200);
    const before = await world.written([quoteId]);
    const retry = await world.postCurated(token, body);
    expect(retry.statusCode, retry.body).toBe(200);
    const document = CuratedDocumentSchema.parse(retry.json());
    expect(document.meta.answered.map((quote) => quote.id)).toContain(quoteId);
    expect(await world.written([quoteId])).toEqual(before);
  });

  test('a different answer to an answered quote is refused with the first answer and its time, which stays', async () => {
    const quoteId = await world.quote({ name: 'Kelly 28' });
    const fresh = await world.quote();
    const token = await world.link('client-response');
    const yes = { pendingItems: [{ id: quoteId, clientResponse: 'buyout' }] };
    const first = CuratedDocumentSchema.parse((await world.postCurated(token, yes)).json());
    const recorded = first.meta.answered.find((quote) => quote.id === quoteId)?.answer;
    expect(recorded).toMatchObject({ response: 'buyout' });
    const before = await world.written([quoteId, fresh]);

    const attempts = [
      [token, { pendingItems: [{ id: quoteId, clientResponse: 'rejected' }] }],
      // The same answer, together with a new one: not a retry either.
      [
        token,
        {
          pendingItems: [
            { id: quoteId, clientResponse: 'buyout' },
            { id: fresh, clientResponse: 'buyout' },
          ],
        },
      ],
      // The same answer through another link of the client.
      [await world.link('client-response'), yes],
    ] as const;
    for (const [link, body] of attempts) {
      const response = await world.postCurated(link, body);
      expect(response.statusCode, response.body).toBe(409);
      const error = ClientAnswerConflictSchema.parse(response.json());
      expect(error.message).toMatch(
        /^You already answered .*Kelly 28\. An answer cannot be changed\. Nothing was recorded\.$/,
      );
      expect(error.errors?.[String(quoteId)]).toHaveLength(1);
      // What the page shows: which answer was recorded, and when; only the answered quote.
      expect(error.refused).toEqual([
        { id: quoteId, brand: expect.any(String), name: 'Kelly 28', answer: recorded },
      ]);
    }
    expect(await world.written([quoteId, fresh])).toEqual(before);
  });

  test("a client's token cannot answer another client's quotes, nor tell they exist", async () => {
    const own = await world.quote();
    const sibling = await world.quote({ clientId: world.secondClient.id });
    const foreign = await world.quote({
      clientId: world.foreignClient.id,
      stylistId: world.otherStylistId,
    });
    const token = await world.link('client-response');
    const offerToken = await world.link('offer-approval');
    const before = await world.written([own, sibling, foreign]);
    for (const id of [sibling, foreign, 2_147_483_647]) {
      const curated = await world.postCurated(token, {
        pendingItems: [
          { id: own, clientResponse: 'buyout' },
          { id, clientResponse: 'buyout' },
        ],
      });
      expect(curated.statusCode, curated.body).toBe(404);
      expect(ErrorBodySchema.parse(curated.json())).toEqual({
        message: 'Quote not found',
        code: 'NOT_FOUND',
        errors: { [String(id)]: ['Quote not found'] },
      });
      const offers = await world.postOffers(offerToken, { data: [offerAnswer(id, 'rejected')] });
      expect(offers.statusCode, offers.body).toBe(404);
    }
    expect(await world.written([own, sibling, foreign])).toEqual(before);
  });

  test('quotes not awaiting an answer are refused with 409, and nothing is written', async () => {
    const waiting = await world.quote();
    const shipped = await world.quote({ name: 'Shipped bag', status: 'in_transit' });
    const unapproved = await world.quote({ isApproved: false });
    const consignmentOnly = await world.quote({ offers: { consignment: 100_00 } });
    const token = await world.link('client-response');
    const before = await world.written([waiting, shipped, unapproved, consignmentOnly]);

    const one = await world.postCurated(token, {
      pendingItems: [
        { id: waiting, clientResponse: 'buyout' },
        { id: shipped, clientResponse: 'rejected' },
      ],
    });
    expect(one.statusCode, one.body).toBe(409);
    expect(ClientAnswerConflictSchema.parse(one.json())).toEqual({
      message: expect.stringMatching(
        /Shipped bag is no longer waiting for your answer\. Nothing was recorded\.$/,
      ),
      code: 'CONFLICT',
      errors: { [String(shipped)]: [expect.stringContaining('no longer waiting')] },
      refused: [{ id: shipped, brand: expect.any(String), name: 'Shipped bag', answer: null }],
    });
    const many = await world.postCurated(token, {
      pendingItems: [unapproved, consignmentOnly, shipped].map((id) => ({
        id,
        clientResponse: 'rejected',
      })),
    });
    expect(many.statusCode, many.body).toBe(409);
    const error = ErrorBodySchema.parse(many.json());
    expect(error.message).toBe('3 quotes cannot take these answers. Nothing was recorded.');
    expect(error.errors?.[String(consignmentOnly)]).toEqual([
      expect.stringContaining('has no buyout offer to answer.'),
    ]);
    expect(await world.written([waiting, shipped, unapproved, consignmentOnly])).toEqual(before);
  });

  test.each([
    ['no data field', null, 400, { data: ['Send your answers'] }],
    [
      'answers that are not JSON',
      '{pendingItems',
      400,
      { data: ['The answers are not valid JSON'] },
    ],
    [
      'no answer at all',
      { pendingItems: [] },
      400,
      { 'data.pendingItems': ['Answer at least one quote'] },
    ],
    [
      'the same quote twice',
      {
        pendingItems: [
          { id: 1, clientResponse: 'buyout' },
          { id: 1, clientResponse: 'rejected' },
        ],
      },
      400,
      { 'data.pendingItems': ['Each quote may be answered once'] },
    ],
    [
      'an answer that is not Yes or No',
      { pendingItems: [{ id: 1, clientResponse: 'consignment' }] },
      400,
      { 'data.pendingItems.0.clientResponse': [expect.any(String)] },
    ],
  ])('%s answers %s in the contract shape and writes nothing', async (_, data, status, errors) => {
    const token = await world.link('client-response');
    const before = await world.written();
    const response =
      data === null
        ? await world.app.inject({
            method: 'POST',
            url: `/api/client/curated/${token}`,
            headers: { 'content-type': 'multipart/form-data; boundary=x' },
            payload: '--x--\r\n',
          })
        : await world.postCurated(token, data);
    expect(response.statusCode, response.body).toBe(status);
    expect(ErrorBodySchema.parse(response.json())).toEqual({
      message: 'Some fields are not valid.',
      code: 'VALIDATION_FAILED',
      errors,
    });
    expect(await world.written()).toEqual(before);
  });

  test('a body that is not multipart answers 415, never 500', async () => {
    const quoteId = await world.quote();
    const token = await world.link('client-response');
    const before = await world.written([quoteId]);
    const pendingItems = [{ id: quoteId, clientResponse: 'buyout' }];
    for (const request of [
      { payload: { data: JSON.stringify({ pendingItems }) } },
      { payload: 'data=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      { payload: 'data', headers: { 'content-type': 'text/plain' } },
    ]) {
      const response = await world.app.inject({
        method: 'POST',
        url: `/api/client/curated/${token}`,
        ...request,
      });
      expect(response.statusCode, response.body).toBe(415);
      expect(ErrorBodySchema.parse(response.json()).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    expect(await world.written([quoteId])).toEqual(before);
  });

  test('answers over 16 KB or with a file are refused with 400', async () => {
    const token = await world.link('client-response');
    const before = await world.written();
    const long = await world.postCurated(token, `{"pendingItems":[],"x":"${'x'.repeat(17_000)}"}`);
    expect(long.statusCode, long.body).toBe(400);
    expect(ErrorBodySchema.parse(long.json()).errors).toEqual({
      data: ['This value is too long'],
    });
    const boundary = 'b0undary';
    const withFile = await world.app.inject({
      method: 'POST',
      url: `/api/client/curated/${token}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="data"; filename="a.json"\r\n` +
        `Content-Type: application/json\r\n\r\n{}\r\n--${boundary}--\r\n`,
    });
    expect(withFile.statusCode, withFile.body).toBe(400);
    expect(await world.written()).toEqual(before);
  });

  test('two confirms at once record the answers once, and both answer 200', async () => {
    const first = await world.quote();
    const second = await world.quote({ status: 'authenticated_with_offer' });
    const token = await world.link('client-response');
    const before = await world.written();
    const body = {
      pendingItems: [
        { id: first, clientResponse: 'buyout' },
        { id: second, clientResponse: 'rejected' },
      ],
    };
    const responses = await Promise.all([
      world.postCurated(token, body),
      world.postCurated(token, body),
    ]);
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(200);
      CuratedDocumentSchema.parse(response.json());
    }
    expect(await world.written()).toMatchObject({
      answers: before.answers + 2,
      notifications: before.notifications + 1,
      outbox: before.outbox + 1,
      history: before.history + 2,
    });
  });

  test('two different confirms at once: one is recorded, the other refused', async () => {
    const quoteId = await world.quote();
    const token = await world.link('client-response');
    const before = await world.written();
    const responses = await Promise.all(
      (['buyout', 'rejected'] as const).map((clientResponse) =>
        world.postCurated(token, { pendingItems: [{ id: quoteId, clientResponse }] }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await world.written()).toMatchObject({
      answers: before.answers + 1,
      notifications: before.notifications + 1,
    });
  });
});

describe('the "Quote Share" page', () => {
  test('shows every quote of the client, offers only once approved, and the answers given', async () => {
    const approved = await world.quote({ status: 'offer_pending' });
    const unapproved = await world.quote({ status: 'authenticated_with_offer', isApproved: false });
    const early = await world.quote({ status: 'pending_authentication', offers: {} });
    const theirs = await world.quote({ clientId: world.secondClient.id });
    const answered = await world.quote();
    const curated = await world.link('client-response');
    await world.postCurated(curated, {
      pendingItems: [{ id: answered, clientResponse: 'buyout' }],
    });

    const response = await world.get(`/api/client/quotes/${await world.link('quote-share')}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const document = QuoteShareDocumentSchema.parse(response.json());
    const byId = new Map(document.data.map((quote) => [quote.id, quote]));
    expect(byId.has(theirs)).toBe(false);
    expect(byId.get(approved)?.offers).toEqual({ consignment: 1200, buyout: 800 });
    expect(byId.get(unapproved)?.offers).toEqual({ consignment: null, buyout: null });
    expect(byId.get(early)).toMatchObject({ status: 'pending_authentication', answer: null });
    expect(byId.get(answered)).toMatchObject({
      status: 'offer_accepted',
      acceptedOfferType: 'buyout',
      answer: { response: 'buyout' },
    });
    expect(document.meta.client).toEqual({
      firstName: 'Olivia',
      lastName: 'Bennett',
      paymentMethod: 'paypal',
    });
    // Nothing internal leaks: bar codes, notes for the back office, admin links.
    expect(response.body).not.toMatch(/barCode|commenter|admin/);
  });
});

describe('the "Approve White Glove Offers" page', () => {
  test('lists the offers awaiting an answer and records consignment, buyout or no', async () => {
    const consign = await world.quote({ name: 'Consign me' });
    const buyout = await world.quote({ offers: { buyback: 300_00 } });
    const decline = await world.quote({ offers: { consignment: 50_00 } });
    const noOffer = await world.quote({ offers: {} });
    const token = await world.link('offer-approval');
    const page = OfferApprovalDocumentSchema.parse(
      (await world.get(`/api/client/quote-offer/${token}`)).json(),
    );
    const ids = page.data.map((quote) => quote.id);
    expect(ids).toEqual(expect.arrayContaining([consign, buyout, decline]));
    expect(ids).not.toContain(noOffer);
    expect(page.data.find((quote) => quote.id === buyout)?.offers).toEqual({
      consignment: null,
      buyout: 300,
    });

    const before = await world.written();
    const response = await world.postOffers(token, {
      data: [
        offerAnswer(consign, 'consignment'),
        offerAnswer(buyout, 'buyout'),
        offerAnswer(decline, 'rejected'),
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const document = OfferApprovalDocumentSchema.parse(response.json());
    expect(document.data.map((quote) => quote.id)).not.toContain(consign);
    expect(
      Object.fromEntries(document.meta.answered.map((quote) => [quote.id, quote.answer?.response])),
    ).toEqual({ [consign]: 'consignment', [buyout]: 'buyout', [decline]: 'rejected' });
    expect(await world.written()).toMatchObject({
      answers: before.answers + 3,
      notifications: before.notifications + 1,
      outbox: before.outbox + 1,
    });
    const listed = new Map(
      (await stylistQuotes(world.client.id)).map((quote) => [quote.id, quote.attributes]),
    );
    expect(listed.get(consign)).toMatchObject({ status: 'offer_accepted' });
    expect(listed.get(consign)?.offers.acceptedOfferType).toBe('consignment');
    expect(listed.get(consign)?.statusHistory.at(-1)?.note).toBe(
      'Client said Yes to the consignment offer on the Approve White Glove Offers page.',
    );
    const [notice] = await world.db
      .select({ text: notifications.text })
      .from(notifications)
      .orderBy(asc(notifications.id))
      .then((rows) => rows.slice(-1));
    expect(notice?.text).toBe(
      'Olivia Bennett answered 3 quotes: 1 accepted for buyout, 1 accepted for consignment, 1 declined.',
    );
  });

  test('accepting an offer the quote does not have answers 409 and writes nothing', async () => {
    const quoteId = await world.quote({ offers: { buyout: 100_00 } });
    const token = await world.link('offer-approval');
    const before = await world.written([quoteId]);
    const response = await world.postOffers(token, {
      data: [offerAnswer(quoteId, 'consignment')],
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(ErrorBodySchema.parse(response.json()).message).toBe(
      'This quote has no consignment offer to accept. Nothing was recorded.',
    );
    expect(await world.written([quoteId])).toEqual(before);
  });

  test('a malformed answer answers 400 and writes nothing', async () => {
    const quoteId = await world.quote();
    const token = await world.link('offer-approval');
    const before = await world.written([quoteId]);
    for (const payload of [
      { data: [] },
      { data: [offerAnswer(quoteId, 'buyout'), offerAnswer(quoteId, 'rejected')] },
      {
        data: [
          {
            id: quoteId,
            attributes: { accepted_offer_type: 'buyout', is_accepted: false, is_rejected: true },
          },
        ],
      },
    ]) {
      const response = await world.postOffers(token, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).code).toBe('VALIDATION_FAILED');
    }
    expect(await world.written([quoteId])).toEqual(before);
  });
});

describe('rate limit', () => {
  test('too many requests from one address answer 429 in the contract shape', async () => {
    const limited = await buildClientPagesWorld({ CLIENT_PAGE_RATE_LIMIT_MAX: '2' });
    try {
      const url = `/api/client/curated/${guessedToken()}`;
      expect((await limited.get(url)).statusCode).toBe(404);
      expect((await limited.get(url)).statusCode).toBe(404);
      const refused = await limited.get(url);
      expect(refused.statusCode).toBe(429);
      expect(ErrorBodySchema.parse(refused.json()).code).toBe('RATE_LIMITED');
      const other = await limited.app.inject({
        method: 'GET',
        url,
        remoteAddress: '10.9.8.7',
      });
      expect(other.statusCode).toBe(404);
    } finally {
      await limited.app.close();
    }
  });
});
