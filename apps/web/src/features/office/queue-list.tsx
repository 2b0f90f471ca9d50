import type { OfficeQueueRow, OfficeQueueTab } from '@atelier/contract';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { formatDate } from '../../lib/format.ts';
import classes from './office.module.css';
import { payoutText } from './payouts.tsx';
import { formatBusinessHours, officeItemPath } from './queue-view.ts';
import { SlaBadge } from './sla-badge.tsx';

export const IN_STAGE_HEADER = 'In stage (business hours)';

interface QueueListProps {
  rows: readonly OfficeQueueRow[];
  stage: OfficeQueueTab;
  /** The signed-in staff member's user id, to tell their own items. */
  myUserId: string | null;
  /** Whether they may take items of this queue (their rights). */
  canTake: boolean;
  /** The item whose "Assign to me" is on its way. */
  claimingId: number | null;
  onAssign: (quoteId: number) => void;
  /** Cards (phones, narrow windows) instead of a table. */
  isCompact: boolean;
  /** Sold, for those who pay: a checkbox per sale with a commission to pay. */
  payouts?: { selectedIds: readonly number[]; onToggle: (commissionId: number) => void };
  /** The row the keyboard works on (j, k, Enter, a): marked, and its link holds the focus. */
  selectedId?: number | null;
  /** Focus entered a row (a Tab, a click): it becomes the selected one. */
  onSelect?: (quoteId: number) => void;
}

/** The selected row's mark: visible (data-selected) and told (aria-current on the row). */
function selectionProps(props: QueueListProps, quoteId: number) {
  const isSelected = props.selectedId === quoteId;
  return {
    'data-queue-row': quoteId,
    'data-selected': isSelected || undefined,
    'aria-current': isSelected || undefined,
    onFocus: () => props.onSelect?.(quoteId),
  };
}

/** The link that opens a row's workspace: what the keyboard's selection focuses. */
export function rowLink(container: ParentNode, quoteId: number): HTMLElement | null {
  return container.querySelector<HTMLElement>(`[data-queue-row="${quoteId}"] [data-row-link]`);
}

/** The tab's own column: the decision waiting, when the offers close, or the tracking number. */
function extraColumn(
  stage: OfficeQueueTab,
): { header: string; cell: (row: OfficeQueueRow) => string } | null {
  if (stage === 'second_opinion') {
    return {
      header: 'Waiting decision',
      cell: (row) =>
        row.secondOpinion
          ? `${row.secondOpinion.summary} (by ${row.secondOpinion.author.name})`
          : 'Decided meanwhile',
    };
  }
  if (stage === 'offers_out') {
    return {
      header: 'Offers expire',
      cell: (row) => (row.offersExpireAt ? formatDate(row.offersExpireAt) : 'No expiry'),
    };
  }
  if (stage === 'sold') {
    return {
      header: 'Commission',
      cell: (row) => (row.commission ? payoutText(row.commission) : 'No commission'),
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
          data-row-link
        >
          {row.name}
        </Anchor>
        <Text size="xs" c="dark.1">
          #{row.quoteId}
          {row.secondOpinion && ' · waiting for a second opinion'}
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

/** Sold: pick a sale for "Mark paid". */
function PayoutPick({ row, payouts }: Pick<QueueListProps, 'payouts'> & { row: OfficeQueueRow }) {
  if (!payouts || !row.commission) return null;
  const { id } = row.commission;
  return (
    <Checkbox
      aria-label={`Pay the commission of #${row.quoteId}`}
      checked={payouts.selectedIds.includes(id)}
      onChange={() => payouts.onToggle(id)}
    />
  );
}

function Holder(props: { row: OfficeQueueRow } & Omit<QueueListProps, 'rows' | 'isCompact'>) {
  const { row, stage, myUserId, canTake, claimingId, onAssign } = props;
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
  // A second opinion is given from the workspace: nothing to take here.
  if (stage === 'second_opinion') {
    return (
      <Text size="sm" c="dark.1">
        Nobody
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
          <li key={row.quoteId} className={classes.card} {...selectionProps(props, row.quoteId)}>
            <Group gap="sm" wrap="nowrap" align="center">
              <PayoutPick row={row} payouts={props.payouts} />
              <Item row={row} />
            </Group>
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
          {props.payouts && (
            <Table.Th scope="col">
              <VisuallyHidden>Pay</VisuallyHidden>
            </Table.Th>
          )}
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
          <Table.Tr key={row.quoteId} {...selectionProps(props, row.quoteId)}>
            {props.payouts && (
              <Table.Td>
                <PayoutPick row={row} payouts={props.payouts} />
              </Table.Td>
            )}
            <Table.Td>
              <Item row={row} />
            </Table.Td>
            <Table.Td>{row.stylist.name}</Table.Td>
            <Table.Td>{row.client.name}</Table.Td>
            <Table.Td>{formatBusinessHours(row.businessHours)}</Table.Td>
            <Table.Td className={classes.slaCell}>
              <SlaBadge state={row.sla.state} />
            </Table.Td>
            {extra && <Table.Td className={classes.extraCell}>{extra.cell(row)}</Table.Td>}
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
