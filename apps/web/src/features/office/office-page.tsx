// Mantine's styles for the two components only this page shows, loaded with it (app/mantine-styles.css).
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Table.css';
import {
  OFFICE_QUEUE_TAB_LABELS,
  OFFICE_QUEUE_TABS,
  OFFICE_STAGE_RIGHTS,
  type OfficeQueueDocument,
  type OfficeQueueTab,
} from '@atelier/contract';
import {
  Button,
  Container,
  EmptyState,
  Stack,
  Tabs,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconInbox } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ListPagination } from '../../components/list-pagination.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { scrollBehavior } from '../../lib/motion.ts';
import classes from './office.module.css';
import { OfficeHeader, ReportsLinkOnPhone } from './office-header.tsx';
import { PayoutBar } from './payouts.tsx';
import { useClaimItem, useOfficeMe, useQueue } from './office-queries.ts';
import { QueueFilters } from './queue-filters.tsx';
import { QueueList, QueueSkeleton } from './queue-list.tsx';
import { ScanToReceive } from './scan-to-receive.tsx';
import { useQueueShortcuts } from './use-queue-keyboard.ts';
import {
  canTakeFrom,
  hasFilters,
  queueViewParams,
  readQueueView,
  type QueueView,
} from './queue-view.ts';

// The shortcuts' dialog loads when first opened, not with the queues (their budget is full).
const ShortcutsDialog = lazy(() =>
  import('./shortcuts-dialog.tsx').then((m) => ({ default: m.ShortcutsDialog })),
);

// Below this width the table's seven columns do not fit: the rows become cards.
const CARDS_MEDIA_QUERY = '(max-width: 61.99em)';

