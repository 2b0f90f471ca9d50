import { PICKUP_TEXT, pluralize, type QuoteView } from '@atelier/contract';
import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { PickupConfirmation } from '../pickup/index.ts';
import { QuotesHeader, QuotesLoadState } from './client-quotes-frame.tsx';
import classes from './client-quotes.module.css';
import { QuoteCard } from './quote-card.tsx';
import type { ClientQuotes, useClientQuotes } from './quote-queries.ts';

// Pickup mode shares the width with the signature panel.
const PICKUP_GRID_COLUMNS = { base: 1, xs: 2, lg: 3 };

interface PickupModeProps {
  client: ClientQuotes['client'];
  query: ReturnType<typeof useClientQuotes>;
  /** The selected items, frozen while in this mode. */
  selected: readonly QuoteView[];
  onToggle: (quote: QuoteView) => void;
  onCancel: () => void;
  onCompleted: () => void;
}

/** §2's finished-adding mode: "CONFIRM PICKUP DETAILS", only the selected items, the signature. */
export function PickupMode({
  client,
  query,
  selected,
  onToggle,
  onCancel,
  onCompleted,
}: PickupModeProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const clientName = client ? `${client.firstName} ${client.lastName}` : null;

  // Entering pickup mode replaces the page under the stylist: start reading at its top.
  useEffect(() => {
    window.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    <Stack gap="lg">
      <QuotesHeader
        eyebrow="Pickup"
        title={PICKUP_TEXT.confirmPickupHeading}
        baseTitleSize={26}
        headingRef={headingRef}
        meta={
          <>
            {selected.length} {pluralize(selected.length, 'item')}
            {clientName && ` from ${clientName}`}
          </>
        }
      />

      <section aria-label="Quotes" aria-busy={query.isFetching}>
        <Stack gap="lg">
          <QuotesLoadState query={query} />
          <div className={classes.pickupLayout}>
            {selected.length > 0 ? (
              <SimpleGrid cols={PICKUP_GRID_COLUMNS} spacing="lg" verticalSpacing="lg">
                {selected.map((quote) => (
                  <QuoteCard
                    key={quote.id}
                    quote={quote}
                    isSelected
                    canToggle={false}
                    onToggle={onToggle}
                  />
                ))}
              </SimpleGrid>
            ) : (
              <Alert color="yellow" variant="light" radius="md">
                {PICKUP_TEXT.noPickupItems}
              </Alert>
            )}
            <PickupConfirmation
              quotes={selected}
              clientFirstName={client?.firstName ?? null}
              onCancel={onCancel}
              onCompleted={onCompleted}
            />
          </div>
        </Stack>
      </section>
    </Stack>
  );
}
