import {
  ANSWERABLE_STATUSES,
  ErrorBodySchema,
  LifecycleStatusSchema,
  QuoteListDataSchema,
  type AcceptedOfferType,
  type LifecycleStatus,
} from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertClients, insertOffers, insertQuote } from '../../test/fixtures.ts';
import { buildQuoteWorld, type QuoteWorld } from './testing.ts';

let world: QuoteWorld;

beforeAll(async () => {
  world = await buildQuoteWorld();
});
afterAll(() => world.app.close());

const answersUrl = (clientId: number) => `/api/stylist/clients/${clientId}/quotes`;

function answer(id: number | string, type: AcceptedOfferType) {
  return {
    id: String(id),
    attributes: {
      accepted_offer_type: type,
      is_accepted: type !== 'rejected',
      is_rejected: type === 'rejected',
    },
  };
}

/** A quote of the world's client in `status`, with a consignment and a buyout offer unless told. */
async function quoteIn(
  status: LifecycleStatus,
  offers: Parameters<typeof insertOffers>[2] = { consignment: 1000_00, buyout: 700_00 },
  clientId = world.client.id,
) {
  const quoteId = await insertQuote(world.db, {
    stylistId: world.stylist.stylistId!,
    clientId,
    status,
  });
  if (Object.keys(offers).length > 0) await insertOffers(world.db, quoteId, offers);
  return quoteId;
}

function record(answers: unknown[], clientId = world.client.id, token = world.tokens.stylist) {
  return world.call(token, 'PATCH', answersUrl(clientId), { data: answers });
}

/** Sends answers that must be refused and checks that none of the quotes changed. */
async function expectRefused(
  quoteIds: number[],
  send: () => ReturnType<typeof record>,
  status: number,
) {
  const before = await Promise.all(quoteIds.map((id) => world.snapshot(id)));
  const response = await send();
  expect(response.statusCode, response.body).toBe(status);
  expect(await Promise.all(quoteIds.map((id) => world.snapshot(id)))).toEqual(before);
  return ErrorBodySchema.parse(response.json());
}

