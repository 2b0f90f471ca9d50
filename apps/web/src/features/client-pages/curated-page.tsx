import {
  CLIENT_PAGE_TEXT,
  formatMoney,
  type ClientAnswer,
  type ClientResponse,
  type CuratedDocument,
  type CuratedQuote,
} from '@atelier/contract';
import { Alert, Button, Group, Text } from '@mantine/core';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useState } from 'react';
import { AnsweredList } from './answered-list.tsx';
import { ClientPageFrame, ClientPageNotReady } from './client-page-frame.tsx';
import {
  isOutOfDate,
  useClientPageToken,
  useConfirmCuratedAnswers,
  useCuratedDocument,
  type CuratedAnswers,
} from './client-page-queries.ts';
import classes from './client-page.module.css';
import { QuoteImage } from './quote-image.tsx';

function describeCuratedAnswer(answer: ClientAnswer): string {
  return answer.response === 'rejected' ? CLIENT_PAGE_TEXT.no : CLIENT_PAGE_TEXT.yes;
}

/**
 * "Curated For" (§2 Client response page): the client answers Yes (buyout) or No (rejected) to
 * each buyout offer, card by card, then confirms them together.
 */
export function CuratedPage() {
  const token = useClientPageToken();
  const query = useCuratedDocument(token);
  const document = query.data;

  if (token === null || !document) {
    return <ClientPageNotReady title={CLIENT_PAGE_TEXT.curatedFor} token={token} query={query} />;
  }
  return <CuratedAnswersView token={token} document={document} />;
}

function CuratedAnswersView({ token, document }: { token: string; document: CuratedDocument }) {
  const [answers, setAnswers] = useState<CuratedAnswers>({});
  const [isConfirmed, setIsConfirmed] = useState(false);
  const confirm = useConfirmCuratedAnswers(token);
  const { client, stylist } = document.meta;

  // A refetch (after a 409) may drop quotes answered elsewhere: only answers still on screen count.
  const shownAnswers: CuratedAnswers = Object.fromEntries(
    document.data.flatMap((quote) => {
      const answer = answers[quote.id];
      return answer ? [[quote.id, answer]] : [];
    }),
  );
  const hasAnswer = Object.keys(shownAnswers).length > 0;

  function onConfirm() {
    if (!hasAnswer || confirm.isPending) return;
    confirm.mutate(shownAnswers, {
      onSuccess: () => {
        setAnswers({});
        setIsConfirmed(true);
      },
    });
  }

  const answered = (
    <AnsweredList quotes={document.meta.answered} describe={describeCuratedAnswer} />
  );
  const isAnswering = !isConfirmed && document.data.length > 0;

  return (
    <ClientPageFrame
      title={CLIENT_PAGE_TEXT.curatedFor}
      meta={document.meta}
      footerAction={
        isAnswering && (
          <div className={classes.confirm}>
            {confirm.isError && (
              <Alert color="red" variant="light" radius="md" className={classes.confirmError}>
                {isOutOfDate(confirm.error)
                  ? confirm.error.message
                  : CLIENT_PAGE_TEXT.confirmFailed}
              </Alert>
            )}
            <Button
              size="md"
              fullWidth
              disabled={!hasAnswer}
              loading={confirm.isPending}
              onClick={onConfirm}
            >
              {CLIENT_PAGE_TEXT.confirm}
            </Button>
          </div>
        )
      }
    >
      {isConfirmed ? (
        <div className={classes.message} role="status">
          <Text size="lg">{CLIENT_PAGE_TEXT.thanks(client.firstName, stylist.name)}</Text>
        </div>
      ) : (
        document.data.length === 0 && (
          <div className={classes.message}>
            <Text size="lg">{CLIENT_PAGE_TEXT.nothingToReview(client.firstName)}</Text>
          </div>
        )
      )}
      {isAnswering ? (
        <CuratedCarousel
          quotes={document.data}
          answers={shownAnswers}
          isLocked={confirm.isPending}
          onAnswer={(id, response) =>
            setAnswers((current) => {
              const { [id]: previous, ...others } = current;
              return previous === response ? others : { ...others, [id]: response };
            })
          }
        />
      ) : (
        answered
      )}
    </ClientPageFrame>
  );
}

