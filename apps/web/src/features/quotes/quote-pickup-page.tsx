import {
  ACTIONABLE_STATUSES,
  STATUS_FILTER_ALL,
  actionButtonText,
  isActionButtonVisible,
  pluralize,
  quoteProblems,
  statusAction,
  type QuoteProblem,
  type QuoteView,
} from '@atelier/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Container,
  EmptyState,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { routes } from '../../app/routes.ts';
import { MOBILE_MEDIA_QUERY } from '../../app/theme.ts';
import { HangerIcon, PlusIcon, RefreshIcon } from '../../components/icons.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { AcceptedActionsModal } from './accepted-actions-modal.tsx';
import { AddItemModal } from './add-item-modal.tsx';
import { QuoteCard, QuoteCardSkeleton, QuoteProblemCard } from './quote-card.tsx';
import classes from './quote-pickup.module.css';
import { parseClientId, refreshClientQuotes, useClientQuotes } from './quote-queries.ts';
import { ReviewResponseModal } from './review-response-modal.tsx';
import { MobileActionBar, SelectionBar } from './selection-bar.tsx';
import { StatusFilter, quotesMatchingFilter, statusFilterOptions } from './status-filter.tsx';
import { useQuoteSelection } from './use-quote-selection.ts';

const NO_QUOTES: readonly QuoteView[] = [];
const PLACEHOLDER_COUNT = 3;
const GRID_COLUMNS = { base: 1, xs: 2, md: 3, lg: 4 };

/** /quotes/pickup/:id (§2 "Client quotes / pickup page"): one client's quotes, to act on. */
export function QuotePickupPage() {
  const clientId = parseClientId(useParams().id);
  if (clientId === null) {
    return (
      <Container size="sm" py="xl">
        <Alert color="yellow" variant="light" radius="md" title="No such client">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">This link does not point to one of your clients.</Text>
            <Button component={Link} to={routes.clients.path} size="xs" variant="default">
              Your Clients
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }
  // Another client is another page: selection, filter and dialogs start afresh.
  return <ClientQuotesPage key={clientId} clientId={clientId} />;
}

type OpenDialog = 'add-item' | 'actions' | 'review-response' | null;

function ClientQuotesPage({ clientId }: { clientId: number }) {
  const queryClient = useQueryClient();
  const query = useClientQuotes(clientId);
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY, undefined, { getInitialValueInEffect: false });
  const [statusFilter, setStatusFilter] = useState(STATUS_FILTER_ALL);
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  // The quotes a dialog acts on stay as they were when it opened, also while it closes.
  const [dialogQuotes, setDialogQuotes] = useState<readonly QuoteView[]>(NO_QUOTES);
  const [reviewKey, setReviewKey] = useState(0);
  const [isRefreshing, refreshing] = useDisclosure(false);

  const quotes = query.data?.quotes ?? NO_QUOTES;
  const client = query.data?.client ?? null;
  const problems = useMemo(
    () => new Map(quotes.map((quote) => [quote.id, quoteProblems(quote)] as const)),
    [quotes],
  );
  const selectable = useMemo(
    () => quotes.filter((quote) => problems.get(quote.id)?.length === 0),
    [quotes, problems],
  );
  const selection = useQuoteSelection(selectable);
  const { selected } = selection;

  const filterOptions = useMemo(() => statusFilterOptions(quotes), [quotes]);
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

  function onFilterChange(value: string) {
    setStatusFilter(value);
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
    setDialogQuotes(selected);
    if (action === 'review-response') setReviewKey((key) => key + 1);
    setOpenDialog(action === 'actions' ? 'actions' : 'review-response');
  }

  function onResponsesSubmitted() {
    selection.clear();
  }

  const closeDialog = () => setOpenDialog(null);
  const openAddItem = () => setOpenDialog('add-item');

  return (
    <Container
      size="xl"
      py={{ base: 'lg', xs: 'xl' }}
      px={{ base: 'md', xs: 'xl' }}
      className={classes.page}
    >
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="md" wrap="nowrap">
          <div>
            <Text size="xs" c="gold.4" tt="uppercase" lts="0.28em">
              Client quotes
            </Text>
            <Title order={1} fz={{ base: 30, xs: 38 }} mt={6}>
              {client ? `${client.firstName}'s Quotes` : 'Quotes'}
            </Title>
            {query.data && quotes.length > 0 && (
              <Text size="sm" c="dimmed" mt={4}>
                {quotes.length} {pluralize(quotes.length, 'quote')}
                {client && ` for ${client.firstName} ${client.lastName}`}
              </Text>
            )}
          </div>
          <Group gap="xs" wrap="nowrap">
            {!isMobile && <AddItemButton isLoadingList={isLoadingList} onClick={openAddItem} />}
            <ActionIcon
              variant="default"
              size={36}
              aria-label="Reload quotes"
              loading={isRefreshing}
              onClick={onReload}
            >
              <RefreshIcon />
            </ActionIcon>
          </Group>
        </Group>

        <section aria-label="Quotes" aria-busy={query.isFetching}>
          <Stack gap="lg">
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

            {isEmpty && (
              <EmptyState
                classNames={{ title: classes.emptyTitle }}
                py="xl"
                icon={<HangerIcon size={28} />}
                title="No quotes yet"
                description={`Add ${client ? `${client.firstName}'s` : 'an'} first item: the back office authenticates it and makes an offer, and it appears here.`}
              >
                <EmptyState.Actions>
                  <Button leftSection={<PlusIcon />} onClick={openAddItem}>
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

                {!isMobile && (
                  <SelectionBar
                    count={selected.length}
                    actionText={actionText}
                    onAction={onAction}
                    onDeselectAll={selection.clear}
                  />
                )}

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

      <AddItemModal clientId={clientId} opened={openDialog === 'add-item'} onClose={closeDialog} />
      <AcceptedActionsModal
        quotes={dialogQuotes}
        opened={openDialog === 'actions'}
        onClose={closeDialog}
      />
      <ReviewResponseModal
        key={reviewKey}
        clientId={clientId}
        quotes={dialogQuotes}
        opened={openDialog === 'review-response'}
        onClose={closeDialog}
        onSubmitted={onResponsesSubmitted}
      />
    </Container>
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
      leftSection={isLoadingList ? undefined : <PlusIcon />}
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
