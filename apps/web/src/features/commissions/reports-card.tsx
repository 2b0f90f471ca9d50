import {
  formatMoney,
  pluralize,
  type CommissionListDocument,
  type CommissionResource,
} from '@atelier/contract';
import {
  Button,
  CloseButton,
  Group,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { DatesRangeValue } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { formatDate } from '../../lib/format.ts';
import { LoadError } from '../../components/load-error.tsx';
import { DashboardCard } from '../../components/dashboard-card.tsx';
import { ClientDetailModal } from '../clients/index.ts';
import { downloadCommissionsCsv } from './commissions-export.ts';
import {
  ALL_TIME,
  hasTimelineData,
  nextPageSize,
  sumByClient,
  uniqueCommissions,
  useCommissionPages,
  useEveryCommission,
  type CommissionRange,
} from './commissions-queries.ts';
import classes from './reports-card.module.css';
import { OpenAfterMount } from '../../components/open-after-mount.tsx';

// The chart (recharts, d3) and the date picker (Mantine's dates, dayjs) are most of the
// dashboard's code: they load after the cards are on screen, in place of a box of their size.
const CommissionChart = lazy(() =>
  import('./commission-chart.tsx').then((m) => ({ default: m.CommissionChart })),
);
// A commission's and a client's details load when one is first opened.
const CommissionModal = lazy(() =>
  import('./commission-modal.tsx').then((m) => ({ default: m.CommissionModal })),
);
const DateRangeInput = lazy(() =>
  import('../../components/date-range-input.tsx').then((m) => ({ default: m.DateRangeInput })),
);
/** The height of the chart's drawing (commission-chart.tsx). */
const CHART_HEIGHT = 220;
/** The height of a size "sm" input. */
const INPUT_HEIGHT = 36;

/** §2: "All Time", "Since m/d/yyyy" or "m/d/yyyy – m/d/yyyy"; an end alone is no range (§5). */
export function rangeLabel(range: CommissionRange): string {
  if (!range.start) return 'All Time';
  if (!range.end) return `Since ${formatDate(range.start)}`;
  return `${formatDate(range.start)} – ${formatDate(range.end)}`;
}

type ReportsTab = 'commissions' | 'clients';

/** The Reports/Commissions card of §2; `?go=commissions` lands here. */
export function ReportsCard() {
  const [range, setRange] = useState<CommissionRange>(ALL_TIME);
  const [tab, setTab] = useState<ReportsTab>('commissions');
  const [openCommissionId, setOpenCommissionId] = useState<number | null>(null);
  const [openClientId, setOpenClientId] = useState<number | null>(null);
  // Mounted from their first opening on, so they close with their transition.
  const [hasOpenedCommission, setHasOpenedCommission] = useState(false);
  const [hasOpenedClient, setHasOpenedClient] = useState(false);
  if (openCommissionId !== null && !hasOpenedCommission) setHasOpenedCommission(true);
  if (openClientId !== null && !hasOpenedClient) setHasOpenedClient(true);
  const pages = useCommissionPages(range);

  const onRangeChange = ([start, end]: DatesRangeValue<string>) => {
    setRange({ start: start ?? null, end: end ?? null });
  };

  return (
    <DashboardCard id="commissions" title="REPORTS" isBusy={pages.isFetching}>
      <Stack gap="lg">
        <RangeBar range={range} onChange={onRangeChange} onClear={() => setRange(ALL_TIME)} />
        {pages.isPending ? (
          <ReportsSkeleton />
        ) : pages.isError && !pages.data ? (
          <LoadError
            title="Your commissions could not be loaded"
            message={pages.error.message}
            isRetrying={pages.isFetching}
            onRetry={() => void pages.refetch()}
          />
        ) : (
          <ReportsContent
            pages={pages.data.pages}
            range={range}
            tab={tab}
            onTabChange={setTab}
            onOpenCommission={setOpenCommissionId}
            onOpenClient={setOpenClientId}
            nextPage={{
              hasNext: pages.hasNextPage,
              isFetching: pages.isFetchingNextPage,
              error: pages.isFetchNextPageError ? pages.error : null,
              fetch: () => void pages.fetchNextPage(),
            }}
          />
        )}
      </Stack>
      <Suspense fallback={null}>
        {hasOpenedCommission && (
          <OpenAfterMount>
            {(canOpen) => (
              <CommissionModal
                commissionId={openCommissionId}
                opened={canOpen && openCommissionId !== null}
                onClose={() => setOpenCommissionId(null)}
              />
            )}
          </OpenAfterMount>
        )}
        {hasOpenedClient && (
          <OpenAfterMount>
            {(canOpen) => (
              <ClientDetailModal
                clientId={canOpen ? openClientId : null}
                onClose={() => setOpenClientId(null)}
              />
            )}
          </OpenAfterMount>
        )}
      </Suspense>
    </DashboardCard>
  );
}

interface RangeBarProps {
  range: CommissionRange;
  onChange: (value: DatesRangeValue<string>) => void;
  onClear: () => void;
}

function RangeBar({ range, onChange, onClear }: RangeBarProps) {
  const isRangeSet = range.start !== null || range.end !== null;
  const exportCsv = useMutation({
    mutationFn: () => downloadCommissionsCsv(range),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'The export failed', message: error.message }),
  });

  return (
    <div className={classes.rangeBar}>
      <Group gap={6} wrap="nowrap" className={classes.rangeLabel}>
        <Text fw={600} c="gold.3" aria-live="polite" data-testid="range-label">
          {rangeLabel(range)}
        </Text>
        {isRangeSet && <CloseButton size="sm" aria-label="Clear range" onClick={onClear} />}
      </Group>
      <Suspense fallback={<div className={classes.picker} style={{ height: INPUT_HEIGHT }} />}>
        <DateRangeInput
          value={[range.start, range.end]}
          onChange={onChange}
          className={classes.picker}
        />
      </Suspense>
      <Button
        variant="light"
        size="sm"
        loading={exportCsv.isPending}
        onClick={() => exportCsv.mutate()}
      >
        Export CSV
      </Button>
    </div>
  );
}

