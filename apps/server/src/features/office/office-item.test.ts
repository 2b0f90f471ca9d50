import {
  ErrorBodySchema,
  OfficeItemDocumentSchema,
  OfficeNoteDocumentSchema,
  type LifecycleStatus,
  OfficeQueueDocumentSchema,
  type OfficeDecisionBody,
  type SecondOpinionBody,
} from '@atelier/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import {
  auditLog,
  commissions,
  notifications,
  officeClaims,
  officeNotes,
  officeSecondOpinions,
  quoteOffers,
  quotes,
  quoteStatusHistory,
} from '../../db/schema.ts';
import { insertOffers, insertQuote } from '../../test/fixtures.ts';
import { buildOfficeWorld } from './testing.ts';

let app: App;
let tokens: Record<string, string>;
let userIds: Record<string, string>;
let stylistId: number;
let clientId: number;

beforeAll(async () => {
  ({ app, tokens, userIds, stylistId, clientId } = await buildOfficeWorld());
});
afterAll(() => app.close());

const db = () => app.database.db;
const itemUrl = (quoteId: number | string) => `/api/office/items/${quoteId}`;

function call(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload !== undefined && { payload }),
  });
}

async function item(quoteId: number, who = 'operations') {
  const response = await call(tokens[who]!, 'GET', itemUrl(quoteId));
  expect(response.statusCode, response.body).toBe(200);
  return OfficeItemDocumentSchema.parse(response.json()).data;
}

async function quoteIn(status: LifecycleStatus) {
  const quoteId = await insertQuote(db(), { stylistId, clientId, status, name: 'Kelly 28' });
  if (
    ['authenticated_with_offer', 'offer_pending', 'offer_accepted', 'converted'].includes(status)
  ) {
    await insertOffers(db(), quoteId, { consignment: 900_00, buyout: 600_00 });
  }
  return quoteId;
}

/** Any decision's body, its version left to `decide`. */
type DecisionWithoutVersion = OfficeDecisionBody extends infer D
  ? D extends unknown
    ? Omit<D, 'version'> & { version?: number }
    : never
  : never;

/** A decision as `who`, on the version the item has now unless told otherwise. */
async function decide(quoteId: number, who: string, body: DecisionWithoutVersion) {
  const version = body.version ?? (await item(quoteId)).version;
  return call(tokens[who]!, 'POST', `${itemUrl(quoteId)}/decisions`, { ...body, version });
}

/** A second opinion on the decision waiting on an item, as `who`. */
function resolve(quoteId: number, who: string, body: SecondOpinionBody) {
  return call(tokens[who]!, 'POST', `${itemUrl(quoteId)}/second-opinion`, body);
}

/** Everything a refused decision must leave as it was. */
async function snapshot(quoteId: number) {
  const [quote] = await db().select().from(quotes).where(eq(quotes.id, quoteId));
  return {
    quote,
    history: await db()
      .select()
      .from(quoteStatusHistory)
      .where(eq(quoteStatusHistory.quoteId, quoteId))
      .orderBy(asc(quoteStatusHistory.id)),
    offers: await db()
      .select()
      .from(quoteOffers)
      .where(eq(quoteOffers.quoteId, quoteId))
      .orderBy(asc(quoteOffers.id)),
    notifications: await db()
      .select()
      .from(notifications)
      .where(eq(notifications.stylistId, stylistId)),
    secondOpinions: await db()
      .select()
      .from(officeSecondOpinions)
      .where(eq(officeSecondOpinions.quoteId, quoteId))
      .orderBy(asc(officeSecondOpinions.id)),
    notes: await db()
      .select()
      .from(officeNotes)
      .where(eq(officeNotes.quoteId, quoteId))
      .orderBy(asc(officeNotes.id)),
  };
}

