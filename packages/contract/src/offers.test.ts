import { describe, expect, test } from 'vitest';
import {
  ClientResponseSchema,
  OfferTypeSchema,
  canShowOffers,
  normaliseOffers,
  offerAmount,
  offerTypesOf,
  parseOfferAmount,
} from './offers.ts';
import type { NormalisedOffers, OfferFields } from './offers.ts';

const NO_OFFERS: NormalisedOffers = {
  consignment: null,
  buyout: null,
  buyback: null,
  acceptedOfferType: null,
};

const AMOUNT_FIELDS: [keyof OfferFields, keyof NormalisedOffers][] = [
  ['consignmentEstimate', 'consignment'],
  ['consignment', 'consignment'],
  ['consignment_offer', 'consignment'],
  ['consignmentOffer', 'consignment'],
  ['consignment_amount', 'consignment'],
  ['consignmentAmount', 'consignment'],
  ['buyoutQuote', 'buyout'],
  ['buyout', 'buyout'],
  ['buyout_offer', 'buyout'],
  ['buyoutOffer', 'buyout'],
  ['buyout_amount', 'buyout'],
  ['buyoutAmount', 'buyout'],
  ['buybackQuote', 'buyback'],
];

const CONSIGNMENT_PRECEDENCE: (keyof OfferFields)[] = [
  'consignmentEstimate',
  'consignment',
  'consignment_offer',
  'consignmentOffer',
  'consignment_amount',
  'consignmentAmount',
];
const BUYOUT_PRECEDENCE: (keyof OfferFields)[] = [
  'buyoutQuote',
  'buyout',
  'buyout_offer',
  'buyoutOffer',
  'buyout_amount',
  'buyoutAmount',
];

describe('offer schemas', () => {
  test('offer types are consignment and buyout', () => {
    expect(OfferTypeSchema.options).toEqual(['consignment', 'buyout']);
  });

  test('a client answers buyout or rejected', () => {
    expect(ClientResponseSchema.options).toEqual(['buyout', 'rejected']);
  });
});

describe('offer normalisation', () => {
  test.each(AMOUNT_FIELDS)('%s given as a number becomes the %s amount', (field, target) => {
    expect(normaliseOffers({ [field]: 1250 })).toEqual({ ...NO_OFFERS, [target]: 1250 });
  });

  test.each(AMOUNT_FIELDS)(
    '%s given as a numeric string becomes the %s amount',
    (field, target) => {
      expect(normaliseOffers({ [field]: ' 1250.50 ' })).toEqual({ ...NO_OFFERS, [target]: 1250.5 });
    },
  );

  test.each(AMOUNT_FIELDS)('%s nested under offers becomes the %s amount', (field, target) => {
    expect(normaliseOffers({ offers: { [field]: '99' } })).toEqual({ ...NO_OFFERS, [target]: 99 });
  });

  test.each(
    CONSIGNMENT_PRECEDENCE.slice(0, -1).map((field, index) => [
      field,
      CONSIGNMENT_PRECEDENCE.slice(index + 1),
    ]),
  )('consignment: %s wins over %j', (winner, losers) => {
    const source = Object.fromEntries([...losers.map((f) => [f, 1]), [winner, 500]]);
    expect(normaliseOffers(source).consignment).toBe(500);
  });

  test.each(
    BUYOUT_PRECEDENCE.slice(0, -1).map((field, index) => [
      field,
      BUYOUT_PRECEDENCE.slice(index + 1),
    ]),
  )('buyout: %s wins over %j', (winner, losers) => {
    const source = Object.fromEntries([...losers.map((f) => [f, 1]), [winner, 700]]);
    expect(normaliseOffers(source).buyout).toBe(700);
  });

  test.each([null, undefined, '', '  ', 'n/a', '$500', '1,250', '1e3', '0x10', Number.NaN])(
    'skips an unreadable canonical amount %j for the next field',
    (unreadable) => {
      expect(normaliseOffers({ consignmentEstimate: unreadable, consignment_amount: 300 })).toEqual(
        {
          ...NO_OFFERS,
          consignment: 300,
        },
      );
    },
  );

  test('keeps a zero amount rather than falling through to an alternate', () => {
    expect(normaliseOffers({ buyoutQuote: 0, buyoutAmount: 80 }).buyout).toBe(0);
  });

  test('reads offers before the same field on the quote itself', () => {
    expect(normaliseOffers({ buyoutQuote: 10, offers: { buyoutQuote: 20 } }).buyout).toBe(20);
  });

  test('a canonical field on the quote beats an alternate under offers', () => {
    expect(normaliseOffers({ buyoutQuote: 10, offers: { buyout_offer: 20 } }).buyout).toBe(10);
  });

  test('falls back to the quote when offers lacks the field', () => {
    expect(normaliseOffers({ consignment_offer: '45', offers: { buyoutQuote: 20 } })).toEqual({
      ...NO_OFFERS,
      consignment: 45,
      buyout: 20,
    });
  });

  test('normalises a full quote', () => {
    expect(
      normaliseOffers({
        offers: {
          consignmentEstimate: '1200.00',
          buyoutQuote: 800,
          buybackQuote: '650',
          acceptedOfferType: 'buyout',
        },
      }),
    ).toEqual({ consignment: 1200, buyout: 800, buyback: 650, acceptedOfferType: 'buyout' });
  });

  test.each(['consignment', 'buyout', 'rejected'] as const)(
    'keeps the accepted offer type %s',
    (type) => {
      expect(normaliseOffers({ acceptedOfferType: type }).acceptedOfferType).toBe(type);
    },
  );

  test.each([null, '', 'Buyout', 'buyback'])('drops an unknown accepted offer type %j', (type) => {
    expect(normaliseOffers({ acceptedOfferType: type }).acceptedOfferType).toBeNull();
  });

  test.each([
    [12, 12],
    [-3.5, -3.5],
    ['0', 0],
    ['.5', 0.5],
    ['-42.10', -42.1],
    [Number.POSITIVE_INFINITY, null],
    ['Infinity', null],
    [true, null],
    [{}, null],
  ])('parses the amount %j as %j', (input, amount) => {
    expect(parseOfferAmount(input)).toBe(amount);
  });
});

