import {
  ADMIN_QUOTE_ACTIONS,
  ErrorBodySchema,
  LifecycleStatusSchema,
  QuoteDocumentSchema,
  type AdminQuoteAction,
  type AdminQuoteActionName,
  type LifecycleStatus,
} from '@atelier/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { quoteOffers } from '../../db/schema.ts';
import { insertOffers, insertQuote } from '../../test/fixtures.ts';
import { ADMIN_URL, buildQuoteWorld, WITH_OFFERS, type QuoteWorld } from './testing.ts';

let world: QuoteWorld;

beforeAll(async () => {
  world = await buildQuoteWorld();
});
afterAll(() => world.app.close());

const quoteUrl = (quoteId: number | string) => `/api/admin/quotes/${quoteId}`;

/** A quote of another stylist's client (the back office sees every stylist's) in `status`. */
async function quoteIn(status: LifecycleStatus) {
  const quoteId = await insertQuote(world.db, {
    stylistId: world.other.stylistId!,
    clientId: world.foreignClient.id,
    status,
  });
  if (
    ![
      'pending_authentication',
      'authentication_in_progress',
      'authenticated_no_offer',
      'fake',
      'needs_more_info',
    ].includes(status)
  ) {
    await insertOffers(world.db, quoteId, { consignment: 900_00 });
  }
  return quoteId;
}

async function act(quoteId: number, action: AdminQuoteAction) {
  const response = await world.adminAction(quoteId, action);
  expect(response.statusCode, response.body).toBe(200);
  return QuoteDocumentSchema.parse(response.json()).data;
}

const offerCents = (quoteId: number) =>
  world.db
    .select({ type: quoteOffers.type, amountCents: quoteOffers.amountCents })
    .from(quoteOffers)
    .where(eq(quoteOffers.quoteId, quoteId))
    .orderBy(asc(quoteOffers.type));

/** One example of each action, valid as a body. */
const EXAMPLES: Record<AdminQuoteActionName, AdminQuoteAction> = {
  start_authentication: { action: 'start_authentication' },
  authenticate: WITH_OFFERS,
  set_offers: { action: 'set_offers', offers: { buyoutQuote: 500 } },
  renew_offers: { action: 'renew_offers', expiresInDays: 7 },
  mark_counterfeit: { action: 'mark_counterfeit', commentToCustomer: 'Stitching does not match.' },
  request_more_info: {
    action: 'request_more_info',
    commentToCustomer: 'Photo of the serial, please.',
  },
  resume_authentication: { action: 'resume_authentication' },
  receive: { action: 'receive' },
  convert: { action: 'convert' },
};

/** Where each action may be taken, written out from ARCHITECTURE.md's life cycle. */
const ALLOWED_FROM: Record<AdminQuoteActionName, readonly LifecycleStatus[]> = {
  start_authentication: ['pending_authentication'],
  authenticate: ['authentication_in_progress'],
  set_offers: ['authenticated_no_offer', 'authenticated_with_offer'],
  renew_offers: ['authenticated_with_offer', 'offer_pending'],
  mark_counterfeit: ['authentication_in_progress'],
  request_more_info: ['authentication_in_progress'],
  resume_authentication: ['needs_more_info'],
  receive: ['in_transit'],
  convert: ['received'],
};