describe('the workspace', () => {
  test('shows the quote, its people, its clock and the decisions open to each role', async () => {
    const quoteId = await quoteIn('pending_authentication');
    const seen = await item(quoteId);
    expect(seen).toMatchObject({
      quote: { id: quoteId, attributes: { name: 'Kelly 28', status: 'pending_authentication' } },
      stylist: { id: stylistId, name: 'stylist Person' },
      client: { id: clientId, name: 'Margaux Dubois' },
      stage: 'to_authenticate',
      sla: { state: 'on_track', targetHours: 24 },
      holder: null,
      decisions: ['start_authentication'],
      notes: [],
    });
    expect((await item(quoteId, 'authenticator')).decisions).toEqual(['start_authentication']);
    expect((await item(quoteId, 'pricer')).decisions).toEqual([]);

    const priced = await quoteIn('authenticated_no_offer');
    expect((await item(priced, 'pricer')).decisions).toEqual(['make_offers']);
    expect((await item(priced, 'authenticator')).decisions).toEqual([]);
  });

  test('an unknown item answers 404, a bad id 400, and a stylist 403', async () => {
    expect((await call(tokens.operations!, 'GET', itemUrl(2_000_000_000))).statusCode).toBe(404);
    expect((await call(tokens.operations!, 'GET', itemUrl('abc'))).statusCode).toBe(400);
    const quoteId = await quoteIn('pending_authentication');
    expect((await call(tokens.stylist!, 'GET', itemUrl(quoteId))).statusCode).toBe(403);
    const decision = await call(tokens.stylist!, 'POST', `${itemUrl(quoteId)}/decisions`, {
      decision: 'start_authentication',
      version: 0,
    });
    expect(decision.statusCode).toBe(403);
  });
});

