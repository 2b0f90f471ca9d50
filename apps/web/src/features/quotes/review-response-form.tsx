import {
  EMPTY_REVIEW_RESPONSE,
  formatMoney,
  isResponseSetValid,
  offerAmount,
  reviewResponseReducer,
  toSubmission,
  type OfferAnswer,
  type OfferAnswers,
  type OfferType,
  type QuoteView,
  type ReviewResponseItem,
} from '@atelier/contract';
import { Button, Center, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useIsMutating } from '@tanstack/react-query';
import { useReducer, type FormEvent, type ReactNode } from 'react';
import { isApiError } from '../../lib/api-client.ts';
import { recordResponsesKey, useRecordResponses } from './review-response-mutations.ts';

export const RESPONSES_SUBMITTED_TEXT = 'Responses submitted successfully!';
export const RESPONSES_REFRESH_FAILED_TEXT =
  'Responses submitted but failed to refresh list. Please refresh the page.';
export const RESPONSES_FAILED_TEXT = 'Failed to submit responses. Please try again.';
export const RESPONSE_REQUIRED_TITLE = 'Response Required';
const RESPONSE_REQUIRED_TOAST_ID = 'response-required';
export const RESPONSE_REQUIRED_TEXT = 'Please respond to all offers for each quote';
export const NO_OFFERS_TEXT = 'No offers to answer for this item.';

export const OFFER_LABELS: Readonly<Record<OfferType, string>> = {
  consignment: 'Consignment',
  buyout: 'Buyout',
};

/** Whether a submit of this client's answers is under way, wherever its form is. */
export function useIsRecordingResponses(clientId: number): boolean {
  return useIsMutating({ mutationKey: recordResponsesKey(clientId) }) > 0;
}

interface ReviewResponseFormProps {
  clientId: number;
  quotes: readonly QuoteView[];
  /** After the answers were recorded (and the toast shown). */
  onSubmitted?: () => void;
  /** When given, a "Close" button is the only action while there is nothing to answer. */
  onClose?: () => void;
}

/** The failure toast of a submit (§8); the answers stay, so it can be tried again. */
export function showResponsesFailed(error: unknown) {
  notifications.show(
    isApiError(error)
      ? { color: 'red', title: RESPONSES_FAILED_TEXT, message: error.message }
      : { color: 'red', message: RESPONSES_FAILED_TEXT },
  );
}

/** The stylist records the client's answers (the client quotes page's modal). */
export function ReviewResponseForm({
  clientId,
  quotes,
  onSubmitted,
  onClose,
}: ReviewResponseFormProps) {
  const recordResponses = useRecordResponses(clientId);
  return (
    <OfferAnswersForm
      quotes={quotes}
      isSubmitting={recordResponses.isPending}
      {...(onClose && { onClose })}
      onSubmitAnswers={(items, clearAnswers) =>
        recordResponses.mutate(items, {
          onSuccess: ({ isListRefreshed }) => {
            notifications.show({ color: 'green', message: RESPONSES_SUBMITTED_TEXT });
            if (!isListRefreshed) {
              notifications.show({ color: 'yellow', message: RESPONSES_REFRESH_FAILED_TEXT });
            }
            clearAnswers();
            onSubmitted?.();
          },
          onError: showResponsesFailed,
        })
      }
    />
  );
}

interface OfferAnswersFormProps {
  quotes: readonly QuoteView[];
  isSubmitting: boolean;
  /** Sends a valid answer set; `clearAnswers` empties the form once they are recorded. */
  onSubmitAnswers: (items: ReviewResponseItem[], clearAnswers: () => void) => void;
  /** When given, a "Close" button is the only action while there is nothing to answer. */
  onClose?: () => void;
}

/**
 * The client's answer to each offer (§4 "Client answers per offer"): accepting one offer rejects
 * the quote's others, and the set is sent only when every offer has an answer. The stylist's
 * modal and the client's offer-approval page share it, each with its own endpoint.
 */