describe('offer types present', () => {
  test.each<[Partial<NormalisedOffers>, string[]]>([
    [{}, []],
    [{ consignment: 100 }, ['consignment']],
    [{ buyout: 100 }, ['buyout']],
    [{ buyback: 100 }, ['buyout']],
    [{ buyout: 100, buyback: 90 }, ['buyout']],
    [{ consignment: 100, buyout: 80 }, ['consignment', 'buyout']],
    [{ consignment: 100, buyback: 80 }, ['consignment', 'buyout']],
    [{ consignment: 0, buyout: 0 }, []],
    [{ consignment: -5, buyout: 10 }, ['buyout']],
  ])('%j offers %j', (offers, types) => {
    expect(offerTypesOf({ ...NO_OFFERS, ...offers })).toEqual(types);
  });
});

describe('offers on a quote card', () => {
  test.each([
    [true, true, true],
    [true, false, false],
    [false, true, false],
    [false, false, false],
    [null, true, false],
    [undefined, undefined, false],
  ])(
    'hasPurchaseOffer %j and isApproved %j show offers: %j',
    (hasPurchaseOffer, isApproved, shown) => {
      expect(canShowOffers({ hasPurchaseOffer, isApproved })).toBe(shown);
    },
  );
});

describe('offer amount a client answers', () => {
  const offers = (consignment: number | null, buyout: number | null, buyback: number | null) => ({
    consignment,
    buyout,
    buyback,
    acceptedOfferType: null,
  });

  test('a buyout answers with its own amount, else the buyback', () => {
    expect(offerAmount(offers(null, 800, 900), 'buyout')).toBe(800);
    expect(offerAmount(offers(null, null, 900), 'buyout')).toBe(900);
    expect(offerAmount(offers(null, 0, 900), 'buyout')).toBe(900);
  });

  test('a consignment answers with the consignment only; zero is no offer', () => {
    expect(offerAmount(offers(1200, 800, null), 'consignment')).toBe(1200);
    expect(offerAmount(offers(0, 800, 900), 'consignment')).toBeNull();
  });
});