/** /office (issue 30): the back office's queues, one tab per stage, oldest first. */
export function OfficePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = readQueueView(searchParams);
  const me = useOfficeMe();
  const queue = useQueue(view);
  const claim = useClaimItem();
  const isCompact = useMediaQuery(CARDS_MEDIA_QUERY, false, { getInitialValueInEffect: false });
  // While another queue loads, the previous one's counts stay on the tabs, but not its rows.
  const shown = queue.data && queue.data.meta.stage === view.stage ? queue.data : undefined;
  const meta = queue.data?.meta;
  const countOf = (tab: OfficeQueueTab) =>
    meta ? (tab === 'second_opinion' ? meta.waitingSecondOpinions : meta.counts[tab]) : '…';
  const rights = me.data?.data.rights ?? [];
  const canTake = canTakeFrom(view.stage, rights);

  // Sold: the sales picked for "Mark paid", kept only while the same page of the same view shows.
  const viewKey = queueViewParams(view).toString();
  const soldRef = useRef<HTMLElement>(null);
  const [payoutPick, setPayoutPick] = useState<{ viewKey: string; ids: number[] }>({
    viewKey,
    ids: [],
  });
  const pickedIds = payoutPick.viewKey === viewKey ? payoutPick.ids : [];
  const canPay = view.stage === 'sold' && rights.includes('pay');
  const payouts = canPay
    ? {
        selectedIds: pickedIds,
        onToggle: (id: number) =>
          setPayoutPick({
            viewKey,
            ids: pickedIds.includes(id)
              ? pickedIds.filter((picked) => picked !== id)
              : [...pickedIds, id],
          }),
      }
    : undefined;

  // Keyboard (item 12): the selected row, "/" and "?" (use-queue-keyboard.ts).
  const keys = useQueueShortcuts({ view, viewKey, rows: shown?.data, canTake, onAssign });

  function show(next: QueueView) {
    setSearchParams(queueViewParams(next));
  }

  function onPageChange(page: number) {
    const totalPages = shown?.meta.pagination.totalPages ?? 1;
    if (!Number.isInteger(page) || page < 1 || page > totalPages || page === view.page) return;
    show({ ...view, page });
    window.scrollTo({ top: 0, behavior: scrollBehavior() });
  }

  function onAssign(quoteId: number) {
    claim.mutate(quoteId, {
      // The "Assign to me" button gives way to the holder's name: focus goes to the row's link.
      onSuccess: () => keys.focusRow(quoteId),
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Not assigned', message: error.message }),
    });
  }

  return (
    <Container size="xl" py={{ base: 'lg', xs: 'xl' }} px={{ base: 'md', xs: 'xl' }}>
      <OfficeHeader onShowShortcuts={keys.openShortcuts} />
      {keys.wereShortcutsOpened && (
        <Suspense fallback={null}>
          <ShortcutsDialog opened={keys.isShortcutsOpen} onClose={keys.closeShortcuts} />
        </Suspense>
      )}
      <Stack gap="lg">
        <div>
          <Text size="xs" c="gold.4" tt="uppercase" lts="0.28em">
            Back office
          </Text>
          <Title order={1} fz={{ base: 30, xs: 38 }} mt={6}>
            Queues
          </Title>
        </div>
        <ReportsLinkOnPhone />

        {me.isError && (
          <LoadError
            title="Your office profile could not be loaded"
            message={me.error.message}
            isRetrying={me.isFetching}
            onRetry={() => void me.refetch()}
          />
        )}

        <Tabs
          value={view.stage}
          onChange={(stage) => stage && show({ ...view, stage: stage as OfficeQueueTab, page: 1 })}
          variant="pills"
          radius="xl"
          keepMounted={false}
        >
          <Tabs.List aria-label="Queues" mb="lg">
            {OFFICE_QUEUE_TABS.map((stage) => (
              <Tabs.Tab key={stage} value={stage}>
                {OFFICE_QUEUE_TAB_LABELS[stage]}{' '}
                <span className={classes.tabCount}>{countOf(stage)}</span>
              </Tabs.Tab>
            ))}
          </Tabs.List>

          {OFFICE_QUEUE_TABS.map((stage) => (
            <Tabs.Panel key={stage} value={stage}>
              <Stack gap="lg">
                {stage === 'at_warehouse' && rights.includes('receive') && <ScanToReceive />}
                <QueueFilters
                  view={view}
                  me={me.data?.data}
                  searchRef={keys.searchRef}
                  onChange={(filters) => show({ ...view, ...filters, page: 1 })}
                />
                {stage === 'second_opinion' ? (
                  <Text size="sm" c="dark.1">
                    Counterfeit verdicts and high offers wait here for a second staff member. Open
                    one to approve it or send it back; nobody approves their own.
                  </Text>
                ) : (
                  me.data &&
                  !canTake && (
                    <Text size="sm" c="dark.1">
                      You can look through this queue; its items are taken by staff with the right
                      to {OFFICE_STAGE_RIGHTS[stage]}.
                    </Text>
                  )
                )}
                <section
                  ref={stage === 'sold' ? soldRef : undefined}
                  tabIndex={stage === 'sold' ? -1 : undefined}
                  aria-label={`${OFFICE_QUEUE_TAB_LABELS[stage]} items`}
                  aria-busy={queue.isFetching}
                  className={queue.isPlaceholderData && shown ? classes.busy : undefined}
                >
                  <QueueContent
                    view={view}
                    shown={shown}
                    isError={queue.isError && !shown}
                    errorMessage={queue.error?.message ?? ''}
                    isRetrying={queue.isFetching}
                    onRetry={() => void queue.refetch()}
                    onClearFilters={() =>
                      show({
                        ...view,
                        mine: false,
                        stylistId: null,
                        designerId: null,
                        q: '',
                        page: 1,
                      })
                    }
                    onFirstPage={() => show({ ...view, page: 1 })}
                  >
                    {shown && payouts && (
                      <PayoutBar
                        payable={shown.data.filter((row) => row.commission)}
                        selectedIds={pickedIds}
                        onSelectAll={(ids) => setPayoutPick({ viewKey, ids })}
                        onPaid={() => {
                          setPayoutPick({ viewKey, ids: [] });
                          // "Mark paid" is disabled now and the paid rows may leave: focus goes to
                          // the list they were paid from.
                          soldRef.current?.focus();
                        }}
                      />
                    )}
                    {shown && (
                      <QueueList
                        rows={shown.data}
                        stage={stage}
                        myUserId={me.data?.data.userId ?? null}
                        canTake={canTake}
                        claimingId={claim.isPending ? claim.variables : null}
                        onAssign={onAssign}
                        isCompact={isCompact}
                        payouts={payouts}
                        selectedId={keys.selectedId}
                        onSelect={keys.select}
                      />
                    )}
                  </QueueContent>
                </section>
                {shown && shown.meta.pagination.totalPages > 1 && (
                  <ListPagination
                    page={view.page}
                    totalPages={shown.meta.pagination.totalPages}
                    onChange={onPageChange}
                  />
                )}
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Container>
  );
}

interface QueueContentProps {
  view: QueueView;
  shown: OfficeQueueDocument | undefined;
  isError: boolean;
  errorMessage: string;
  isRetrying: boolean;
  onRetry: () => void;
  onClearFilters: () => void;
  onFirstPage: () => void;
  children: ReactNode;
}

/** The list, or what stands in its place: loading, a failure, or nothing waiting. */
function QueueContent(props: QueueContentProps) {
  const { view, shown } = props;
  const label = OFFICE_QUEUE_TAB_LABELS[view.stage];
  if (props.isError) {
    return (
      <LoadError
        title={`${label} could not be loaded`}
        message={props.errorMessage}
        isRetrying={props.isRetrying}
        onRetry={props.onRetry}
      />
    );
  }
  if (!shown) {
    return (
      <>
        <VisuallyHidden role="status">Loading {label}…</VisuallyHidden>
        <QueueSkeleton />
      </>
    );
  }
  if (shown.data.length > 0) return props.children;
  if (view.page > 1 && shown.meta.pagination.total > 0) {
    return (
      <EmptyState
        classNames={{ title: classes.emptyTitle }}
        py="xl"
        title={`There is no page ${view.page}.`}
        description="The queue is shorter than that now."
      >
        <EmptyState.Actions>
          <Button variant="default" onClick={props.onFirstPage}>
            Go to page 1
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  if (hasFilters(view)) {
    return (
      <EmptyState
        classNames={{ title: classes.emptyTitle }}
        py="xl"
        icon={<IconInbox size={26} stroke={1.6} aria-hidden />}
        title={`Nothing in ${label} matches these filters.`}
        description="Other items may wait here: clear the filters to see the whole queue."
      >
        <EmptyState.Actions>
          <Button variant="default" onClick={props.onClearFilters}>
            Clear filters
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  return (
    <EmptyState
      classNames={{ title: classes.emptyTitle }}
      py="xl"
      icon={<IconInbox size={26} stroke={1.6} aria-hidden />}
      title={`Nothing is waiting in ${label}.`}
      description="New items show here as they arrive."
    />
  );
}
