import { describe, expect, test } from 'vitest';
import {
  EMPTY_REVIEW_RESPONSE,
  ReviewResponseItemSchema,
  isResponseSetValid,
  reviewResponseReducer,
  toSubmission,
} from './review-response.ts';
import type { OfferType } from './offers.ts';
import type { OfferAnswer, OfferAnswers, ReviewResponseState } from './review-response.ts';

function answer(
  state: ReviewResponseState,
  quoteId: string | number,
  offerType: OfferType,
  choice: OfferAnswer,
  offerTypes?: readonly OfferType[],
): ReviewResponseState {
  return reviewResponseReducer(state, {
    type: 'answer',
    quoteId,
    offerType,
    answer: choice,
    ...(offerTypes && { offerTypes }),
  });
}

const TRANSITIONS: [OfferAnswers, OfferType, OfferAnswer, OfferAnswers | undefined][] = [
  [{}, 'consignment', 'accept', { consignment: 'accept', buyout: 'reject' }],
  [{}, 'buyout', 'accept', { buyout: 'accept', consignment: 'reject' }],
  [{}, 'consignment', 'reject', { consignment: 'reject' }],
  [{}, 'buyout', 'reject', { buyout: 'reject' }],
  [
    { consignment: 'accept', buyout: 'reject' },
    'buyout',
    'accept',
    { consignment: 'reject', buyout: 'accept' },
  ],
  [
    { consignment: 'accept', buyout: 'reject' },
    'consignment',
    'reject',
    { consignment: 'reject', buyout: 'reject' },
  ],
  [{ consignment: 'reject' }, 'buyout', 'reject', { consignment: 'reject', buyout: 'reject' }],
  [
    { consignment: 'reject', buyout: 'reject' },
    'buyout',
    'accept',
    { consignment: 'reject', buyout: 'accept' },
  ],
  [{ consignment: 'accept', buyout: 'reject' }, 'consignment', 'accept', { buyout: 'reject' }],
  [{ consignment: 'reject', buyout: 'reject' }, 'buyout', 'reject', { consignment: 'reject' }],
  [{ buyout: 'reject' }, 'buyout', 'reject', undefined],
];

describe('review-response answers', () => {
  test.each(TRANSITIONS)(
    '%j, answering %s with %s, gives %j',
    (before, offerType, choice, after) => {
      const state = answer({ q1: before }, 'q1', offerType, choice);
      expect(state.q1).toEqual(after);
    },
  );

  test('accepting marks rejected only the offer types the quote has', () => {
    expect(answer({}, 7, 'buyout', 'accept', ['buyout'])).toEqual({ 7: { buyout: 'accept' } });
  });

  test('answers of one quote leave the other quotes alone', () => {
    const before: ReviewResponseState = { 1: { buyout: 'reject' } };
    const after = answer(before, 2, 'consignment', 'accept');
    expect(after).toEqual({
      1: { buyout: 'reject' },
      2: { consignment: 'accept', buyout: 'reject' },
    });
    expect(before).toEqual({ 1: { buyout: 'reject' } });
  });

  test('numeric and string quote ids share one entry', () => {
    const state = answer(answer({}, 5, 'buyout', 'reject'), '5', 'consignment', 'reject');
    expect(state).toEqual({ 5: { buyout: 'reject', consignment: 'reject' } });
  });

  test('reset clears every answer', () => {
    const state = answer({}, 1, 'buyout', 'accept');
    expect(reviewResponseReducer(state, { type: 'reset' })).toEqual(EMPTY_REVIEW_RESPONSE);
  });
});

describe('review-response submission', () => {
  test.each<[OfferAnswers, string, boolean, boolean]>([
    [{ consignment: 'accept', buyout: 'reject' }, 'consignment', true, false],
    [{ buyout: 'accept', consignment: 'reject' }, 'buyout', true, false],
    [{ buyout: 'accept' }, 'buyout', true, false],
    [{ consignment: 'reject', buyout: 'reject' }, 'rejected', false, true],
    [{ buyout: 'reject' }, 'rejected', false, true],
  ])('%j is sent as %s (accepted %j, rejected %j)', (answers, type, isAccepted, isRejected) => {
    expect(toSubmission({ 42: answers })).toEqual([
      {
        id: '42',
        attributes: { accepted_offer_type: type, is_accepted: isAccepted, is_rejected: isRejected },
      },
    ]);
  });

  test('sends only quotes with at least one answer', () => {
    const state = { 1: { buyout: 'accept' }, 2: {}, 3: { consignment: 'reject' } } as const;
    expect(toSubmission(state).map((item) => item.id)).toEqual(['1', '3']);
  });

  test('sends nothing for no answers', () => {
    expect(toSubmission(EMPTY_REVIEW_RESPONSE)).toEqual([]);
  });

  test('matches the submission schema', () => {
    const state = answer(answer({}, 1, 'buyout', 'accept'), 2, 'consignment', 'reject');
    for (const item of toSubmission(state)) {
      expect(ReviewResponseItemSchema.parse(item)).toEqual(item);
    }
  });
});

describe('response set validity', () => {
  const both: readonly OfferType[] = ['consignment', 'buyout'];

  test.each<[string, ReviewResponseState, boolean]>([
    [
      'every offer answered',
      {
        1: { consignment: 'accept', buyout: 'reject' },
        2: { buyout: 'reject', consignment: 'reject' },
      },
      true,
    ],
    [
      'one offer of a quote unanswered',
      { 1: { consignment: 'accept', buyout: 'reject' }, 2: { buyout: 'reject' } },
      false,
    ],
    ['a quote unanswered', { 1: { consignment: 'accept', buyout: 'reject' } }, false],
    ['nothing answered', {}, false],
  ])('%s: %j is valid %j', (_case, state, isValid) => {
    expect(
      isResponseSetValid(state, [
        { id: 1, offerTypes: both },
        { id: 2, offerTypes: both },
      ]),
    ).toBe(isValid);
  });

  test('asks only for the offers each quote has', () => {
    const quotes = [
      { id: '1', offerTypes: ['buyout'] as const },
      { id: '2', offerTypes: ['consignment'] as const },
    ];
    expect(
      isResponseSetValid({ 1: { buyout: 'accept' }, 2: { consignment: 'reject' } }, quotes),
    ).toBe(true);
  });

  test('a set with no offers to answer is not valid', () => {
    expect(isResponseSetValid({}, [])).toBe(false);
    expect(isResponseSetValid({}, [{ id: 1, offerTypes: [] }])).toBe(false);
  });

  test('answers for quotes outside the set do not count', () => {
    expect(
      isResponseSetValid({ 9: { buyout: 'accept' } }, [{ id: 1, offerTypes: ['buyout'] }]),
    ).toBe(false);
  });
});
