import type { QuoteView } from '@atelier/contract';
import { Button, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import classes from './quote-card.module.css';

const AnswerMoreInfoModal = lazy(() =>
  import('./answer-more-info-modal.tsx').then((m) => ({ default: m.AnswerMoreInfoModal })),
);

/** The back office's open request on a quote card, and the way to answer it. */
export function MoreInfoRequest({ quote }: { quote: QuoteView }) {
  const [isAnswering, setIsAnswering] = useState(false);
  const request = quote.moreInfo?.request;
  if (quote.status !== 'needs_more_info' || !request) return null;
  const quoteId = Number(quote.id);
  return (
    <section
      className={classes.moreInfo}
      aria-label={`Request for more information on #${quote.id}`}
    >
      <Text className={classes.moreInfoAsk}>The back office asks: {request.missing}</Text>
      <Text className={classes.moreInfoMessage}>{request.message}</Text>
      <Button
        size="xs"
        variant="light"
        className={classes.moreInfoAnswer}
        aria-label={`Answer the request on #${quote.id}`}
        onClick={() => setIsAnswering(true)}
      >
        Answer
      </Button>
      {isAnswering && (
        <Suspense fallback={null}>
          <AnswerMoreInfoModal
            quoteId={quoteId}
            missing={request.missing}
            opened={isAnswering}
            onClose={() => setIsAnswering(false)}
          />
        </Suspense>
      )}
    </section>
  );
}
