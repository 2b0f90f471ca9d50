import { describe, expect, test } from 'vitest';
import { toDesignerList } from './designers.ts';
import {
  ADMIN_QUOTE_ACTIONS,
  AdminQuoteActionSchema,
  CreateQuoteBodySchema,
  QuoteListAnswerSchema,
  RecordResponsesBodySchema,
} from './quotes.ts';
import { offersExpiry, quoteProblems, toQuoteView } from './quote-view.ts';

const answer = (accepted_offer_type: string, is_accepted: boolean, is_rejected: boolean) => ({
  id: '7',
  attributes: { accepted_offer_type, is_accepted, is_rejected },
});

describe('quote list answer', () => {
  const quote = {
    id: 3,
    attributes: { name: 'Birkin 30', brand: 'Hermès', status: 'offer_pending' },
  };

  test.each([
    ['a bare array', [quote]],
    ['data', { data: [quote] }],
    ['data.data', { data: { data: [quote] } }],
  ])('reads the list from %s (§7)', (_shape, body) => {
    const parsed = QuoteListAnswerSchema.parse(body);
    expect(parsed.quotes.map((q) => q.id)).toEqual([3]);
  });

  test('reads the client from meta when the answer carries it', () => {
    const client = { id: 9, firstName: 'Olivia', lastName: 'Bennett' };
    expect(QuoteListAnswerSchema.parse({ data: [quote], meta: { client } }).client).toEqual(client);
  });

  test('reads a quote without attributes as its own attributes', () => {
    const parsed = QuoteListAnswerSchema.parse([{ id: 'x1', name: 'Flap Bag', brand: 'Chanel' }]);
    expect(toQuoteView(parsed.quotes[0]!)).toMatchObject({
      id: 'x1',
      name: 'Flap Bag',
      brand: 'Chanel',
    });
  });

  test('a malformed field becomes null instead of failing the whole list', () => {
    const parsed = QuoteListAnswerSchema.parse([
      { id: 1, attributes: { name: 42, images: 'none', shipment: 'soon', status: 'received' } },
    ]);
    const view = toQuoteView(parsed.quotes[0]!);
    expect(view).toMatchObject({ name: null, images: [], shipment: null, status: 'received' });
  });
});

describe('quote view', () => {
  const view = (attributes: Record<string, unknown>, links?: { admin: string | null }) =>
    toQuoteView(QuoteListAnswerSchema.parse([{ id: 5, attributes, links }]).quotes[0]!);

  test('takes offers from `offers` first, then the alternate flat names', () => {
    const quote = view({
      offers: { consignmentEstimate: 1200, buyoutQuote: null },
      buyout_amount: '800.50',
      consignment_offer: 999,
    });
    expect(quote.offers).toMatchObject({ consignment: 1200, buyout: 800.5 });
    expect(quote.offerTypes).toEqual(['consignment', 'buyout']);
  });

  test('a buyback alone is answered as a buyout', () => {
    expect(view({ offers: { buybackQuote: 500 } }).offerTypes).toEqual(['buyout']);
  });

  test('the card image is the first image thumbnail, then thumbnail_url, then image_url', () => {
    const images = [
      { id: 1, url: '/a.webp', thumbnailUrl: '/a-thumb.webp' },
      { id: 2, url: '/b.webp', thumbnailUrl: '/b-thumb.webp' },
    ];
    expect(view({ images, thumbnail_url: '/t.webp' }).imageUrl).toBe('/a-thumb.webp');
    expect(view({ thumbnail_url: '/t.webp', image_url: '/i.webp' }).imageUrl).toBe('/t.webp');
    expect(view({ image_url: '/i.webp' }).imageUrl).toBe('/i.webp');
    expect(view({}).imageUrl).toBeNull();
  });

  test('reads either spelling of the ship-list link', () => {
    expect(view({ shipment: { id: 1, shiplistPdfLink: '/s.pdf' } }).shipment?.shiplistPDFLink).toBe(
      '/s.pdf',
    );
  });

  test('keeps the admin link', () => {
    expect(view({}, { admin: 'https://admin.test/pending-items/5' }).adminUrl).toBe(
      'https://admin.test/pending-items/5',
    );
  });

  test('without hasPurchaseOffer, an offer amount says there is one', () => {
    expect(view({ offers: { buyoutQuote: 10 } }).hasPurchaseOffer).toBe(true);
    expect(view({}).hasPurchaseOffer).toBe(false);
    expect(view({ hasPurchaseOffer: false, offers: { buyoutQuote: 10 } }).hasPurchaseOffer).toBe(
      false,
    );
  });
});