describe('decisions', () => {
  test('an authenticator authenticates and a pricer prices; each refused the other’s decision with nothing written', async () => {
    const quoteId = await quoteIn('pending_authentication');
    const before = await snapshot(quoteId);
    const pricerTries = await decide(quoteId, 'pricer', { decision: 'start_authentication' });
    expect(pricerTries.statusCode).toBe(403);
    expect(ErrorBodySchema.parse(pricerTries.json()).message).toMatch(/authenticator/);
    expect(await snapshot(quoteId)).toEqual(before);

    expect(
      (await decide(quoteId, 'authenticator', { decision: 'start_authentication' })).statusCode,
    ).toBe(200);
    const authentic = await decide(quoteId, 'authenticator', { decision: 'authentic' });
    expect(authentic.statusCode, authentic.body).toBe(200);
    expect(OfficeItemDocumentSchema.parse(authentic.json()).data).toMatchObject({
      stage: 'to_price',
      quote: {
        attributes: { status: 'authenticated_no_offer', authenticationStatus: 'authentic' },
      },
    });

    const offers = {
      decision: 'make_offers',
      offers: { consignmentEstimate: 1500, buyoutQuote: 900 },
    } as const;
    const authenticatorTries = await decide(quoteId, 'authenticator', offers);
    expect(authenticatorTries.statusCode).toBe(403);
    const priced = await decide(quoteId, 'pricer', { ...offers, expiresInDays: 10 });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(OfficeItemDocumentSchema.parse(priced.json()).data.quote.attributes).toMatchObject({
      status: 'authenticated_with_offer',
      offers: { consignmentEstimate: 1500, buyoutQuote: 900 },
    });
    // The stylist hears of each step the client's item took.
    const told = await db()
      .select({ text: notifications.text })
      .from(notifications)
      .where(eq(notifications.stylistId, stylistId));
    expect(told.map((n) => n.text)).toEqual(
      expect.arrayContaining([
        'Kelly 28 is authentic; offers come next.',
        'Offers are ready for Kelly 28.',
      ]),
    );
    // Audited, with who decided.
    const audited = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.subject, `quoteId=${quoteId}`), eq(auditLog.actorUserId, userIds.pricer!)),
      );
    expect(audited.map((row) => row.action)).toContain('POST /api/office/items/:quoteId/decisions');
  });

  test('a decision on an item someone else changed since answers 409 and writes nothing', async () => {
    const quoteId = await quoteIn('pending_authentication');
    const { version } = await item(quoteId);
    expect(
      (await decide(quoteId, 'operations', { decision: 'start_authentication', version }))
        .statusCode,
    ).toBe(200);
    const before = await snapshot(quoteId);
    const stale = await decide(quoteId, 'authenticator', {
      decision: 'request_more_info',
      missing: 'a photo of the date code',
      message: 'Please send a close-up of the date code.',
      version,
    });
    expect(stale.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(stale.json()).message).toMatch(/Someone else changed this item/);
    expect(await snapshot(quoteId)).toEqual(before);
  });

  test('a counterfeit verdict without a reason answers 422 and writes nothing; with one it is recorded apart from the client’s comment', async () => {
    const quoteId = await quoteIn('authentication_in_progress');
    const before = await snapshot(quoteId);
    for (const reason of [undefined, '   ']) {
      const refused = await decide(quoteId, 'authenticator', {
        decision: 'counterfeit',
        ...(reason !== undefined && { reason }),
      });
      expect(refused.statusCode).toBe(422);
      expect(ErrorBodySchema.parse(refused.json()).errors?.reason).toBeDefined();
    }
    expect(await snapshot(quoteId)).toEqual(before);

    const verdict = await decide(quoteId, 'authenticator', {
      decision: 'counterfeit',
      reason: 'Heat stamp font and stitch count do not match 2019 production.',
    });
    expect(verdict.statusCode, verdict.body).toBe(200);
    // Every counterfeit verdict waits for a second opinion (below); operations approves it.
    const approved = await resolve(quoteId, 'operations', { verdict: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    const data = OfficeItemDocumentSchema.parse(approved.json()).data;
    expect(data.quote.attributes).toMatchObject({
      status: 'fake',
      authenticationStatus: 'counterfeit',
      commentToCustomer: expect.stringMatching(/could not verify/),
    });
    expect(data.quote.attributes.commentToCustomer).not.toMatch(/Heat stamp/);
    const [step] = await db()
      .select({ note: quoteStatusHistory.note })
      .from(quoteStatusHistory)
      .where(and(eq(quoteStatusHistory.quoteId, quoteId), eq(quoteStatusHistory.toStatus, 'fake')));
    expect(step?.note).toMatch(/Heat stamp/);
  });

  test('a request for more info names what is missing; a decision outside its step answers 409', async () => {
    const quoteId = await quoteIn('authentication_in_progress');
    const asked = await decide(quoteId, 'authenticator', {
      decision: 'request_more_info',
      missing: 'a photo of the date code',
      message: 'Please send a close-up of the date code inside the bag.',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const [step] = await db()
      .select({ detail: quoteStatusHistory.detail })
      .from(quoteStatusHistory)
      .where(
        and(
          eq(quoteStatusHistory.quoteId, quoteId),
          eq(quoteStatusHistory.toStatus, 'needs_more_info'),
        ),
      );
    expect(step?.detail).toEqual({
      request: {
        missing: 'a photo of the date code',
        message: 'Please send a close-up of the date code inside the bag.',
      },
    });
    const before = await snapshot(quoteId);
    const outOfStep = await decide(quoteId, 'operations', { decision: 'receive' });
    expect(outOfStep.statusCode).toBe(409);
    expect(await snapshot(quoteId)).toEqual(before);
  });

  test('receive, convert and record the sale: the stylist’s commission is created', async () => {
    const quoteId = await quoteIn('in_transit');
    await db()
      .update(quotes)
      .set({ acceptedOfferType: 'consignment' })
      .where(eq(quotes.id, quoteId));
    await insertOffers(db(), quoteId, { consignment: 900_00 });
    for (const decision of ['receive', 'convert'] as const) {
      const answer = await decide(quoteId, 'operations', { decision });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const authenticatorTries = await decide(quoteId, 'authenticator', {
      decision: 'record_sale',
      commission: 120,
    });
    expect(authenticatorTries.statusCode).toBe(403);
    const sold = await decide(quoteId, 'operations', { decision: 'record_sale', commission: 120 });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(OfficeItemDocumentSchema.parse(sold.json()).data).toMatchObject({
      stage: 'sold',
      quote: { attributes: { status: 'sold' } },
    });
    const [commission] = await db()
      .select({ amountCents: commissions.amountCents })
      .from(commissions)
      .where(eq(commissions.quoteId, quoteId));
    expect(commission?.amountCents).toBe(120_00);

    // "Sold" shows the commission and how it is paid; operations pays it and the sale leaves.
    const soldPage = async () =>
      OfficeQueueDocumentSchema.parse(
        (await call(tokens.operations!, 'GET', `/api/office/queues/sold?q=%23${quoteId}`)).json(),
      ).data;
    const [row] = await soldPage();
    expect(row?.commission).toMatchObject({
      amountCents: 120_00,
      payoutMethod: 'check',
      paypalAddress: null,
    });
    const pay = { commissionIds: [row!.commission!.id] };
    const pricerPays = await call(tokens.pricer!, 'POST', '/api/admin/commissions/mark-paid', pay);
    expect(pricerPays.statusCode).toBe(403);
    const paid = await call(tokens.operations!, 'POST', '/api/admin/commissions/mark-paid', pay);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ paid: pay.commissionIds, alreadyPaid: [] });
    expect(await soldPage()).toEqual([]);
  });

  test('bad decisions answer 400 in the error shape and write nothing', async () => {
    const quoteId = await quoteIn('authenticated_no_offer');
    const before = await snapshot(quoteId);
    const { version } = await item(quoteId);
    for (const body of [
      { decision: 'make_offers', version },
      { decision: 'make_offers', version, offers: {} },
      { decision: 'make_offers', version, offers: { buyoutQuote: -5 } },
      { decision: 'make_offers', offers: { buyoutQuote: 5 } },
      { decision: 'fly', version },
      { decision: 'request_more_info', version, missing: '', message: 'x' },
      { decision: 'receive', version, extra: true },
    ]) {
      const response = await call(
        tokens.operations!,
        'POST',
        `${itemUrl(quoteId)}/decisions`,
        body,
      );
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).code).toBe('VALIDATION_FAILED');
    }
    expect(await snapshot(quoteId)).toEqual(before);
  });

  test('a decision keeps its author’s claim alive', async () => {
    const quoteId = await quoteIn('pending_authentication');
    await call(tokens.authenticator!, 'POST', `${itemUrl(quoteId)}/claim`, {});
    const old = new Date(Date.now() - 20 * 60_000);
    await db().update(officeClaims).set({ activeAt: old }).where(eq(officeClaims.quoteId, quoteId));
    await decide(quoteId, 'authenticator', { decision: 'start_authentication' });
    const [claim] = await db().select().from(officeClaims).where(eq(officeClaims.quoteId, quoteId));
    expect(claim!.activeAt.getTime()).toBeGreaterThan(old.getTime() + 60_000);
  });
});