function ReportsSkeleton() {
  return (
    <Stack gap="md" data-testid="reports-skeleton">
      <Group grow>
        <Skeleton height={52} />
        <Skeleton height={52} />
        <Skeleton height={52} />
      </Group>
      <Skeleton height={180} />
      <Skeleton height={14} />
      <Skeleton height={14} width="80%" />
    </Stack>
  );
}

interface NextPage {
  hasNext: boolean;
  isFetching: boolean;
  error: Error | null;
  fetch: () => void;
}

interface ReportsContentProps {
  pages: CommissionListDocument[];
  range: CommissionRange;
  tab: ReportsTab;
  onTabChange: (tab: ReportsTab) => void;
  onOpenCommission: (commissionId: number) => void;
  onOpenClient: (clientId: number) => void;
  nextPage: NextPage;
}

function ReportsContent({ pages, range, tab, onTabChange, ...handlers }: ReportsContentProps) {
  // Totals describe the whole range; the freshest page carries the freshest ones.
  const meta = (pages[pages.length - 1] ?? pages[0])?.meta;
  if (!meta) return null;
  const commissions = uniqueCommissions(pages);

  return (
    <Stack gap="lg">
      <dl className={classes.totals}>
        <Total label="Paid" value={formatMoney(meta.paid)} />
        <Total label="Pending" value={formatMoney(meta.unpaid)} />
        <Total label="Products Sold & Purchased" value={String(meta.pagination.total)} />
      </dl>
      {hasTimelineData(meta.timelineData) && (
        <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
          <CommissionChart points={meta.timelineData} />
        </Suspense>
      )}
      {meta.pagination.total === 0 ? (
        <Text c="dimmed">
          {range.start ? 'No commissions in this range.' : 'No commissions yet.'}
        </Text>
      ) : (
        <Tabs
          value={tab}
          onChange={(value) => onTabChange(value === 'clients' ? 'clients' : 'commissions')}
        >
          <Tabs.List grow>
            <Tabs.Tab value="commissions">COMMISSIONS</Tabs.Tab>
            <Tabs.Tab value="clients">CLIENTS</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="commissions" pt="md">
            <CommissionsTab
              commissions={commissions}
              meta={meta}
              nextPage={handlers.nextPage}
              onOpen={handlers.onOpenCommission}
            />
          </Tabs.Panel>
          <Tabs.Panel value="clients" pt="md">
            <ClientsTab range={range} isActive={tab === 'clients'} onOpen={handlers.onOpenClient} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div className={classes.total}>
      <dt className={classes.totalLabel}>{label}</dt>
      <dd className={classes.totalValue}>{value}</dd>
    </div>
  );
}

interface CommissionsTabProps {
  commissions: CommissionResource[];
  meta: CommissionListDocument['meta'];
  nextPage: NextPage;
  onOpen: (commissionId: number) => void;
}

function CommissionsTab({ commissions, meta, nextPage, onOpen }: CommissionsTabProps) {
  const pending = commissions.filter((commission) => commission.attributes.paidAt === null);
  const paid = commissions.filter((commission) => commission.attributes.paidAt !== null);
  const nextCount = nextPageSize(meta, commissions.length);

  return (
    <Stack gap="lg">
      {meta.unpaidPayments > 0 && (
        <CommissionGroup
          title={`${meta.unpaidPayments} ${pluralize(meta.unpaidPayments, 'Commission')} Pending`}
          commissions={pending}
          onOpen={onOpen}
        />
      )}
      {meta.paidPayments > 0 && (
        <CommissionGroup
          title={`${meta.paidPayments} ${pluralize(meta.paidPayments, 'Commission')} Paid`}
          commissions={paid}
          onOpen={onOpen}
        />
      )}
      {nextPage.error && (
        <LoadError
          title="More commissions could not be loaded"
          message={nextPage.error.message}
          isRetrying={nextPage.isFetching}
          onRetry={nextPage.fetch}
        />
      )}
      {nextPage.hasNext && nextCount > 0 && !nextPage.error && (
        <Group justify="center">
          <Button variant="outline" loading={nextPage.isFetching} onClick={nextPage.fetch}>
            View Next {nextCount}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

interface CommissionGroupProps {
  title: string;
  commissions: CommissionResource[];
  onOpen: (commissionId: number) => void;
}

function CommissionGroup({ title, commissions, onOpen }: CommissionGroupProps) {
  return (
    <section aria-label={title}>
      <GroupHeading>{title}</GroupHeading>
      {commissions.length > 0 && (
        <ul className={classes.rows}>
          {commissions.map(({ id, attributes }) => (
            <li key={id}>
              <UnstyledButton className={classes.row} onClick={() => onOpen(id)}>
                <span className={classes.rowMain}>
                  <span className={classes.rowTitle}>{attributes.productName}</span>
                  <span className={classes.rowDetail}>
                    {attributes.clientName} · {formatDate(attributes.createdAt)}
                  </span>
                </span>
                <span className={classes.rowAmount}>{formatMoney(attributes.amount)}</span>
              </UnstyledButton>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function GroupHeading({ children }: { children: ReactNode }) {
  return (
    <Title order={3} fz={14} lts="0.12em" tt="uppercase" c="dark.1" mb="xs">
      {children}
    </Title>
  );
}

interface ClientsTabProps {
  range: CommissionRange;
  isActive: boolean;
  onOpen: (clientId: number) => void;
}

function ClientsTab({ range, isActive, onOpen }: ClientsTabProps) {
  const everyCommission = useEveryCommission(range, isActive);

  if (everyCommission.isError) {
    return (
      <LoadError
        title="Your clients' totals could not be loaded"
        message={everyCommission.error.message}
        isRetrying={everyCommission.isFetching}
        onRetry={() => void everyCommission.refetch()}
      />
    );
  }
  if (!everyCommission.data) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Loading clients">
        <Skeleton height={44} />
        <Skeleton height={44} />
      </Stack>
    );
  }
  const clients = sumByClient(everyCommission.data);
  return (
    <ul className={classes.rows} aria-label="Clients">
      {clients.map((client) => (
        <li key={client.clientId}>
          <UnstyledButton className={classes.row} onClick={() => onOpen(client.clientId)}>
            <span className={classes.rowMain}>
              <span className={classes.rowTitle}>{client.clientName}</span>
              <span className={classes.rowDetail}>
                {client.count} {pluralize(client.count, 'Commission')}
              </span>
            </span>
            <span className={classes.rowAmount}>{formatMoney(client.amount)}</span>
          </UnstyledButton>
        </li>
      ))}
    </ul>
  );
}