describe('quote view: timeline, offers window and client messages (decision 0029)', () => {
  const view = (attributes: Record<string, unknown>) =>
    toQuoteView(QuoteListAnswerSchema.parse([{ id: 5, attributes }]).quotes[0]!);
  const submitted = {
    kind: 'submitted',
    at: '2026-05-01T12:00:00.000Z',
    by: 'stylist',
    title: 'Submitted for a quote',
    details: [],
    link: null,
  };

  test('reads the timeline, the next step, the expiry, the views, the messages and the receipt', () => {
    const quote = view({
      timeline: {
        steps: [
          submitted,
          {
            kind: 'picked_up',
            at: '2026-05-09T12:00:00.000Z',
            by: 'stylist',
            title: 'Picked up',
            details: ['Signed by Ann Lee'],
            link: { label: 'Signed receipt (PDF)', url: '/files/receipt.pdf' },
          },
        ],
        next: {
          title: 'Arrival at the warehouse',
          estimate: '3-7 business days',
          by: '2026-05-18',
        },
      },
      offersExpireAt: '2026-05-20T12:00:00.000Z',
      offersViewed: { firstAt: '2026-05-06T12:00:00.000Z', lastAt: '2026-05-07T12:00:00.000Z' },
      clientMessages: [
        {
          kind: 'question',
          reason: null,
          text: 'Is the strap included?',
          at: '2026-05-06T13:00:00Z',
        },
        { kind: 'decline', reason: 'selling_elsewhere', text: 'Sorry', at: '2026-05-07T13:00:00Z' },
      ],
      shipment: { id: 3, receiptUrl: '/files/receipt.pdf' },
    });
    expect(quote.timeline.steps).toHaveLength(2);
    expect(quote.timeline.steps[1]).toEqual({
      kind: 'picked_up',
      at: '2026-05-09T12:00:00.000Z',
      by: 'stylist',
      title: 'Picked up',
      details: ['Signed by Ann Lee'],
      link: { label: 'Signed receipt (PDF)', url: '/files/receipt.pdf' },
    });
    expect(quote.timeline.next).toEqual({
      title: 'Arrival at the warehouse',
      estimate: '3-7 business days',
    });
    expect(quote.offersExpireAt).toBe('2026-05-20T12:00:00.000Z');
    expect(quote.offersViewed).toEqual({
      firstAt: '2026-05-06T12:00:00.000Z',
      lastAt: '2026-05-07T12:00:00.000Z',
    });
    expect(quote.clientMessages).toEqual([
      {
        kind: 'question',
        reason: null,
        text: 'Is the strap included?',
        at: '2026-05-06T13:00:00Z',
      },
      {
        kind: 'decline',
        reason: 'I am selling it elsewhere',
        text: 'Sorry',
        at: '2026-05-07T13:00:00Z',
      },
    ]);
    expect(quote.shipment?.receiptUrl).toBe('/files/receipt.pdf');
  });

  test('an older record without them reads as empty', () => {
    const quote = view({ shipment: { id: 3 } });
    expect(quote).toMatchObject({
      timeline: { steps: [], next: null },
      offersExpireAt: null,
      offersViewed: null,
      clientMessages: [],
    });
    expect(quote.shipment?.receiptUrl).toBeNull();
  });

  test('malformed parts become empty or null; a malformed step or message is left out', () => {
    expect(
      view({ timeline: 'soon', offersExpireAt: 5, offersViewed: 'yes', clientMessages: {} }),
    ).toMatchObject({
      timeline: { steps: [], next: null },
      offersExpireAt: null,
      offersViewed: null,
      clientMessages: [],
    });
    const quote = view({
      timeline: { steps: [{ kind: 'submitted' }, submitted, 7], next: 'tomorrow' },
      clientMessages: [
        { kind: 'shout', text: 'Hi', at: '2026-05-06T13:00:00Z' },
        { kind: 'decline', reason: 'unheard_of', text: null, at: '2026-05-06T13:00:00Z' },
      ],
    });
    expect(quote.timeline).toEqual({ steps: [submitted], next: null });
    expect(quote.clientMessages).toEqual([
      { kind: 'decline', reason: null, text: '', at: '2026-05-06T13:00:00Z' },
    ]);
  });
});