interface CuratedCarouselProps {
  quotes: readonly CuratedQuote[];
  answers: CuratedAnswers;
  isLocked: boolean;
  onAnswer: (id: number, response: ClientResponse) => void;
}

/** 1.2 cards in view with the current one centred (§9); swiping is embla's. */
function CuratedCarousel({ quotes, answers, isLocked, onAnswer }: CuratedCarouselProps) {
  // containScroll off: the first and last cards are centred too, not pushed to an edge.
  const [viewportRef, emblaApi] = useEmblaCarousel({
    align: 'center',
    loop: false,
    containScroll: false,
  });
  const [current, setCurrent] = useState(0);
  const total = quotes.length;
  const position = Math.min(current, total - 1);

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setCurrent(emblaApi.selectedScrollSnap());
    emblaApi.on('select', onSelect).on('reInit', onSelect);
    return () => {
      emblaApi.off('select', onSelect).off('reInit', onSelect);
    };
  }, [emblaApi]);

  function goTo(index: number) {
    setCurrent(index);
    emblaApi?.scrollTo(index);
  }

  function answer(index: number, quote: CuratedQuote, response: ClientResponse) {
    const isClearing = answers[quote.id] === response;
    onAnswer(quote.id, response);
    if (!isClearing && index + 1 < total) goTo(index + 1);
  }

  return (
    <section aria-roledescription="carousel" aria-label="Quotes to answer">
      {total > 1 && (
        <Group justify="center" gap="sm" className={classes.counterRow}>
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            aria-label="Previous quote"
            disabled={position === 0}
            onClick={() => goTo(position - 1)}
          >
            ‹
          </Button>
          <Text aria-live="polite" className={classes.counter}>
            {CLIENT_PAGE_TEXT.counter(position + 1, total)}
          </Text>
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            aria-label="Next quote"
            disabled={position === total - 1}
            onClick={() => goTo(position + 1)}
          >
            ›
          </Button>
        </Group>
      )}
      <div className={classes.viewport} ref={viewportRef}>
        <div className={classes.track}>
          {quotes.map((quote, index) => (
            <div
              key={quote.id}
              className={classes.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={`${quote.brand} ${quote.name}`}
              data-current={index === position || undefined}
            >
              <CuratedCard
                quote={quote}
                isFirst={index === 0}
                answer={answers[quote.id]}
                isLocked={isLocked}
                onAnswer={(response) => answer(index, quote, response)}
              />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

interface CuratedCardProps {
  quote: CuratedQuote;
  isFirst: boolean;
  answer: ClientResponse | undefined;
  isLocked: boolean;
  onAnswer: (response: ClientResponse) => void;
}

function CuratedCard({ quote, isFirst, answer, isLocked, onAnswer }: CuratedCardProps) {
  return (
    <article className={classes.card}>
      <QuoteImage quote={quote} isEager={isFirst} />
      <div className={classes.cardBody}>
        <Text className={classes.brand}>{quote.brand}</Text>
        <h2 className={classes.itemName}>{quote.name}</h2>
        <Text className={classes.price}>{formatMoney(quote.buyoutQuote)}</Text>
        <Text className={classes.question}>{CLIENT_PAGE_TEXT.sellQuestion}</Text>
        <Group grow gap="sm" mt="xs">
          <Button
            aria-pressed={answer === 'buyout'}
            variant={answer === 'buyout' ? 'filled' : 'default'}
            disabled={isLocked}
            onClick={() => onAnswer('buyout')}
          >
            {CLIENT_PAGE_TEXT.yes}
          </Button>
          <Button
            aria-pressed={answer === 'rejected'}
            variant={answer === 'rejected' ? 'filled' : 'default'}
            color="gray"
            disabled={isLocked}
            onClick={() => onAnswer('rejected')}
          >
            {CLIENT_PAGE_TEXT.no}
          </Button>
        </Group>
      </div>
    </article>
  );
}
