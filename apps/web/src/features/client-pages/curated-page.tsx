import {
  CLIENT_PAGE_TEXT,
  formatMoney,
  type ClientAnswer,
  type ClientPageMeta,
  type ClientResponse,
  type CuratedDocument,
  type CuratedQuote,
  type RefusedAnswer,
} from '@atelier/contract';
import { Alert, Button, Group, Text } from '@mantine/core';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useRef, useState } from 'react';
import { AlreadyAnswered, curatedAnswerText } from './already-answered.tsx';
import { AnsweredList } from './answered-list.tsx';
import { ClientPageFrame, ClientPageNotReady, ClientPageSection } from './client-page-frame.tsx';
import {
  isOutOfDate,
  refusedAnswers,
  useClientPageToken,
  useConfirmCuratedAnswers,
  useCuratedDocument,
  type CuratedAnswers,
} from './client-page-queries.ts';
import classes from './client-page.module.css';
import { QuoteImage } from './quote-image.tsx';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** The answer and the offer's amount: "Yes · $1,234.50", "No · $450.00 declined". */
function describeCuratedAnswer(answer: ClientAnswer, quote: CuratedQuote): string {
  const amount = formatMoney(quote.buyoutQuote);
  const text = curatedAnswerText(answer.response);
  return answer.response === 'rejected' ? `${text} · ${amount} declined` : `${text} · ${amount}`;
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

/** A confirm the server refused (409): the quotes it named and the answers sent for them. */
interface Conflict {
  refused: RefusedAnswer[];
  tried: CuratedAnswers;
}

function CuratedAnswersView({ token, document }: { token: string; document: CuratedDocument }) {
  const [answers, setAnswers] = useState<CuratedAnswers>({});
  const [isConfirmed, setIsConfirmed] = useState(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const confirm = useConfirmCuratedAnswers(token);
  const { client, stylist } = document.meta;
  // After "confirm quotes" the result takes the focus, so a keyboard or screen reader user hears it.
  const resultRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (isConfirmed || conflict) resultRef.current?.focus();
  }, [isConfirmed, conflict]);

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
    const tried = shownAnswers;
    confirm.mutate(tried, {
      onSuccess: () => {
        setAnswers({});
        setConflict(null);
        setIsConfirmed(true);
      },
      onError: (error) => {
        const refused = refusedAnswers(error);
        setConflict(refused ? { refused, tried } : null);
      },
    });
  }

  const isAnswering = !isConfirmed && document.data.length > 0;
  // A 409 the conflict notice explains needs no second word by the button.
  const confirmError =
    confirm.isError && !conflict
      ? isOutOfDate(confirm.error)
        ? confirm.error.message
        : CLIENT_PAGE_TEXT.confirmFailed
      : null;

  return (
    <ClientPageFrame
      title={CLIENT_PAGE_TEXT.curatedFor}
      meta={document.meta}
      hubToken={token}
      footerAction={
        isAnswering && (
          <div className={classes.confirm}>
            {confirmError && (
              <Alert color="red" variant="light" radius="md" className={classes.confirmError}>
                {confirmError}
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
      {conflict && !isConfirmed && (
        <AlreadyAnswered refused={conflict.refused} tried={conflict.tried} headingRef={resultRef} />
      )}
      {isConfirmed ? (
        <div className={classes.message} role="status">
          <h2 ref={resultRef} tabIndex={-1} className={classes.resultTitle}>
            {CLIENT_PAGE_TEXT.thanks(client.firstName, stylist.name)}
          </h2>
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
        <>
          <AnsweredList quotes={document.meta.answered} describe={describeCuratedAnswer} />
          <WhatHappensNext answered={document.meta.answered} meta={document.meta} />
        </>
      )}
    </ClientPageFrame>
  );
}

interface WhatHappensNextProps {
  answered: readonly CuratedQuote[];
  meta: Pick<ClientPageMeta, 'client' | 'stylist'>;
}

/** What the answers lead to: the stylist collects or sends a label, and how the client is paid. */
function WhatHappensNext({ answered, meta }: WhatHappensNextProps) {
  const sold = answered.filter((quote) => quote.answer?.response === 'buyout');
  const hasKept = answered.some((quote) => quote.answer?.response === 'rejected');
  if (sold.length === 0 && !hasKept) return null;
  const total = sold.reduce((sum, quote) => sum + quote.buyoutQuote, 0);
  return (
    <ClientPageSection id="curated-next" title={CLIENT_PAGE_TEXT.whatHappensNext}>
      <ul className={classes.nextSteps}>
        {sold.length > 0 && (
          <>
            <li>{CLIENT_PAGE_TEXT.nextCollect(meta.stylist.name)}</li>
            <li>{CLIENT_PAGE_TEXT.nextPayment(formatMoney(total), meta.client.paymentMethod)}</li>
          </>
        )}
        {hasKept && <li>{CLIENT_PAGE_TEXT.nextKeep}</li>}
      </ul>
    </ClientPageSection>
  );
}

interface CuratedCarouselProps {
  quotes: readonly CuratedQuote[];
  answers: CuratedAnswers;
  isLocked: boolean;
  onAnswer: (id: number, response: ClientResponse) => void;
}

/**
 * 1.2 cards in view with the current one centred (§9); the first and last sit at their edge, so no
 * empty gutter shows beside them. Swiping is embla's; under reduced motion cards change at once.
 */
function CuratedCarousel({ quotes, answers, isLocked, onAnswer }: CuratedCarouselProps) {
  const [viewportRef, emblaApi] = useEmblaCarousel({
    align: 'center',
    loop: false,
    containScroll: 'trimSnaps',
    breakpoints: { [REDUCED_MOTION]: { duration: 0 } },
  });
  const [current, setCurrent] = useState(0);
  const total = quotes.length;
  const position = Math.min(current, total - 1);

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setCurrent(emblaApi.selectedScrollSnap());
    // A released swipe settles on its card at once rather than sliding there.
    const onRelease = () => {
      if (window.matchMedia(REDUCED_MOTION).matches) {
        emblaApi.scrollTo(emblaApi.selectedScrollSnap(), true);
      }
    };
    emblaApi.on('select', onSelect).on('reInit', onSelect).on('pointerUp', onRelease);
    return () => {
      emblaApi.off('select', onSelect).off('reInit', onSelect).off('pointerUp', onRelease);
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
        <div className={classes.track} data-single={total === 1 || undefined}>
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
