import {
  ACTIONABLE_STATUSES,
  LOGISTICS_TEXT,
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
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { routes } from '../../app/routes.ts';
import { MOBILE_MEDIA_QUERY } from '../../app/theme.ts';
import { IconHanger, IconPlus, IconRefresh } from '@tabler/icons-react';
import { LoadError } from '../../components/load-error.tsx';
import {
  CompletionPanel,
  PickupConfirmation,
  ShareButton,
  ShippingLabelModal,
} from '../logistics/index.ts';
import { AcceptedActionsModal } from './accepted-actions-modal.tsx';
import { QuoteCard, QuoteCardSkeleton, QuoteProblemCard } from './quote-card.tsx';
import classes from './quote-pickup.module.css';
import { parseClientId, refreshClientQuotes, useClientQuotes } from './quote-queries.ts';
import { ReviewResponseModal } from './review-response-modal.tsx';
import { MobileActionBar, SelectionBar } from './selection-bar.tsx';
import { StatusFilter, quotesMatchingFilter, statusFilterOptions } from './status-filter.tsx';
import { useQuoteSelection } from './use-quote-selection.ts';
import { OpenAfterMount } from '../../components/open-after-mount.tsx';

// The photo uploads load on their first opening, not with the list.
const AddItemModal = lazy(() =>
  import('./add-item-modal.tsx').then((m) => ({ default: m.AddItemModal })),
);

const NO_QUOTES: readonly QuoteView[] = [];
const PLACEHOLDER_COUNT = 3;
const GRID_COLUMNS = { base: 1, xs: 2, md: 3, lg: 4 };
// Pickup mode shares the width with the signature panel.
const PICKUP_GRID_COLUMNS = { base: 1, xs: 2, lg: 3 };

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

type OpenDialog = 'add-item' | 'actions' | 'review-response' | 'shipping-label' | null;

/**
 * select: the quotes, to select and act on. pickup: §2's finished-adding mode, only the selected
 * items with the signature. done: the completion panel after a pickup.
 */
type PageMode = 'select' | 'pickup' | 'done';

function ClientQuotesPage({ clientId }: { clientId: number }) {
  const queryClient = useQueryClient();
  const query = useClientQuotes(clientId);
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY, undefined, { getInitialValueInEffect: false });
  const [statusFilter, setStatusFilter] = useState(STATUS_FILTER_ALL);
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  // A lazy dialog stays mounted once opened, so it closes with its transition.
  const [openedDialogs, setOpenedDialogs] = useState<readonly OpenDialog[]>([]);
  if (openDialog !== null && !openedDialogs.includes(openDialog)) {
    setOpenedDialogs([...openedDialogs, openDialog]);
  }
  // The quotes a dialog acts on stay as they were when it opened, also while it closes.
  const [dialogQuotes, setDialogQuotes] = useState<readonly QuoteView[]>(NO_QUOTES);
  const [reviewKey, setReviewKey] = useState(0);
  const [labelKey, setLabelKey] = useState(0);
  const [mode, setMode] = useState<PageMode>('select');
  const [isRefreshing, refreshing] = useDisclosure(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isPickup = mode === 'pickup';

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
  const selection = useQuoteSelection(selectable, { isFinishedAdding: isPickup });
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
    first && isActionButtonVisible(selected, ACTIONABLE_STATUSES, isPickup)
      ? actionButtonText(first.status)
      : null;
  const isLoadingList = query.isPending || query.isPlaceholderData;
  // An empty list offers Add Item in its own empty state; the bar would only repeat it.
  const isEmpty = query.data !== undefined && quotes.length === 0;

  // Entering pickup mode replaces the page under the stylist: start reading at its top.
  useEffect(() => {
    if (mode !== 'pickup') return;
    window.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, [mode]);

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

  function reloadAfterChange() {
    // A failed reload shows as the page's load error.
    refreshClientQuotes(queryClient, clientId).catch(() => {});
  }

  function onShippingLabel() {
    setLabelKey((key) => key + 1);
    setOpenDialog('shipping-label');
  }

  function onPickup() {
    setOpenDialog(null);
    setMode('pickup');
  }

  // §4: after a pickup or a label, the selection is cleared and the quotes reloaded.
  function onPickupCompleted() {
    selection.clear();
    setMode('done');
    reloadAfterChange();
  }

  function onLabelCreated() {
    selection.clear();
    reloadAfterChange();
  }

  const closeDialog = () => setOpenDialog(null);
  const openAddItem = () => setOpenDialog('add-item');

  if (mode === 'done') {
    return (
      <Container size="xl" py={{ base: 'lg', xs: 'xl' }} px={{ base: 'md', xs: 'xl' }}>
        <CompletionPanel onDone={() => setMode('select')} />
      </Container>
    );
  }

  const clientName = client ? `${client.firstName} ${client.lastName}` : null;

  return (
    <Container
      size="xl"
      py={{ base: 'lg', xs: 'xl' }}
      px={{ base: 'md', xs: 'xl' }}
      className={classes.page}
    >
      <Stack gap="lg">
        <header className={classes.header}>
          <Text className={classes.headerEyebrow} size="xs" c="gold.4" tt="uppercase" lts="0.28em">
            {isPickup ? 'Pickup' : 'Client quotes'}
          </Text>
          <Title
            ref={headingRef}
            tabIndex={-1}
            order={1}
            className={classes.headerTitle}
            fz={{ base: isPickup ? 26 : 30, xs: 38 }}
          >
            {isPickup
              ? LOGISTICS_TEXT.confirmPickupHeading
              : client
                ? `${client.firstName}'s Quotes`
                : 'Quotes'}
          </Title>
          {isPickup ? (
            <Text className={classes.headerMeta} size="sm" c="dimmed">
              {selected.length} {pluralize(selected.length, 'item')}
              {clientName && ` from ${clientName}`}
            </Text>
          ) : (
            query.data &&
            quotes.length > 0 && (
              <Text className={classes.headerMeta} size="sm" c="dimmed">
                {quotes.length} {pluralize(quotes.length, 'quote')}
                {clientName && ` for ${clientName}`}
              </Text>
            )
          )}
          {!isPickup && (
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
          )}
        </header>

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

            {isPickup && (
              <div className={classes.pickupLayout}>
                {selected.length > 0 ? (
                  <SimpleGrid cols={PICKUP_GRID_COLUMNS} spacing="lg" verticalSpacing="lg">
                    {selected.map((quote) => (
                      <QuoteCard
                        key={quote.id}
                        quote={quote}
                        isSelected
                        canToggle={false}
                        onToggle={selection.toggle}
                      />
                    ))}
                  </SimpleGrid>
                ) : (
                  <Alert color="yellow" variant="light" radius="md">
                    {LOGISTICS_TEXT.noPickupItems}
                  </Alert>
                )}
                <PickupConfirmation
                  quotes={selected}
                  clientFirstName={client?.firstName ?? null}
                  onCancel={() => setMode('select')}
                  onCompleted={onPickupCompleted}
                />
              </div>
            )}

            {isEmpty && !isPickup && (
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

            {quotes.length > 0 && !isPickup && (
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

      {isMobile && !isEmpty && !isPickup && (
        <MobileActionBar
          count={selected.length}
          actionText={actionText}
          onAction={onAction}
          onDeselectAll={selection.clear}
          isLoadingList={isLoadingList}
          onAddItem={openAddItem}
        />
      )}

      <Suspense fallback={null}>
        {openedDialogs.includes('add-item') && (
          <OpenAfterMount>
            {(canOpen) => (
              <AddItemModal
                clientId={clientId}
                opened={canOpen && openDialog === 'add-item'}
                onClose={closeDialog}
              />
            )}
          </OpenAfterMount>
        )}
        {openedDialogs.includes('shipping-label') && (
          <OpenAfterMount>
            {(canOpen) => (
              <ShippingLabelModal
                key={`label-${labelKey}`}
                clientId={clientId}
                clientFirstName={client?.firstName ?? null}
                quotes={dialogQuotes}
                opened={canOpen && openDialog === 'shipping-label'}
                onClose={closeDialog}
                onCreated={onLabelCreated}
              />
            )}
          </OpenAfterMount>
        )}
      </Suspense>
      <AcceptedActionsModal
        quotes={dialogQuotes}
        opened={openDialog === 'actions'}
        onClose={closeDialog}
        onShippingLabel={onShippingLabel}
        onPickup={onPickup}
      />
      <ReviewResponseModal
        key={`review-${reviewKey}`}
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