describe("recording a client's answers", () => {
  test('accepts and declines offers, moving each quote and recording who did it', async () => {
    const pending = await quoteIn('offer_pending');
    const presented = await quoteIn('authenticated_with_offer');
    const response = await record([answer(pending, 'consignment'), answer(presented, 'rejected')]);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = QuoteListDataSchema.parse(response.json());
    const byId = new Map(data.map((quote) => [quote.id, quote.attributes]));
    expect(byId.get(pending)).toMatchObject({
      status: 'offer_accepted',
      offers: { acceptedOfferType: 'consignment', consignmentEstimate: 1000, buyoutQuote: 700 },
    });
    expect(byId.get(presented)).toMatchObject({
      status: 'rejected',
      offers: { acceptedOfferType: 'rejected' },
    });
    expect(byId.get(pending)!.statusHistory).toEqual([
      {
        from: 'offer_pending',
        to: 'offer_accepted',
        actor: 'stylist',
        note: 'Client accepted the consignment offer (recorded by stylist).',
        at: expect.any(String),
      },
    ]);
    expect(byId.get(presented)!.statusHistory).toMatchObject([
      {
        from: 'authenticated_with_offer',
        to: 'rejected',
        actor: 'stylist',
        note: 'Client declined all offers (recorded by stylist).',
      },
    ]);
    const { history } = await world.snapshot(pending);
    expect(history[0]!.actorUserId).toBe(world.stylist.userId);
  });

  test('a buyback offer is accepted as the buyout', async () => {
    const quoteId = await quoteIn('offer_pending', { buyback: 650_00 });
    const response = await record([answer(quoteId, 'buyout')]);
    expect(response.statusCode, response.body).toBe(200);
    expect(QuoteListDataSchema.parse(response.json()).data[0]!.attributes).toMatchObject({
      status: 'offer_accepted',
      offers: { acceptedOfferType: 'buyout', buybackQuote: 650 },
    });
  });

  test('accepting an offer the quote does not have answers 409 under the quote id', async () => {
    const quoteId = await quoteIn('offer_pending', { consignment: 500_00 });
    const body = await expectRefused([quoteId], () => record([answer(quoteId, 'buyout')]), 409);
    expect(body).toEqual({
      message: 'This quote has no buyout offer to accept.',
      code: 'CONFLICT',
      errors: { [quoteId]: ['This quote has no buyout offer to accept.'] },
    });
  });

  test('answers are taken only in the answerable statuses; elsewhere 409 and nothing changes', async () => {
    for (const status of LifecycleStatusSchema.options) {
      const quoteId = await quoteIn(status);
      if (ANSWERABLE_STATUSES.includes(status)) {
        const response = await record([answer(quoteId, 'buyout')]);
        expect(response.statusCode, `${status}: ${response.body}`).toBe(200);
        continue;
      }
      const body = await expectRefused([quoteId], () => record([answer(quoteId, 'buyout')]), 409);
      expect(body.code).toBe('CONFLICT');
      expect(body.errors?.[quoteId]?.[0], status).toMatch(
        /^(A quote that is ".+" cannot become "Offer Accepted"\.|The quote is already "Offer Accepted"\.)$/,
      );
    }
  });

  test('a set whose last answer is refused changes none of its quotes', async () => {
    const first = await quoteIn('offer_pending');
    const second = await quoteIn('authenticated_with_offer');
    const received = await quoteIn('received');
    const body = await expectRefused(
      [first, second, received],
      () =>
        record([
          answer(first, 'consignment'),
          answer(second, 'rejected'),
          answer(received, 'buyout'),
        ]),
      409,
    );
    expect(body).toEqual({
      message: 'A quote that is "Received at Warehouse" cannot become "Offer Accepted".',
      code: 'CONFLICT',
      errors: {
        [received]: ['A quote that is "Received at Warehouse" cannot become "Offer Accepted".'],
      },
    });
  });

  test('several refused answers are all named', async () => {
    const fake = await quoteIn('fake');
    const sold = await quoteIn('sold');
    const body = await expectRefused(
      [fake, sold],
      () => record([answer(fake, 'rejected'), answer(sold, 'rejected')]),
      409,
    );
    expect(body.message).toBe('2 quotes cannot take these answers. Nothing was recorded.');
    expect(Object.keys(body.errors ?? {}).toSorted()).toEqual(
      [String(fake), String(sold)].toSorted(),
    );
  });

  test('an answer that was already recorded cannot be recorded again', async () => {
    const quoteId = await quoteIn('offer_pending');
    expect((await record([answer(quoteId, 'consignment')])).statusCode).toBe(200);
    const body = await expectRefused([quoteId], () => record([answer(quoteId, 'rejected')]), 409);
    expect(body.message).toBe('A quote that is "Offer Accepted" cannot become "Rejected".');
  });

  test('a quote of another client, or of another stylist, answers 404 and nothing changes', async () => {
    const mine = await quoteIn('offer_pending');
    const [sibling] = await insertClients(world.db, world.stylist.stylistId!, [
      { firstName: 'Sibling', lastName: 'Client' },
    ]);
    const siblings = await quoteIn('offer_pending', undefined, sibling!.id);
    const theirs = await insertQuote(world.db, {
      stylistId: world.other.stylistId!,
      clientId: world.foreignClient.id,
      status: 'offer_pending',
    });
    await insertOffers(world.db, theirs, { consignment: 100_00 });
    for (const stranger of [siblings, theirs, 2_000_000]) {
      const body = await expectRefused(
        [mine, siblings, theirs],
        () => record([answer(mine, 'consignment'), answer(stranger, 'consignment')]),
        404,
      );
      expect(body).toEqual({
        message: 'Quote not found',
        code: 'NOT_FOUND',
        errors: { [stranger]: ['Quote not found'] },
      });
    }

    const foreignClient = await expectRefused(
      [theirs],
      () => record([answer(theirs, 'consignment')], world.foreignClient.id),
      404,
    );
    expect(foreignClient).toEqual({ message: 'Client not found', code: 'NOT_FOUND' });
  });

  test('a body that breaks the contract answers 400 and nothing changes', async () => {
    const quoteId = await quoteIn('offer_pending');
    const send = (payload: unknown) =>
      world.call(world.tokens.stylist, 'PATCH', answersUrl(world.client.id), payload);
    const bodies: unknown[] = [
      { data: [] },
      {},
      {
        data: [
          {
            ...answer(quoteId, 'consignment'),
            attributes: {
              accepted_offer_type: 'consignment',
              is_accepted: false,
              is_rejected: true,
            },
          },
        ],
      },
      { data: [answer('abc', 'consignment')] },
      { data: [answer(quoteId, 'consignment'), answer(quoteId, 'rejected')] },
      { data: [answer(quoteId, 'buyback' as AcceptedOfferType)] },
      { data: [answer(quoteId, 'consignment')], extra: true },
    ];
    for (const payload of bodies) {
      const body = await expectRefused([quoteId], () => send(payload), 400);
      expect(body.code, JSON.stringify(payload)).toBe('VALIDATION_FAILED');
    }
  });

  test('an unknown key inside an answer is refused as at the top, and named', async () => {
    const quoteId = await quoteIn('offer_pending');
    const { id, attributes } = answer(quoteId, 'consignment');
    const body = await expectRefused(
      [quoteId],
      () =>
        record([
          { id, attributes: { ...attributes, note: 'sneaked in' } },
          { ...answer(quoteId, 'buyout'), extra: 1 },
        ]),
      400,
    );
    expect(body.errors).toMatchObject({
      'data.0.attributes.note': ['Unknown field'],
      'data.1.extra': ['Unknown field'],
    });
  });

  test('only a signed-in stylist may record answers', async () => {
    const quoteId = await quoteIn('offer_pending');
    const anonymous = await expectRefused(
      [quoteId],
      () => record([answer(quoteId, 'consignment')], world.client.id, ''),
      401,
    );
    expect(anonymous.code).toBe('UNAUTHORIZED');
    const admin = await expectRefused(
      [quoteId],
      () => record([answer(quoteId, 'consignment')], world.client.id, world.tokens.admin),
      403,
    );
    expect(admin.code).toBe('FORBIDDEN');
  });
});