describe('offers expiry on the card', () => {
  const now = new Date('2026-05-10T12:00:00.000Z');
  const open = { status: 'offer_pending', isApproved: true };
  const hoursFromNow = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();

  test.each([
    [hoursFromNow(100), null],
    [hoursFromNow(72), 'soon'],
    [hoursFromNow(1), 'soon'],
    [hoursFromNow(0), 'expired'],
    [hoursFromNow(-5), 'expired'],
    [null, null],
    ['not a date', null],
  ])('open offers expiring at %s are %s', (offersExpireAt, expected) => {
    expect(offersExpiry({ ...open, offersExpireAt }, now)).toBe(expected);
  });

  test.each([
    { status: 'authenticated_with_offer', isApproved: true, expected: 'expired' },
    { status: 'offer_pending', isApproved: false, expected: null },
    { status: 'offer_accepted', isApproved: true, expected: null },
    { status: 'rejected', isApproved: true, expected: null },
  ])('only open offers expire: %o', ({ status, isApproved, expected }) => {
    expect(offersExpiry({ status, isApproved, offersExpireAt: hoursFromNow(-1) }, now)).toBe(
      expected,
    );
  });
});

describe('quote sanity checks (§5)', () => {
  const problems = (attributes: Record<string, unknown>) =>
    quoteProblems(toQuoteView(QuoteListAnswerSchema.parse([{ id: 1, attributes }]).quotes[0]!));
  const sound = { name: 'Kelly 28', brand: 'Hermès', status: 'received' };

  test('a complete quote has none', () => {
    expect(problems(sound)).toEqual([]);
  });

  test.each([
    ['missing-status', { ...sound, status: null }],
    ['missing-status', { ...sound, status: '  ' }],
    ['missing-name', { ...sound, name: undefined }],
    ['missing-brand', { ...sound, brand: '' }],
    ['offer-pending-without-offers', { ...sound, status: 'offer_pending' }],
    ['in-transit-without-shipment', { ...sound, status: 'in_transit' }],
  ])('finds %s', (problem, attributes) => {
    expect(problems(attributes)).toEqual([problem]);
  });

  test('offer_pending with an offer and in_transit with a shipment pass', () => {
    expect(problems({ ...sound, status: 'offer_pending', offers: { buyoutQuote: 100 } })).toEqual(
      [],
    );
    expect(problems({ ...sound, status: 'in_transit', shipment: { id: 4 } })).toEqual([]);
  });
});

describe('designer directory', () => {
  test('becomes a list sorted by name, categories too, with numeric ids', () => {
    const list = toDesignerList({
      data: {
        '12': { name: 'Valentino', categories: { '3': 'Shoes', '1': 'Handbags' } },
        '4': { name: 'chloé', categories: {} },
        '7': { name: 'Bottega Veneta', categories: { '2': 'Accessories' } },
      },
    });
    expect(list.map((d) => d.name)).toEqual(['Bottega Veneta', 'chloé', 'Valentino']);
    expect(list[2]).toEqual({
      id: 12,
      name: 'Valentino',
      categories: [
        { id: 1, name: 'Handbags' },
        { id: 3, name: 'Shoes' },
      ],
    });
  });
});

