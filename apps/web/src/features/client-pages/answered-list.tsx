import { CLIENT_PAGE_TEXT, type AcceptedOfferType, type ClientAnswer } from '@atelier/contract';
import { Text } from '@mantine/core';
import { formatDate } from '../../lib/format.ts';
import { ClientPageSection } from './client-page-frame.tsx';
import classes from './client-page.module.css';

const ACCEPTED_OFFER_TEXT: Readonly<Record<AcceptedOfferType, string>> = {
  consignment: 'Consign',
  buyout: 'Buyout',
  rejected: 'Declined',
};

/** The offer a client chose, as the client pages word it. */
export function acceptedOfferText(type: AcceptedOfferType): string {
  return ACCEPTED_OFFER_TEXT[type];
}

export interface AnsweredQuote {
  id: number;
  brand: string;
  name: string;
  thumbnailUrl: string | null;
  answer: ClientAnswer | null;
}

interface AnsweredListProps<Q extends AnsweredQuote> {
  quotes: readonly Q[];
  /** The answer as the page words it: Yes/No and the amount on the curated page, the offer on the approval page. */
  describe: (answer: ClientAnswer, quote: Q) => string;
}

/** "Your answers": what this link already answered, read-only. Nothing when there is none. */
export function AnsweredList<Q extends AnsweredQuote>({ quotes, describe }: AnsweredListProps<Q>) {
  if (quotes.length === 0) return null;
  return (
    <ClientPageSection id="client-page-answers" title={CLIENT_PAGE_TEXT.yourAnswers}>
      <ul className={classes.answeredList}>
        {quotes.map((quote) => (
          <li key={quote.id} className={classes.answeredItem}>
            {quote.thumbnailUrl ? (
              <img
                src={quote.thumbnailUrl}
                alt=""
                width={56}
                height={56}
                loading="lazy"
                className={classes.thumbnail}
              />
            ) : (
              <span className={classes.thumbnail} aria-hidden="true" />
            )}
            <div className={classes.answeredText}>
              <Text className={classes.brand}>{quote.brand}</Text>
              <Text fw={500}>{quote.name}</Text>
            </div>
            {quote.answer && (
              <div className={classes.answeredAnswer}>
                <Text fw={600}>{describe(quote.answer, quote)}</Text>
                <Text size="xs" c="dark.1">
                  <time dateTime={quote.answer.answeredAt}>
                    {formatDate(quote.answer.answeredAt)}
                  </time>
                </Text>
              </div>
            )}
          </li>
        ))}
      </ul>
    </ClientPageSection>
  );
}
