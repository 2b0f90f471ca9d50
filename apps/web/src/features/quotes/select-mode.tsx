import {
  ACTIONABLE_STATUSES,
  STATUS_FILTER_ALL,
  actionButtonText,
  isActionButtonVisible,
  pluralize,
  statusAction,
  type QuoteProblem,
  type QuoteView,
} from '@atelier/contract';
import { ActionIcon, Button, EmptyState, Group, SimpleGrid, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { IconHanger, IconPlus, IconRefresh } from '@tabler/icons-react';
import type { Dispatch } from 'react';
import { MOBILE_MEDIA_QUERY } from '../../app/theme.ts';
import { ShareButton } from '../pickup/index.ts';
import { GRID_COLUMNS, QuotesHeader, QuotesLoadState } from './client-quotes-frame.tsx';
import type { ClientQuotesEvent } from './client-quotes-state.ts';
import classes from './client-quotes.module.css';
import { QuoteCard, QuoteProblemCard } from './quote-card.tsx';
import { refreshClientQuotes, type ClientQuotes, type useClientQuotes } from './quote-queries.ts';
import { MobileActionBar, SelectionBar } from './selection-bar.tsx';
import { StatusFilter, quotesMatchingFilter, statusFilterOptions } from './status-filter.tsx';
import type { useQuoteSelection } from './use-quote-selection.ts';

interface SelectModeProps {
  clientId: number;
  client: ClientQuotes['client'];
  query: ReturnType<typeof useClientQuotes>;
  quotes: readonly QuoteView[];
  problems: ReadonlyMap<QuoteView['id'], readonly QuoteProblem[]>;
  selection: ReturnType<typeof useQuoteSelection>;
  statusFilter: string;
  dispatch: Dispatch<ClientQuotesEvent>;
}

/** The page's select mode: the client's quotes, filtered by status, to select and act on (§2, §4). */
export function SelectMode({
  clientId,
  client,
  query,
  quotes,
  problems,
  selection,
  statusFilter,
  dispatch,
}: SelectModeProps) {
  const queryClient = useQueryClient();
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY, undefined, { getInitialValueInEffect: false });
  const [isRefreshing, refreshing] = useDisclosure(false);
  const { selected } = selection;

  const filterOptions = statusFilterOptions(quotes);
  // A reload may take the last quote of the chosen status away: the page then shows them all.
  const activeFilter = filterOptions.some((option) => option.value === statusFilter)
    ? statusFilter
    : STATUS_FILTER_ALL;
  const shown = quotesMatchingFilter(quotes, activeFilter);
  const shownSelectable = shown.filter((quote) => problems.get(quote.id)?.length === 0);
  const canSelectMore = shownSelectable.some(
    (quote) => !selection.isSelected(quote) && selection.canToggle(quote),
  );

  const first = selected[0];
  const actionText =
    first && isActionButtonVisible(selected, ACTIONABLE_STATUSES, false)
      ? actionButtonText(first.status)
      : null;
  const isLoadingList = query.isPending || query.isPlaceholderData;
  // An empty list offers Add Item in its own empty state; the bar would only repeat it.
  const isEmpty = query.data !== undefined && quotes.length === 0;
  const clientName = client ? `${client.firstName} ${client.lastName}` : null;

  function onFilterChange(value: string) {
    dispatch({ type: 'filter-chosen', statusFilter: value });
    selection.keepMatchingFilter(value);
  }

  function onReload() {
    refreshing.open();
    // A failed reload shows as the page's load error; nothing more to do with it here.
    refreshClientQuotes(queryClient, clientId)
      .catch(() => {})
      .finally(refreshing.close);
  }

  function onAction() {
    if (!first) return;
    const action = statusAction(first.status);
    if (action === 'log') {
      // eslint-disable-next-line no-console -- §4/§8: statuses without a modal only log.
      console.info(
        `No action for status ${first.status}`,
        selected.map((quote) => quote.id),
      );
      return;
    }
    dispatch({ type: 'action-opened', dialog: action, quotes: selected });
  }

  const openAddItem = () => dispatch({ type: 'add-item-opened' });

  return (
    <>
      <Stack gap="lg">
        <QuotesHeader
          eyebrow="Client quotes"
          title={client ? `${client.firstName}'s Quotes` : 'Quotes'}
          baseTitleSize={30}
          meta={
            query.data &&
            quotes.length > 0 && (
              <>
                {quotes.length} {pluralize(quotes.length, 'quote')}
                {clientName && ` for ${clientName}`}
              </>
            )
          }
          controls={
            <Group className={classes.headerControls} gap="xs" wrap="nowrap">
              <ShareButton clientId={clientId} />
              {!isMobile && <AddItemButton isLoadingList={isLoadingList} onClick={openAddItem} />}
              <ActionIcon
                variant="default"
                size={36}
                aria-label="Reload quotes"
                loading={isRefreshing}
                onClick={onReload}
              >
                <IconRefresh size={18} stroke={1.6} aria-hidden />
              </ActionIcon>
            </Group>
          }
        />

        <section aria-label="Quotes" aria-busy={query.isFetching}>
          <Stack gap="lg">
            <QuotesLoadState query={query} />

            {isEmpty && (
              <EmptyState
                classNames={{ title: classes.emptyTitle }}
                py="xl"
                icon={<IconHanger size={28} stroke={1.6} aria-hidden />}
                title="No quotes yet"
                description={`Add ${client ? `${client.firstName}'s` : 'an'} first item: the back office authenticates it and makes an offer, and it appears here.`}
              >
                <EmptyState.Actions>
                  <Button
                    leftSection={<IconPlus size={18} stroke={1.6} aria-hidden />}
                    onClick={openAddItem}
                  >
                    Add Item
                  </Button>
                </EmptyState.Actions>
              </EmptyState>
            )}

            {quotes.length > 0 && (
              <>
                <Group justify="space-between" align="flex-end" gap="sm">
                  <StatusFilter
                    options={filterOptions}
                    value={activeFilter}
                    onChange={onFilterChange}
                    isMobile={isMobile}
                  />
                  {activeFilter !== STATUS_FILTER_ALL && (
                    <Button
                      variant="light"
                      size={isMobile ? 'sm' : 'compact-sm'}
                      onClick={() => selection.selectAll(shownSelectable)}
                      disabled={!canSelectMore}
                    >
                      Select All ({shownSelectable.length})
                    </Button>
                  )}
                </Group>

                <SimpleGrid cols={GRID_COLUMNS} spacing="lg" verticalSpacing="lg">
                  {shown.map((quote) => (
                    <QuoteGridItem
                      key={quote.id}
                      quote={quote}
                      problems={problems.get(quote.id) ?? []}
                      isSelected={selection.isSelected(quote)}
                      canToggle={selection.canToggle(quote)}
                      onToggle={selection.toggle}
                    />
                  ))}
                </SimpleGrid>

                {/* After the cards, so Tab goes from a card just selected on to its action. */}
                {!isMobile && (
                  <SelectionBar
                    count={selected.length}
                    actionText={actionText}
                    onAction={onAction}
                    onDeselectAll={selection.clear}
                  />
                )}
              </>
            )}
          </Stack>
        </section>
      </Stack>

      {isMobile && !isEmpty && (
        <MobileActionBar
          count={selected.length}
          actionText={actionText}
          onAction={onAction}
          onDeselectAll={selection.clear}
          isLoadingList={isLoadingList}
          onAddItem={openAddItem}
        />
      )}
    </>
  );
}

function AddItemButton({
  isLoadingList,
  onClick,
}: {
  isLoadingList: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      leftSection={isLoadingList ? undefined : <IconPlus size={18} stroke={1.6} aria-hidden />}
      disabled={isLoadingList}
      onClick={onClick}
    >
      {isLoadingList ? 'Loading Items...' : 'Add Item'}
    </Button>
  );
}

function QuoteGridItem({
  quote,
  problems,
  ...card
}: {
  quote: QuoteView;
  problems: readonly QuoteProblem[];
  isSelected: boolean;
  canToggle: boolean;
  onToggle: (quote: QuoteView) => void;
}) {
  if (problems.length > 0) return <QuoteProblemCard quote={quote} problems={problems} />;
  return <QuoteCard quote={quote} {...card} />;
}
