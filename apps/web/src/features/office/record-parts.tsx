import {
  formatCents,
  OFFICE_STAGE_LABELS,
  type OfficeRecordCommissions,
  type OfficeRecordStage,
} from '@atelier/contract';
import { Anchor, Badge, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { routes } from '../../app/routes.ts';
import { LoadError } from '../../components/load-error.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { formatStatus } from './item-decisions.ts';
import itemClasses from './item-page.module.css';
import { OfficeHeader } from './office-header.tsx';
import { formatBusinessHours, officeItemPath } from './queue-view.ts';
import { clientRecordPath, stylistRecordPath } from './record-paths.ts';
import classes from './record-page.module.css';
import { SlaBadge } from './sla-badge.tsx';

interface RecordFrameProps<T> {
  /** "Client" or "Stylist": the record's kind, in its headings. */
  kind: string;
  id: number;
  query: UseQueryResult<{ data: T }>;
  children: (data: T) => ReactNode;
}

/** A record's page: the office header, the way back, and its loading, missing and error states. */
export function RecordFrame<T>({ kind, id, query, children }: RecordFrameProps<T>) {
  const data = query.data?.data;
  const isMissing = id === 0 || (isApiError(query.error) && query.error.status === 404);
  return (
    <Container size="xl" py={{ base: 'lg', xs: 'xl' }} px={{ base: 'md', xs: 'xl' }}>
      <OfficeHeader />
      <Stack gap="lg">
        <Anchor component={Link} to={routes.office.path} size="sm" c="gold.3" w="fit-content">
          <Group gap={4} wrap="nowrap" component="span">
            <IconArrowLeft size={16} stroke={1.6} aria-hidden />
            Back to the queues
          </Group>
        </Anchor>
        {isMissing ? (
          <Title order={1} fz={{ base: 26, xs: 32 }}>
            No such {kind.toLowerCase()}
          </Title>
        ) : query.isError && !data ? (
          <>
            <Title order={1} fz={{ base: 26, xs: 32 }}>
              {kind} #{id}
            </Title>
            <LoadError
              title={`This ${kind.toLowerCase()}'s record could not be loaded`}
              message={query.error.message}
              isRetrying={query.isFetching}
              onRetry={() => void query.refetch()}
            />
          </>
        ) : data ? (
          children(data)
        ) : (
          <Text role="status" c="dark.1">
            Loading the {kind.toLowerCase()}'s record…
          </Text>
        )}
      </Stack>
    </Container>
  );
}

export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={itemClasses.panel} aria-label={title}>
      <Title order={2} fz="md" mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** The items by stage, in the queues' order, each linking to its workspace. */
export function StagesPanel({ stages }: { stages: readonly OfficeRecordStage[] }) {
  return (
    <Panel title="Items by stage">
      {stages.length === 0 ? (
        <Text size="sm" c="dark.1">
          No items yet.
        </Text>
      ) : (
        stages.map((stage) => {
          const label = stage.stage ? OFFICE_STAGE_LABELS[stage.stage] : 'Done';
          const id = `stage-${stage.stage ?? 'done'}`;
          return (
            <div key={id} className={classes.stage}>
              <Title order={3} fz="sm" id={id} c="gold.3">
                {label} · {stage.count}
              </Title>
              <ul className={classes.rows} aria-labelledby={id}>
                {stage.items.map((item) => (
                  <li key={item.quoteId} className={classes.row}>
                    <div className={classes.rowMain}>
                      <Anchor
                        component={Link}
                        to={officeItemPath(item.quoteId)}
                        size="sm"
                        c="dark.0"
                      >
                        #{item.quoteId} {item.designer} {item.name}
                      </Anchor>
                      <Text size="xs" c="dark.1">
                        {formatStatus(item.status)}
                      </Text>
                    </div>
                    <div className={classes.rowAside}>
                      <Text size="xs" c="dark.1">
                        {formatBusinessHours(item.businessHours)} in stage
                      </Text>
                      {item.sla && <SlaBadge state={item.sla} />}
                    </div>
                  </li>
                ))}
              </ul>
              {stage.count > stage.items.length && (
                <Text size="xs" c="dark.1" mt={4}>
                  The {stage.items.length} longest waiting of {stage.count}.
                </Text>
              )}
            </div>
          );
        })
      )}
    </Panel>
  );
}

/** Commissions pending and paid: their totals, and the latest with their state. */
export function CommissionsPanel({ commissions }: { commissions: OfficeRecordCommissions }) {
  const { pending, paid, latest } = commissions;
  return (
    <Panel title="Commissions">
      <dl className={classes.totals}>
        <div className={classes.total}>
          <dt>Pending · {pending.count}</dt>
          <dd>{formatCents(pending.totalCents)}</dd>
        </div>
        <div className={classes.total}>
          <dt>Paid · {paid.count}</dt>
          <dd>{formatCents(paid.totalCents)}</dd>
        </div>
      </dl>
      {latest.length === 0 ? (
        <Text size="sm" c="dark.1">
          No commissions yet.
        </Text>
      ) : (
        <ul className={classes.rows} aria-label="Latest commissions">
          {latest.map((commission) => (
            <li key={commission.id} className={classes.row}>
              <div className={classes.rowMain}>
                {commission.quoteId ? (
                  <Anchor
                    component={Link}
                    to={officeItemPath(commission.quoteId)}
                    size="sm"
                    c="dark.0"
                  >
                    {commission.productName}
                  </Anchor>
                ) : (
                  <Text size="sm">{commission.productName}</Text>
                )}
                {/* The stylist's record names each commission's client, a link of its own. */}
                <Group gap={8} wrap="wrap">
                  <Text size="xs" c="dark.1">
                    Sold {formatDate(commission.createdAt)}
                  </Text>
                  {commission.client && (
                    <Anchor
                      component={Link}
                      to={clientRecordPath(commission.client.id)}
                      size="xs"
                      c="gold.3"
                    >
                      {commission.client.name}
                    </Anchor>
                  )}
                </Group>
              </div>
              <div className={classes.rowAside}>
                <Text size="sm">{formatCents(commission.amountCents)}</Text>
                <Badge
                  variant="light"
                  radius="sm"
                  tt="none"
                  color={commission.paidAt ? 'green' : 'gray'}
                >
                  {commission.paidAt ? `Paid ${formatDate(commission.paidAt)}` : 'Pending'}
                </Badge>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** A stylist's name, linking to their record. */
export function StylistLink({ stylist }: { stylist: { id: number; name: string } }) {
  return (
    <Anchor component={Link} to={stylistRecordPath(stylist.id)} size="sm" c="gold.3">
      {stylist.name}
    </Anchor>
  );
}
