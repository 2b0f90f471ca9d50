import { formatMoney, type Dashboard } from '@atelier/contract';
import { Button, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { dashboardSectionPath, routes } from '../../app/routes.ts';
import { useContentTexts, useDisplayText } from '../content/index.ts';
import { DashboardCard } from '../../components/dashboard-card.tsx';
import { useDashboard } from './dashboard-queries.ts';
import classes from './overview-card.module.css';
import { LoadError } from '../../components/load-error.tsx';

/** The Overview card of §2: DASHBOARD, REPORTS and ACTIVITY; `?go=dashboard` lands here. */
export function OverviewCard() {
  const dashboard = useDashboard();

  return (
    <DashboardCard id="dashboard" label="Overview" isBusy={dashboard.isFetching}>
      {dashboard.isError ? (
        <LoadError
          title="Your overview could not be loaded"
          message={dashboard.error.message}
          isRetrying={dashboard.isFetching}
          onRetry={() => void dashboard.refetch()}
        />
      ) : (
        <Stack gap="lg">
          <DashboardPart clientCount={dashboard.data?.clientCount} />
          <Divider color="dark.5" />
          <ReportsPart dashboard={dashboard.data} />
          <Divider color="dark.5" />
          <ActivityPart dashboard={dashboard.data} />
        </Stack>
      )}
    </DashboardCard>
  );
}

function PartHeading({ children }: { children: ReactNode }) {
  return (
    <Title order={2} fz={20} lts="0.14em" c="dark.0">
      {children}
    </Title>
  );
}

function DashboardPart({ clientCount }: { clientCount: number | undefined }) {
  const isTextLoading = useContentTexts().isPending;
  const withClients = useDisplayText('dashboard.withClients');
  const noClients = useDisplayText('dashboard.noClients');
  const isLoading = clientCount === undefined || isTextLoading;

  return (
    <Stack gap="sm" align="flex-start">
      <PartHeading>DASHBOARD</PartHeading>
      {isLoading ? (
        <Stack gap={8} w="100%">
          <Skeleton height={14} />
          <Skeleton height={14} width="70%" />
        </Stack>
      ) : (
        <>
          <Text c="dark.1">{clientCount > 0 ? withClients : noClients}</Text>
          {clientCount === 0 && (
            <Button component={Link} to={dashboardSectionPath('addClient')} mt={4}>
              Add Clients
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}

function ReportsPart({ dashboard }: { dashboard: Dashboard | undefined }) {
  const commissions = dashboard?.commissions[0];
  return (
    <Stack gap="md">
      <PartHeading>REPORTS</PartHeading>
      <Stats columns={2}>
        <Stat label="Amount Received" value={commissions && formatMoney(commissions.total)} />
        <Stat label="Amount Pending" value={commissions && formatMoney(commissions.pending)} />
      </Stats>
      <PartLink to={dashboardSectionPath('commissions')}>View Reports</PartLink>
    </Stack>
  );
}

function ActivityPart({ dashboard }: { dashboard: Dashboard | undefined }) {
  const pending = dashboard?.pendingItems[0];
  return (
    <Stack gap="md">
      <PartHeading>ACTIVITY</PartHeading>
      <Stats columns={3}>
        <Stat label="Open Tasks" value={dashboard && String(dashboard.taskCount)} />
        <Stat label="Quotes to Review" value={pending && String(pending.pendingReviewTotal)} />
        <Stat label="Stuff to Ship" value={pending && String(pending.pendingShipmentTotal)} />
      </Stats>
      {/* The clients list shows each client's Quotes to Review and Stuff to Ship (§2). */}
      <PartLink to={routes.clients.path}>View Activity</PartLink>
    </Stack>
  );
}

function Stats({ columns, children }: { columns: number; children: ReactNode }) {
  const style = { '--stat-columns': columns } as CSSProperties;
  return (
    <dl className={classes.stats} style={style}>
      {children}
    </dl>
  );
}

function Stat({ label, value }: { label: string; value: string | undefined }) {
  return (
    <div className={classes.stat}>
      <dt className={classes.label}>{label}</dt>
      <dd className={classes.value}>
        {value ?? <Skeleton height="1.1em" width="80%" maw={140} />}
      </dd>
    </div>
  );
}

function PartLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Group>
      <Button
        component={Link}
        to={to}
        variant="light"
        size="sm"
        rightSection={<span aria-hidden="true">→</span>}
      >
        {children}
      </Button>
    </Group>
  );
}
