import type { OfficeQueueRow, OfficeStage } from '@atelier/contract';
import { Anchor, Badge, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { formatDate } from '../../lib/format.ts';
import classes from './office.module.css';
import { formatBusinessHours, officeItemPath } from './queue-view.ts';
import { SlaBadge } from './sla-badge.tsx';

export const IN_STAGE_HEADER = 'In stage (business hours)';

interface QueueListProps {
  rows: readonly OfficeQueueRow[];
  stage: OfficeStage;
  /** The signed-in staff member's user id, to tell their own items. */
  myUserId: string | null;
  /** Whether they may take items of this queue (their rights). */
  canTake: boolean;
  /** The item whose "Assign to me" is on its way. */
  claimingId: number | null;
  onAssign: (quoteId: number) => void;
  /** Cards (phones, narrow windows) instead of a table. */
  isCompact: boolean;
}

/** The queue's own column: when the offers close, or the parcel's tracking number. */
function extraColumn(
  stage: OfficeStage,
): { header: string; cell: (row: OfficeQueueRow) => string } | null {
  if (stage === 'offers_out') {
    return {
      header: 'Offers expire',
      cell: (row) => (row.offersExpireAt ? formatDate(row.offersExpireAt) : 'No expiry'),
    };
  }
  if (stage === 'in_transit') {
    return { header: 'Tracking number', cell: (row) => row.trackingNumber ?? 'Not shipped yet' };
  }
  return null;
}

function Thumb({ url }: { url: string | null }) {
  if (!url) {
    return (
      <div className={`${classes.thumb} ${classes.noPhoto}`}>
        <IconPhoto size={20} stroke={1.5} aria-hidden />
      </div>
    );
  }
  // The item's name stands beside it: the photo adds nothing to read aloud.
  return <img className={classes.thumb} src={url} alt="" loading="lazy" width={48} height={48} />;
}

function Item({ row }: { row: OfficeQueueRow }) {
  const location = useLocation();
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <Thumb url={row.photoUrl} />
      <div className={classes.itemName}>
        <Text size="xs" c="gold.3" tt="uppercase" lts="0.08em">
          {row.designer}
        </Text>
        {/* The workspace's "Back to the queue" returns to this very view. */}
        <Anchor
          component={Link}
          to={officeItemPath(row.quoteId)}
          state={{ from: `${location.pathname}${location.search}` }}
          size="sm"
          fw={500}
          lh={1.3}
          c="dark.0"
          underline="always"
          display="block"
        >
          {row.name}
        </Anchor>
        <Text size="xs" c="dark.1">
          #{row.quoteId}
          {/* The stylist answered a request for more information: first in its queue. */}
          {row.answered && (
            <Badge component="span" ml={6} size="xs" color="teal" variant="light" tt="none">
              Answered
            </Badge>
          )}
        </Text>
      </div>
    </Group>
  );
}

function Holder(
  props: { row: OfficeQueueRow } & Omit<QueueListProps, 'rows' | 'stage' | 'isCompact'>,
) {
  const { row, myUserId, canTake, claimingId, onAssign } = props;
  if (row.holder) {
    const isMine = row.holder.userId === myUserId;
    return (
      <Text size="sm">
        {row.holder.name}
        {isMine && (
          <Text component="span" size="xs" c="dark.1">
            {' '}
            (you)
          </Text>
        )}
      </Text>
    );
  }
  return (
    <Button
      size="compact-sm"
      variant="outline"
      disabled={!canTake || (claimingId !== null && claimingId !== row.quoteId)}
      loading={claimingId === row.quoteId}
      aria-label={`Assign to me, #${row.quoteId}`}
      onClick={() => onAssign(row.quoteId)}
    >
      Assign to me
    </Button>
  );
}

/** The rows, oldest first as the server sends them: a table when wide, cards when narrow. */
export function QueueList(props: QueueListProps) {
  const { rows, stage, isCompact } = props;
  const extra = extraColumn(stage);

  if (isCompact) {
    return (
      <ul className={classes.list} aria-label="Items">
        {rows.map((row) => (
          <li key={row.quoteId} className={classes.card}>
            <Item row={row} />
            <dl className={classes.facts}>
              <Fact term="Stylist">{row.stylist.name}</Fact>
              <Fact term="Client">{row.client.name}</Fact>
              <Fact term={IN_STAGE_HEADER}>{formatBusinessHours(row.businessHours)}</Fact>
              <Fact term="SLA">
                <SlaBadge state={row.sla.state} />
              </Fact>
              {extra && <Fact term={extra.header}>{extra.cell(row)}</Fact>}
              {row.holder && <Fact term="Held by">{<Holder {...props} row={row} />}</Fact>}
            </dl>
            {!row.holder && <Holder {...props} row={row} />}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Table className={classes.table} verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Item</Table.Th>
          <Table.Th scope="col">Stylist</Table.Th>
          <Table.Th scope="col">Client</Table.Th>
          <Table.Th scope="col">{IN_STAGE_HEADER}</Table.Th>
          <Table.Th scope="col">SLA</Table.Th>
          {extra && <Table.Th scope="col">{extra.header}</Table.Th>}
          <Table.Th scope="col">Held by</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.quoteId}>
            <Table.Td>
              <Item row={row} />
            </Table.Td>
            <Table.Td>{row.stylist.name}</Table.Td>
            <Table.Td>{row.client.name}</Table.Td>
            <Table.Td>{formatBusinessHours(row.businessHours)}</Table.Td>
            <Table.Td>
              <SlaBadge state={row.sla.state} />
            </Table.Td>
            {extra && <Table.Td>{extra.cell(row)}</Table.Td>}
            <Table.Td>
              <Holder {...props} row={row} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** Grey rows where the queue will be, while it loads. */
export function QueueSkeleton() {
  return (
    <Stack gap="sm" aria-hidden="true">
      {[0, 1, 2, 3, 4].map((index) => (
        <Group key={index} gap="sm" wrap="nowrap">
          <Skeleton width={48} height={48} radius="sm" />
          <Stack gap={6} flex={1}>
            <Skeleton height={10} width="30%" />
            <Skeleton height={12} width="60%" />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}
