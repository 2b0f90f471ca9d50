import { statusAction } from '@atelier/contract';
import { Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { clientQuotesPath } from '../../app/routes.ts';
import { LoadError } from '../../components/load-error.tsx';
import { parseClientId, useClientQuotes } from './quote-queries.ts';
import { RecordedAnswerCard } from './recorded-answer-card.tsx';
import { ReviewResponseForm } from './review-response-form.tsx';

export const NO_LISTED_QUOTES_TEXT = 'None of the listed quotes were found for this client.';
export const WAITING_HEADING = 'Waiting for an answer';
export const RECORDED_HEADING = 'Answers';

/** `?quotes=1,2,3` as the listed quote ids; blanks and repeats are dropped. */
export function parseQuoteIds(value: string | null): Set<string> {
  return new Set(
    (value ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id !== ''),
  );
}

/** /quotes/review/:id?quotes=… (§2): the client's answers to the listed quotes, one card each. */
export function QuoteReviewPage() {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const clientId = parseClientId(params.id);

  if (clientId === null) {
    return (
      <ReviewFrame heading="Client Responses">
        <Text c="dimmed">This link does not name a client.</Text>
      </ReviewFrame>
    );
  }
  return (
    <ClientResponses
      key={clientId}
      clientId={clientId}
      quoteIds={parseQuoteIds(searchParams.get('quotes'))}
    />
  );
}

function ClientResponses({ clientId, quoteIds }: { clientId: number; quoteIds: Set<string> }) {
  const query = useClientQuotes(clientId);
  const firstName = query.data?.client?.firstName;
  const heading = firstName ? `${firstName}'s Responses` : 'Client Responses';
  // §2: one card per listed quote. Those still waiting can be answered here; the others show the
  // answer recorded (the "client answered" notification links here once the client has answered).
  const listed = (query.data?.quotes ?? []).filter((quote) => quoteIds.has(String(quote.id)));
  const waiting = listed.filter((quote) => statusAction(quote.status) === 'review-response');
  const recorded = listed.filter((quote) => !waiting.includes(quote));
  const backLink = (
    <Button component={Link} to={clientQuotesPath(clientId)} variant="outline">
      {firstName ? `${firstName}'s Quotes` : 'Client Quotes'}
    </Button>
  );

  let content;
  if (query.data) {
    content =
      listed.length > 0 ? (
        <Stack gap="xl">
          {waiting.length > 0 && (
            <QuoteGroup heading={WAITING_HEADING}>
              <ReviewResponseForm clientId={clientId} quotes={waiting} />
            </QuoteGroup>
          )}
          {recorded.length > 0 && (
            <QuoteGroup heading={RECORDED_HEADING}>
              {recorded.map((quote) => (
                <RecordedAnswerCard key={quote.id} quote={quote} />
              ))}
            </QuoteGroup>
          )}
        </Stack>
      ) : (
        <Paper withBorder radius="md" p="xl" bg="dark.8">
          <Stack gap="md" align="flex-start">
            <Text>{NO_LISTED_QUOTES_TEXT}</Text>
            {backLink}
          </Stack>
        </Paper>
      );
  } else if (query.isError) {
    content = (
      <LoadError
        title="These quotes could not be loaded"
        message={query.error.message}
        isRetrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  } else {
    content = <ReviewSkeleton />;
  }

  return (
    <ReviewFrame heading={heading} action={query.data && listed.length > 0 ? backLink : null}>
      <section aria-label="Quotes to review" aria-busy={query.isFetching}>
        {content}
      </section>
    </ReviewFrame>
  );
}

function QuoteGroup({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Stack gap="md">
      <Title order={2} size="h4" fw={500}>
        {heading}
      </Title>
      {children}
    </Stack>
  );
}

interface ReviewFrameProps {
  heading: string;
  action?: ReactNode;
  children: ReactNode;
}

function ReviewFrame({ heading, action, children }: ReviewFrameProps) {
  return (
    <Container size="sm" py={{ base: 'lg', xs: 'xl' }} px={{ base: 'md', xs: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="md">
          <div>
            <Text size="xs" c="gold.4" tt="uppercase" lts="0.28em">
              Review Response & Offers
            </Text>
            <Title order={1} fz={{ base: 30, xs: 38 }} mt={6}>
              {heading}
            </Title>
          </div>
          {action}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}

function ReviewSkeleton() {
  return (
    <Stack gap="md" aria-hidden>
      {[0, 1].map((index) => (
        <Paper key={index} withBorder radius="md" p="md" bg="dark.8">
          <Stack gap="md">
            <Group gap="md" wrap="nowrap">
              <Skeleton w={64} h={64} radius="sm" />
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton h={10} w="30%" />
                <Skeleton h={14} w="60%" />
              </Stack>
            </Group>
            <Group justify="space-between">
              <Skeleton h={30} w={110} />
              <Skeleton h={36} w={170} />
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