describe('new quote payload', () => {
  const valid = { brandId: 1, categoryId: 2, name: ' Birkin 30 ', imageIds: [5, 6], clientId: 3 };

  test('trims the name and defaults the description to empty', () => {
    expect(CreateQuoteBodySchema.parse(valid)).toMatchObject({
      name: 'Birkin 30',
      description: '',
    });
  });

  test.each([
    ['imageIds', { ...valid, imageIds: [] }, 'Add at least one photo'],
    ['imageIds', { ...valid, imageIds: [5, 5] }, 'Each photo may be added once'],
    ['name', { ...valid, name: '   ' }, 'Enter the item name'],
    ['brandId', { ...valid, brandId: 0 }, 'Choose a designer'],
    ['categoryId', { ...valid, categoryId: undefined }, 'Choose a category'],
  ])('refuses a bad %s', (field, body, message) => {
    const issues = CreateQuoteBodySchema.safeParse(body).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path[0], issue.message])).toContainEqual([field, message]);
  });

  test('refuses unknown fields', () => {
    expect(CreateQuoteBodySchema.safeParse({ ...valid, status: 'converted' }).success).toBe(false);
  });
});

describe('recorded responses payload', () => {
  test.each([
    ['consignment', true, false],
    ['buyout', true, false],
    ['rejected', false, true],
  ])('accepts %s with is_accepted %s and is_rejected %s', (type, accepted, rejected) => {
    const parsed = RecordResponsesBodySchema.parse({ data: [answer(type, accepted, rejected)] });
    expect(parsed.data[0]!.id).toBe(7);
  });

  test.each([
    ['rejected', true, false],
    ['buyout', false, true],
    ['consignment', true, true],
    ['buyout', false, false],
  ])('refuses %s with contradicting flags (%s, %s)', (type, accepted, rejected) => {
    expect(
      RecordResponsesBodySchema.safeParse({ data: [answer(type, accepted, rejected)] }).success,
    ).toBe(false);
  });

  test('refuses an empty set, the same quote twice and ids that are not numbers', () => {
    const ok = answer('buyout', true, false);
    expect(RecordResponsesBodySchema.safeParse({ data: [] }).success).toBe(false);
    expect(RecordResponsesBodySchema.safeParse({ data: [ok, ok] }).success).toBe(false);
    expect(RecordResponsesBodySchema.safeParse({ data: [{ ...ok, id: '7; drop' }] }).success).toBe(
      false,
    );
  });
});

describe('back-office actions', () => {
  test('name every step the back office takes', () => {
    expect(ADMIN_QUOTE_ACTIONS).toEqual([
      'start_authentication',
      'authenticate',
      'set_offers',
      'renew_offers',
      'mark_counterfeit',
      'request_more_info',
      'resume_authentication',
      'receive',
      'convert',
    ]);
  });

  test('offers are whole cents above zero, at least one of them', () => {
    const offers = (o: Record<string, unknown>) =>
      AdminQuoteActionSchema.safeParse({ action: 'set_offers', offers: o }).success;
    expect(offers({ consignmentEstimate: 1200.5, buyoutQuote: 900 })).toBe(true);
    expect(offers({ buybackQuote: 0.29 })).toBe(true);
    expect(offers({})).toBe(false);
    expect(offers({ buyoutQuote: 10.005 })).toBe(false);
    expect(offers({ buyoutQuote: -5 })).toBe(false);
  });

  test('counterfeit and more-info need a comment for the client', () => {
    expect(AdminQuoteActionSchema.safeParse({ action: 'mark_counterfeit' }).success).toBe(false);
    expect(
      AdminQuoteActionSchema.safeParse({
        action: 'request_more_info',
        commentToCustomer: 'Serial?',
      }).success,
    ).toBe(true);
  });

  test('refuses an unknown action', () => {
    expect(AdminQuoteActionSchema.safeParse({ action: 'sell' }).success).toBe(false);
  });
});
