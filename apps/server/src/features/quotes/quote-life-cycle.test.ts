import { QuoteListDocumentSchema } from '@atelier/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildQuoteWorld, WITH_OFFERS, type QuoteWorld } from './testing.ts';

let world: QuoteWorld;

beforeAll(async () => {
  world = await buildQuoteWorld();
});
afterAll(() => world.app.close());

test("a quote's history records each step from submission to the client's answer, in order", async () => {
  const quote = await world.submitQuote();
  await world.advance(quote.id, { action: 'start_authentication' }, WITH_OFFERS);
  const answered = await world.call(
    world.tokens.stylist,
    'PATCH',
    `/api/stylist/clients/${world.client.id}/quotes`,
    {
      data: [
        {
          id: String(quote.id),
          attributes: { accepted_offer_type: 'consignment', is_accepted: true, is_rejected: false },
        },
      ],
    },
  );
  expect(answered.statusCode, answered.body).toBe(200);

  const list = await world.call(
    world.tokens.stylist,
    'GET',
    `/api/stylist/clients/${world.client.id}/quotes`,
  );
  const [listed] = QuoteListDocumentSchema.parse(list.json()).data;
  expect(listed!.id).toBe(quote.id);
  expect(listed!.attributes).toMatchObject({
    status: 'offer_accepted',
    authenticationStatus: 'authentic',
    isApproved: true,
    hasPurchaseOffer: true,
    offers: {
      consignmentEstimate: 1200,
      buyoutQuote: 800.5,
      buybackQuote: null,
      acceptedOfferType: 'consignment',
    },
  });
  const history = listed!.attributes.statusHistory;
  expect(history.map(({ from, to, actor }) => ({ from, to, actor }))).toEqual([
    { from: null, to: 'pending_authentication', actor: 'stylist' },
    { from: 'pending_authentication', to: 'authentication_in_progress', actor: 'admin' },
    { from: 'authentication_in_progress', to: 'authenticated_with_offer', actor: 'admin' },
    { from: 'authenticated_with_offer', to: 'offer_accepted', actor: 'stylist' },
  ]);
  expect(history.at(-1)!.note).toBe('Client accepted the consignment offer (recorded by stylist).');
  const times = history.map((step) => Date.parse(step.at));
  expect(times).toEqual(times.toSorted((a, b) => a - b));

  const stored = await world.snapshot(quote.id);
  expect(stored.history.map((step) => step.actorUserId)).toEqual([
    world.stylist.userId,
    world.admin.userId,
    world.admin.userId,
    world.stylist.userId,
  ]);
});
