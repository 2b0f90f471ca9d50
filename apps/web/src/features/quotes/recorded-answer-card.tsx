import {
  ANSWERABLE_STATUSES,
  formatMoney,
  offerAmount,
  statusDisplayText,
  type AcceptedOfferType,
  type QuoteHistoryEntry,
  type QuoteView,
} from '@atelier/contract';
import { Badge, Group, Text } from '@mantine/core';
import { formatDate } from '../../lib/format.ts';
import { statusColor } from './quote-card.tsx';
import { AnswerCard, OFFER_LABELS, QuoteSummary } from './review-response-form.tsx';

export const NO_ANSWER_TEXT = 'No answer recorded yet.';

export interface RecordedAnswer {
  response: AcceptedOfferType;
  /** The amount of the accepted offer; null for a decline. */
  amount: number | null;
  /** The status change that recorded it: who, when and through which page. */
  entry: QuoteHistoryEntry | null;
}

/** The answer to a quote's offers, as its accepted offer type and the history entry that set it. */
export function recordedAnswer(quote: QuoteView): RecordedAnswer | null {
  const response = quote.offers.acceptedOfferType;
  if (response === null) return null;
  const entry =
    quote.statusHistory.findLast(
      ({ from, to }) =>
        from !== null &&
        ANSWERABLE_STATUSES.includes(from) &&
        (to === 'offer_accepted' || to === 'rejected'),
    ) ?? null;
  const amount = response === 'rejected' ? null : offerAmount(quote.offers, response);
  return { response, amount, entry };
}

export function answerText({ response, amount }: RecordedAnswer): string {
  if (response === 'rejected') return 'Offers declined';
  const accepted = `${OFFER_LABELS[response]} accepted`;
  return amount === null ? accepted : `${accepted}: ${formatMoney(amount)}`;
}

function answeredBy(entry: QuoteHistoryEntry): string {
  const who = entry.actor === 'client' ? 'Answered by the client' : 'Recorded by you';
  return `${who} on ${formatDate(entry.at)}`;
}

/** One listed quote on the review page whose answer is already recorded (or that has none). */
export function RecordedAnswerCard({ quote }: { quote: QuoteView }) {
  const answer = recordedAnswer(quote);
  return (
    <AnswerCard quote={quote}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <QuoteSummary quote={quote} />
        <Badge color={statusColor(quote.status)} variant="light" radius="sm" tt="none">
          {statusDisplayText(quote.status, quote.pickupType)}
        </Badge>
      </Group>
      {answer ? (
        <div>
          <Text fz="lg" fw={500}>
            {answerText(answer)}
          </Text>
          {answer.entry && (
            <Text size="sm" c="dimmed">
              <time dateTime={answer.entry.at}>{answeredBy(answer.entry)}</time>
              {answer.entry.note && ` · ${answer.entry.note}`}
            </Text>
          )}
        </div>
      ) : (
        <Text size="sm" c="dimmed">
          {NO_ANSWER_TEXT}
        </Text>
      )}
    </AnswerCard>
  );
}