describe('the back office', () => {
  test("reads any stylist's quote, with the admin link", async () => {
    const quoteId = await quoteIn('offer_pending');
    const response = await world.call(world.tokens.admin, 'GET', quoteUrl(quoteId));
    expect(response.statusCode, response.body).toBe(200);
    const { data } = QuoteDocumentSchema.parse(response.json());
    expect(data).toMatchObject({
      id: quoteId,
      attributes: { status: 'offer_pending', offers: { consignmentEstimate: 900 } },
      links: { admin: `${ADMIN_URL}/pending-items/${quoteId}` },
    });
  });

  test('a missing quote answers 404, a quote id that is not a number 400', async () => {
    const missing = await world.call(world.tokens.admin, 'GET', quoteUrl(2_000_000));
    expect(missing.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(missing.json())).toEqual({
      message: 'Quote not found',
      code: 'NOT_FOUND',
    });
    const actOnMissing = await world.adminAction(2_000_000, { action: 'start_authentication' });
    expect(actOnMissing.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(actOnMissing.json()).message).toBe('Quote not found');
    const bad = await world.call(world.tokens.admin, 'GET', quoteUrl('abc'));
    expect(bad.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(bad.json()).errors).toHaveProperty('quoteId');
  });

  test('stylists get 403 and anonymous callers 401, on their own quotes too, and nothing changes', async () => {
    const quote = await world.submitQuote();
    const before = await world.snapshot(quote.id);
    for (const [token, status, code] of [
      [world.tokens.stylist, 403, 'FORBIDDEN'],
      [null, 401, 'UNAUTHORIZED'],
    ] as const) {
      const read = await world.call(token, 'GET', quoteUrl(quote.id));
      expect(read.statusCode).toBe(status);
      expect(ErrorBodySchema.parse(read.json()).code).toBe(code);
      const action = await world.call(token, 'POST', `${quoteUrl(quote.id)}/actions`, {
        action: 'start_authentication',
      });
      expect(action.statusCode).toBe(status);
      expect(ErrorBodySchema.parse(action.json()).code).toBe(code);
    }
    expect(await world.snapshot(quote.id)).toEqual(before);
  });

  test('authentication with offers stores them in cents and approves them for presentation', async () => {
    const quote = await world.submitQuote();
    const started = await act(quote.id, {
      action: 'start_authentication',
      note: 'Assigned to Lea.',
    });
    expect(started.attributes.status).toBe('authentication_in_progress');
    const authenticated = await act(quote.id, WITH_OFFERS);
    expect(authenticated.attributes).toMatchObject({
      status: 'authenticated_with_offer',
      authenticationStatus: 'authentic',
      isApproved: true,
      hasPurchaseOffer: true,
      offers: { consignmentEstimate: 1200, buyoutQuote: 800.5, buybackQuote: null },
    });
    expect(await offerCents(quote.id)).toEqual([
      { type: 'consignment', amountCents: 120_000 },
      { type: 'buyout', amountCents: 80_050 },
    ]);
    expect(authenticated.attributes.statusHistory.slice(1)).toMatchObject([
      {
        from: 'pending_authentication',
        to: 'authentication_in_progress',
        actor: 'admin',
        note: 'Assigned to Lea.',
      },
      {
        from: 'authentication_in_progress',
        to: 'authenticated_with_offer',
        actor: 'admin',
        note: 'Authentic. Offers approved for presentation: consignment $1,200.00, buyout $800.50.',
      },
    ]);
    const { history } = await world.snapshot(quote.id);
    expect(history.slice(1).map((step) => step.actorUserId)).toEqual([
      world.admin.userId,
      world.admin.userId,
    ]);
  });

  test('authentication without offers, then offers made and revised, each recorded', async () => {
    const quote = await world.submitQuote();
    await world.advance(quote.id, { action: 'start_authentication' });
    const noOffer = await act(quote.id, { action: 'authenticate' });
    expect(noOffer.attributes).toMatchObject({
      status: 'authenticated_no_offer',
      authenticationStatus: 'authentic',
      isApproved: false,
      hasPurchaseOffer: false,
    });
    const offered = await act(quote.id, {
      action: 'set_offers',
      offers: { consignmentEstimate: 300, buybackQuote: 250.25 },
    });
    expect(offered.attributes).toMatchObject({
      status: 'authenticated_with_offer',
      isApproved: true,
      offers: { consignmentEstimate: 300, buyoutQuote: null, buybackQuote: 250.25 },
    });
    const revised = await act(quote.id, {
      action: 'set_offers',
      offers: { buyoutQuote: 280 },
      note: 'Market moved.',
    });
    expect(revised.attributes.offers).toMatchObject({
      consignmentEstimate: null,
      buyoutQuote: 280,
      buybackQuote: null,
    });
    expect(await offerCents(quote.id)).toEqual([{ type: 'buyout', amountCents: 28_000 }]);
    expect(revised.attributes.statusHistory.map((step) => [step.from, step.to])).toEqual([
      [null, 'pending_authentication'],
      ['pending_authentication', 'authentication_in_progress'],
      ['authentication_in_progress', 'authenticated_no_offer'],
      ['authenticated_no_offer', 'authenticated_with_offer'],
      ['authenticated_with_offer', 'authenticated_with_offer'],
    ]);
    expect(revised.attributes.statusHistory.at(-1)!.note).toBe('Market moved.');
  });

  test('a counterfeit is marked with a comment to the client from the authentication team', async () => {
    const quote = await world.submitQuote();
    await world.advance(quote.id, { action: 'start_authentication' });
    const fake = await act(quote.id, EXAMPLES.mark_counterfeit);
    expect(fake.attributes).toMatchObject({
      status: 'fake',
      authenticationStatus: 'counterfeit',
      commenter: 'Authentication team',
      commentToCustomer: 'Stitching does not match.',
    });
  });

  test('more information is requested, then authentication resumes and the request no longer shows', async () => {
    const quote = await world.submitQuote();
    await world.advance(quote.id, { action: 'start_authentication' });
    const asked = await act(quote.id, EXAMPLES.request_more_info);
    expect(asked.attributes).toMatchObject({
      status: 'needs_more_info',
      commenter: 'Authentication team',
      commentToCustomer: 'Photo of the serial, please.',
    });
    const resumed = await act(quote.id, { action: 'resume_authentication' });
    expect(resumed.attributes).toMatchObject({
      status: 'authentication_in_progress',
      commenter: null,
      commentToCustomer: null,
    });
    expect(resumed.attributes.statusHistory.at(-1)).toMatchObject({
      from: 'needs_more_info',
      to: 'authentication_in_progress',
      note: 'Authentication resumed.',
    });
  });

  test('a shipped quote is received, then converted', async () => {
    const quoteId = await quoteIn('in_transit');
    expect((await act(quoteId, { action: 'receive' })).attributes.status).toBe('received');
    expect((await act(quoteId, { action: 'convert' })).attributes.status).toBe('converted');
  });

  test('every action outside its step answers 409 and changes nothing', async () => {
    let refused = 0;
    for (const name of ADMIN_QUOTE_ACTIONS) {
      for (const status of LifecycleStatusSchema.options) {
        const quoteId = await quoteIn(status);
        const before = await world.snapshot(quoteId);
        const response = await world.adminAction(quoteId, EXAMPLES[name]);
        if (ALLOWED_FROM[name].includes(status)) {
          expect(response.statusCode, `${name} from ${status}: ${response.body}`).toBe(200);
          continue;
        }
        expect(response.statusCode, `${name} from ${status}`).toBe(409);
        const body = ErrorBodySchema.parse(response.json());
        expect(body.code).toBe('CONFLICT');
        expect(body.message).toMatch(
          /^(A quote that is ".+" cannot become ".+"\.|The quote is already ".+"\.|The action "\w+" does not apply to a quote that is ".+"\.)$/,
        );
        expect(await world.snapshot(quoteId)).toEqual(before);
        refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(80);
  });

  test('an action the life cycle allows from elsewhere still answers 409 outside its step', async () => {
    const cases: [LifecycleStatus, AdminQuoteAction, string][] = [
      [
        'authentication_in_progress',
        EXAMPLES.set_offers,
        'The action "set_offers" does not apply to a quote that is "Authentication in Progress".',
      ],
      [
        'needs_more_info',
        EXAMPLES.start_authentication,
        'The action "start_authentication" does not apply to a quote that is "Needs More Information".',
      ],
      [
        'pending_authentication',
        EXAMPLES.receive,
        'A quote that is "Pending Authentication" cannot become "Received at Warehouse".',
      ],
    ];
    for (const [status, action, message] of cases) {
      const quoteId = await quoteIn(status);
      const response = await world.adminAction(quoteId, action);
      expect(response.statusCode).toBe(409);
      expect(ErrorBodySchema.parse(response.json()).message).toBe(message);
    }
  });

  test('a refused move leaves the quote, its offers and its history as they were', async () => {
    const quoteId = await quoteIn('offer_pending');
    const before = await world.snapshot(quoteId);
    const response = await world.adminAction(quoteId, {
      action: 'set_offers',
      offers: { consignmentEstimate: 1 },
    });
    expect(response.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(response.json()).message).toBe(
      'A quote that is "Offer Pending Response" cannot become "Authenticated - Has Offer".',
    );
    expect(await world.snapshot(quoteId)).toEqual(before);
    expect(before.offers).toHaveLength(1);
  });

  test('an action that breaks the contract answers 400 naming the field, and nothing changes', async () => {
    const quoteId = await quoteIn('authentication_in_progress');
    const before = await world.snapshot(quoteId);
    const bodies: [unknown, string][] = [
      [{ action: 'approve_everything' }, 'action'],
      [{ action: 'set_offers' }, 'offers'],
      [{ action: 'authenticate', offers: {} }, 'offers'],
      [{ action: 'authenticate', offers: { buyoutQuote: 10.005 } }, 'offers.buyoutQuote'],
      [{ action: 'authenticate', offers: { buyoutQuote: -5 } }, 'offers.buyoutQuote'],
      [{ action: 'mark_counterfeit' }, 'commentToCustomer'],
      [{ action: 'mark_counterfeit', commentToCustomer: '   ' }, 'commentToCustomer'],
      [{ action: 'receive', status: 'sold' }, 'status'],
    ];
    for (const [payload, field] of bodies) {
      const response = await world.call(
        world.tokens.admin,
        'POST',
        `${quoteUrl(quoteId)}/actions`,
        payload,
      );
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = ErrorBodySchema.parse(response.json());
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(body.errors ?? {}), JSON.stringify(payload)).toContain(field);
    }
    expect(await world.snapshot(quoteId)).toEqual(before);
  });
});
