import { z } from 'zod';
import { AcceptedOfferTypeSchema, OFFER_TYPES } from './offers.ts';
import type { OfferType } from './offers.ts';

export const OfferAnswerSchema = z.enum(['accept', 'reject']);
export type OfferAnswer = z.infer<typeof OfferAnswerSchema>;

export type OfferAnswers = Readonly<Partial<Record<OfferType, OfferAnswer>>>;
/** Answers per quote id; a quote with no answer has no entry. */
export type ReviewResponseState = Readonly<Record<string, OfferAnswers>>;

export const EMPTY_REVIEW_RESPONSE: ReviewResponseState = {};

export type ReviewResponseAction =
  | {
      readonly type: 'answer';
      readonly quoteId: string | number;
      readonly offerType: OfferType;
      readonly answer: OfferAnswer;
      /** The quote's offer types, which an accept marks rejected; every offer type when omitted. */
      readonly offerTypes?: readonly OfferType[];
    }
  | { readonly type: 'reset' };

/** One answer as §3's payload sends it; unknown keys are refused at every level, as in every body. */
export const ReviewResponseItemSchema = z.strictObject({
  id: z.string(),
  attributes: z.strictObject({
    accepted_offer_type: AcceptedOfferTypeSchema,
    is_accepted: z.boolean(),
    is_rejected: z.boolean(),
  }),
});
export type ReviewResponseItem = z.infer<typeof ReviewResponseItemSchema>;

export interface ReviewedQuote {
  readonly id: string | number;
  readonly offerTypes: readonly OfferType[];
}

export function reviewResponseReducer(
  state: ReviewResponseState,
  action: ReviewResponseAction,
): ReviewResponseState {
  if (action.type === 'reset') return EMPTY_REVIEW_RESPONSE;
  const quoteId = String(action.quoteId);
  const answers = nextAnswers(state[quoteId] ?? {}, action);
  const { [quoteId]: _previous, ...others } = state;
  return Object.keys(answers).length === 0 ? others : { ...others, [quoteId]: answers };
}

function nextAnswers(
  answers: OfferAnswers,
  {
    offerType,
    answer,
    offerTypes = OFFER_TYPES,
  }: Extract<ReviewResponseAction, { type: 'answer' }>,
): OfferAnswers {
  if (answers[offerType] === answer) {
    const { [offerType]: _cleared, ...rest } = answers;
    return rest;
  }
  if (answer === 'reject') return { ...answers, [offerType]: 'reject' };
  const next: Partial<Record<OfferType, OfferAnswer>> = { ...answers };
  for (const type of offerTypes) {
    if (type !== offerType) next[type] = 'reject';
  }
  next[offerType] = 'accept';
  return next;
}

/**
 * The payload per answered quote (§4). A quote with no accepted offer is sent as rejected: the set
 * is validated first, so by then every one of its offers was rejected.
 */
export function toSubmission(state: ReviewResponseState): ReviewResponseItem[] {
  return Object.entries(state).flatMap(([id, answers]) => {
    const accepted = OFFER_TYPES.find((type) => answers[type] === 'accept');
    const answered = OFFER_TYPES.some((type) => answers[type] !== undefined);
    if (!answered) return [];
    return [
      {
        id,
        attributes: {
          accepted_offer_type: accepted ?? 'rejected',
          is_accepted: accepted !== undefined,
          is_rejected: accepted === undefined,
        },
      },
    ];
  });
}

/**
 * §5 requires a valid response set but does not show the rule. Ours: every offer of every quote has an
 * answer, and there is at least one answer to send.
 */
export function isResponseSetValid(
  state: ReviewResponseState,
  quotes: readonly ReviewedQuote[],
): boolean {
  const isEveryOfferAnswered = quotes.every((quote) =>
    quote.offerTypes.every((type) => state[String(quote.id)]?.[type] !== undefined),
  );
  const hasAnswer = quotes.some((quote) => quote.offerTypes.length > 0);
  return isEveryOfferAnswered && hasAnswer;
}
