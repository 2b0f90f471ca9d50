import { Text, Title, VisuallyHidden, SimpleGrid } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { LoadError } from '../../components/load-error.tsx';
import classes from './client-quotes.module.css';
import { QuoteCardSkeleton } from './quote-card.tsx';
import type { useClientQuotes } from './quote-queries.ts';

export const GRID_COLUMNS = { base: 1, xs: 2, md: 3, lg: 4 };
const PLACEHOLDER_COUNT = 3;

interface QuotesHeaderProps {
  eyebrow: string;
  title: string;
  /** The title's size on a phone; from xs up every mode's title is the same. */
  baseTitleSize: number;
  meta: ReactNode;
  controls?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}

/** The page's header in every mode but done: eyebrow, title, counts and the mode's controls. */
export function QuotesHeader({
  eyebrow,
  title,
  baseTitleSize,
  meta,
  controls,
  headingRef,
}: QuotesHeaderProps) {
  return (
    <header className={classes.header}>
      <Text className={classes.headerEyebrow} size="xs" c="gold.4" tt="uppercase" lts="0.28em">
        {eyebrow}
      </Text>
      <Title
        ref={headingRef}
        tabIndex={-1}
        order={1}
        className={classes.headerTitle}
        fz={{ base: baseTitleSize, xs: 38 }}
      >
        {title}
      </Title>
      {meta && (
        <Text className={classes.headerMeta} size="sm" c="dimmed">
          {meta}
        </Text>
      )}
      {controls}
    </header>
  );
}

/** The list's load error and, before the first answer, its placeholders. */
export function QuotesLoadState({ query }: { query: ReturnType<typeof useClientQuotes> }) {
  return (
    <>
      {query.isError && (
        <LoadError
          title="The quotes could not be loaded"
          message={query.error.message}
          isRetrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.isPending && (
        <div role="status" aria-label="Loading quotes">
          <VisuallyHidden>Loading quotes</VisuallyHidden>
          <SimpleGrid cols={GRID_COLUMNS} spacing="lg">
            {Array.from({ length: PLACEHOLDER_COUNT }, (_, index) => (
              <QuoteCardSkeleton key={index} />
            ))}
          </SimpleGrid>
        </div>
      )}
    </>
  );
}