export function OfferAnswersForm({
  quotes,
  isSubmitting,
  onSubmitAnswers,
  onClose,
}: OfferAnswersFormProps) {
  const [state, dispatch] = useReducer(reviewResponseReducer, EMPTY_REVIEW_RESPONSE);
  const hasOffers = quotes.some((quote) => quote.offerTypes.length > 0);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    const reviewed = quotes.map((quote) => ({ id: quote.id, offerTypes: quote.offerTypes }));
    if (!isResponseSetValid(state, reviewed)) {
      notifications.show({
        id: RESPONSE_REQUIRED_TOAST_ID,
        color: 'yellow',
        title: RESPONSE_REQUIRED_TITLE,
        message: RESPONSE_REQUIRED_TEXT,
      });
      return;
    }
    // The answers are complete now: an earlier "Response Required" no longer applies.
    notifications.hide(RESPONSE_REQUIRED_TOAST_ID);
    // A quote may have left the list since it was answered (answered elsewhere, list refreshed).
    const shownIds = new Set(quotes.map((quote) => String(quote.id)));
    const items = toSubmission(state).filter((item) => shownIds.has(item.id));
    onSubmitAnswers(items, () => dispatch({ type: 'reset' }));
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={isSubmitting}>
      <Stack gap="md">
        {quotes.map((quote) => (
          <QuoteAnswers
            key={quote.id}
            quote={quote}
            answers={state[String(quote.id)] ?? {}}
            isLocked={isSubmitting}
            onAnswer={(offerType, answer) =>
              dispatch({
                type: 'answer',
                quoteId: quote.id,
                offerType,
                answer,
                offerTypes: quote.offerTypes,
              })
            }
          />
        ))}
        <Group justify="flex-end">
          {hasOffers ? (
            <Button type="submit" loading={isSubmitting} lts="0.06em">
              Submit Responses
            </Button>
          ) : (
            onClose && (
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
            )
          )}
        </Group>
      </Stack>
    </form>
  );
}

interface QuoteAnswersProps {
  quote: QuoteView;
  answers: OfferAnswers;
  isLocked: boolean;
  onAnswer: (offerType: OfferType, answer: OfferAnswer) => void;
}

/** The card's name for a quote in these forms and on the review page. */
function answerCardTitle(quote: QuoteView): string {
  return quote.name ?? 'Unnamed item';
}

/** A quote's photo, designer and name: the head of each answer card. */
export function QuoteSummary({ quote }: { quote: QuoteView }) {
  const title = answerCardTitle(quote);
  return (
    <Group gap="md" wrap="nowrap" align="center">
      {quote.imageUrl ? (
        <Image
          src={quote.imageUrl}
          alt={`Photo of ${title}`}
          w={64}
          h={64}
          radius="sm"
          fit="cover"
          style={{ flex: 'none' }}
        />
      ) : (
        <Center w={64} h={64} bg="dark.6" style={{ flex: 'none', borderRadius: 4 }}>
          <Text size="xs" c="dimmed">
            No photo
          </Text>
        </Center>
      )}
      <div style={{ minWidth: 0 }}>
        {quote.brand && (
          <Text size="xs" c="gold.4" tt="uppercase" lts="0.18em">
            {quote.brand}
          </Text>
        )}
        <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Text>
      </div>
    </Group>
  );
}

/** One quote's card in these forms and on the review page, named by the item. */
export function AnswerCard({ quote, children }: { quote: QuoteView; children: ReactNode }) {
  return (
    <Paper
      component="article"
      aria-label={answerCardTitle(quote)}
      withBorder
      radius="md"
      p="md"
      bg="dark.8"
    >
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}

function QuoteAnswers({ quote, answers, isLocked, onAnswer }: QuoteAnswersProps) {
  return (
    <AnswerCard quote={quote}>
      <QuoteSummary quote={quote} />
      {quote.commentToCustomer && (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {quote.commentToCustomer}
        </Text>
      )}
      {quote.offerTypes.length > 0 ? (
        quote.offerTypes.map((type) => (
          <OfferChoice
            key={type}
            label={OFFER_LABELS[type]}
            amount={offerAmount(quote.offers, type)}
            answer={answers[type]}
            isLocked={isLocked}
            onAnswer={(answer) => onAnswer(type, answer)}
          />
        ))
      ) : (
        <Text size="sm" c="dimmed">
          {NO_OFFERS_TEXT}
        </Text>
      )}
    </AnswerCard>
  );
}

interface OfferChoiceProps {
  label: string;
  amount: number | null;
  answer: OfferAnswer | undefined;
  isLocked: boolean;
  onAnswer: (answer: OfferAnswer) => void;
}

function OfferChoice({ label, amount, answer, isLocked, onAnswer }: OfferChoiceProps) {
  return (
    <Group
      role="group"
      aria-label={`${label} offer`}
      justify="space-between"
      align="center"
      gap="sm"
    >
      <div>
        <Text size="xs" c="dimmed" tt="uppercase" lts="0.12em">
          {label}
        </Text>
        <Text fz="lg" fw={500}>
          {amount === null ? '—' : formatMoney(amount)}
        </Text>
      </div>
      <Group gap="xs" wrap="nowrap">
        <Button
          aria-pressed={answer === 'accept'}
          variant={answer === 'accept' ? 'filled' : 'default'}
          color="green.8"
          disabled={isLocked}
          onClick={() => onAnswer('accept')}
        >
          Accept
        </Button>
        <Button
          aria-pressed={answer === 'reject'}
          variant={answer === 'reject' ? 'filled' : 'default'}
          color="red.8"
          disabled={isLocked}
          onClick={() => onAnswer('reject')}
        >
          Reject
        </Button>
      </Group>
    </Group>
  );
}