describe('internal notes', () => {
  test('staff read each other’s notes; the stylist never sees them', async () => {
    const quoteId = await quoteIn('authentication_in_progress');
    const added = await call(tokens.authenticator!, 'POST', `${itemUrl(quoteId)}/notes`, {
      text: '  Serial matches a 2019 run; checking the zipper pull.  ',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(OfficeNoteDocumentSchema.parse(added.json()).data).toMatchObject({
      author: { userId: userIds.authenticator, name: 'authenticator Person' },
      text: 'Serial matches a 2019 run; checking the zipper pull.',
    });
    expect((await item(quoteId, 'pricer')).notes.map((note) => note.text)).toEqual([
      'Serial matches a 2019 run; checking the zipper pull.',
    ]);
    const stylistView = await call(
      tokens.stylist!,
      'GET',
      `/api/stylist/clients/${clientId}/quotes`,
    );
    expect(stylistView.statusCode).toBe(200);
    expect(stylistView.body).not.toContain('zipper pull');

    for (const text of ['', '   ', 'x'.repeat(4001)]) {
      const refused = await call(tokens.pricer!, 'POST', `${itemUrl(quoteId)}/notes`, { text });
      expect(refused.statusCode).toBe(400);
    }
    expect(
      (await call(tokens.pricer!, 'POST', `${itemUrl(2_000_000_000)}/notes`, { text: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      await db().select().from(officeNotes).where(eq(officeNotes.quoteId, quoteId)),
    ).toHaveLength(1);
    const shopperless = await call(tokens.stylist!, 'POST', `${itemUrl(quoteId)}/notes`, {
      text: 'x',
    });
    expect(shopperless.statusCode).toBe(403);
  });
});

describe('second opinions', () => {
  const reason = 'The zipper pull is stamped in the wrong font.';

  test('a counterfeit verdict waits for another staff member; its author cannot approve it, nor anyone without the right', async () => {
    const quoteId = await quoteIn('authentication_in_progress');
    const proposed = await decide(quoteId, 'authenticator', { decision: 'counterfeit', reason });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const waiting = OfficeItemDocumentSchema.parse(proposed.json()).data;
    expect(waiting).toMatchObject({
      quote: { attributes: { status: 'authentication_in_progress' } },
      decisions: [],
      secondOpinion: {
        decision: 'counterfeit',
        summary: `Counterfeit: ${reason}`,
        author: { userId: userIds.authenticator, name: 'authenticator Person' },
        canResolve: false,
      },
    });
    expect((await item(quoteId, 'operations')).secondOpinion?.canResolve).toBe(true);
    expect((await item(quoteId, 'pricer')).secondOpinion?.canResolve).toBe(false);

    const before = await snapshot(quoteId);
    const own = await resolve(quoteId, 'authenticator', { verdict: 'approve' });
    expect(own.statusCode).toBe(403);
    expect(ErrorBodySchema.parse(own.json()).message).toMatch(/Nobody approves their own/);
    expect((await resolve(quoteId, 'pricer', { verdict: 'approve' })).statusCode).toBe(403);
    expect((await resolve(quoteId, 'stylist', { verdict: 'approve' })).statusCode).toBe(403);
    // Nothing else is decided on it meanwhile.
    const other = await decide(quoteId, 'operations', { decision: 'authentic' });
    expect(other.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(other.json()).message).toMatch(/waiting for a second opinion/);
    for (const body of [{}, { verdict: 'maybe' }, { verdict: 'approve', extra: 1 }]) {
      const bad = await call(
        tokens.operations!,
        'POST',
        `${itemUrl(quoteId)}/second-opinion`,
        body,
      );
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(ErrorBodySchema.parse(bad.json()).code).toBe('VALIDATION_FAILED');
    }
    expect(await snapshot(quoteId)).toEqual(before);

    const approved = await resolve(quoteId, 'operations', { verdict: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(OfficeItemDocumentSchema.parse(approved.json()).data).toMatchObject({
      quote: { attributes: { status: 'fake' } },
      secondOpinion: null,
    });
    // The step is its author's, with who approved it.
    const [step] = await db()
      .select()
      .from(quoteStatusHistory)
      .where(and(eq(quoteStatusHistory.quoteId, quoteId), eq(quoteStatusHistory.toStatus, 'fake')));
    expect(step).toMatchObject({
      actorUserId: userIds.authenticator,
      note: `Counterfeit: ${reason}`,
      detail: { approvedByUserId: userIds.operations },
    });
    const again = await resolve(quoteId, 'operations', { verdict: 'approve' });
    expect(again.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(again.json()).message).toMatch(/No decision on this item/);
  });

  test('offers above the threshold wait and show in the tab; sent back, they change nothing and leave a note', async () => {
    const quoteId = await quoteIn('authenticated_no_offer');
    // $5,000.00 is the threshold: at it, offers take effect at once.
    const atThreshold = await quoteIn('authenticated_no_offer');
    const direct = await decide(atThreshold, 'pricer', {
      decision: 'make_offers',
      offers: { buyoutQuote: 5000 },
    });
    expect(direct.statusCode, direct.body).toBe(200);
    expect(OfficeItemDocumentSchema.parse(direct.json()).data.quote.attributes.status).toBe(
      'authenticated_with_offer',
    );

    const before = await snapshot(quoteId);
    const proposed = await decide(quoteId, 'pricer', {
      decision: 'make_offers',
      offers: { consignmentEstimate: 6500, buyoutQuote: 5000.01 },
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(OfficeItemDocumentSchema.parse(proposed.json()).data).toMatchObject({
      quote: { attributes: { status: 'authenticated_no_offer' } },
      secondOpinion: {
        decision: 'make_offers',
        summary: 'Offers: consignment $6,500.00, buyout $5,000.01',
      },
    });
    const after = await snapshot(quoteId);
    expect({ ...after, secondOpinions: [] }).toEqual({ ...before, secondOpinions: [] });

    // The "Second opinion" tab lists it, and every queue's answer counts it.
    const list = await call(tokens.authenticator!, 'GET', '/api/office/queues/second_opinion');
    expect(list.statusCode, list.body).toBe(200);
    const listed = OfficeQueueDocumentSchema.parse(list.json());
    expect(listed.data.find((row) => row.quoteId === quoteId)).toMatchObject({
      name: 'Kelly 28',
      sla: { targetHours: 16 },
      secondOpinion: {
        summary: 'Offers: consignment $6,500.00, buyout $5,000.01',
        author: { userId: userIds.pricer },
      },
    });
    expect(listed.meta.waitingSecondOpinions).toBe(listed.meta.pagination.total);
    expect(listed.meta.pagination.total).toBeGreaterThanOrEqual(1);
    const queue = await call(tokens.operations!, 'GET', '/api/office/queues/to_price');
    const toPrice = OfficeQueueDocumentSchema.parse(queue.json());
    expect(toPrice.meta.waitingSecondOpinions).toBe(listed.meta.waitingSecondOpinions);
    expect(toPrice.data.find((row) => row.quoteId === atThreshold)).toBeUndefined();
    // Searched for, it is the only one.
    const searched = await call(
      tokens.operations!,
      'GET',
      `/api/office/queues/second_opinion?q=%23${quoteId}`,
    );
    expect(OfficeQueueDocumentSchema.parse(searched.json()).data.map((row) => row.quoteId)).toEqual(
      [quoteId],
    );

    const sentBack = await resolve(quoteId, 'operations', {
      verdict: 'reject',
      note: 'Recent Birkin 25 sales cap the buyout at $4,800.',
    });
    expect(sentBack.statusCode, sentBack.body).toBe(200);
    const data = OfficeItemDocumentSchema.parse(sentBack.json()).data;
    expect(data).toMatchObject({
      quote: { attributes: { status: 'authenticated_no_offer' } },
      secondOpinion: null,
      decisions: ['make_offers'],
    });
    expect(data.notes.map((note) => note.text)).toEqual([
      'Sent back (Offers: consignment $6,500.00, buyout $5,000.01): Recent Birkin 25 sales cap the buyout at $4,800.',
    ]);
    const final = await snapshot(quoteId);
    expect(final.history).toEqual(before.history);
    expect(final.offers).toEqual(before.offers);
    expect(final.secondOpinions).toMatchObject([
      { outcome: 'reject', resolvedByUserId: userIds.operations },
    ]);
  });
});
