import {
  formatCents,
  PAYMENT_METHOD_WORDS,
  pluralize,
  type OfficeQueueRow,
} from '@atelier/contract';
import { Button, Checkbox, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import classes from './office.module.css';
import { useMarkPaid } from './office-queries.ts';

type Commission = NonNullable<OfficeQueueRow['commission']>;

/** "$120.00 · check" or "$120.00 · PayPal to ann@example.com": what is paid, and how. */
export function payoutText(commission: Commission): string {
  const to = commission.paypalAddress ? ` to ${commission.paypalAddress}` : '';
  return `${formatCents(commission.amountCents)} · ${PAYMENT_METHOD_WORDS[commission.payoutMethod]}${to}`;
}

interface PayoutBarProps {
  /** The page's sales that still have a commission to pay. */
  payable: readonly OfficeQueueRow[];
  selectedIds: readonly number[];
  onSelectAll: (commissionIds: number[]) => void;
  onPaid: () => void;
}

/**
 * "Sold" (issue 30): the sales picked on this page, their total, and "Mark paid", which pays each
 * commission by its stylist's payout method and tells the stylist (their Reports update live).
 */
export function PayoutBar({ payable, selectedIds, onSelectAll, onPaid }: PayoutBarProps) {
  const markPaid = useMarkPaid();
  const selected = payable.filter(
    (row) => row.commission && selectedIds.includes(row.commission.id),
  );
  const total = selected.reduce((sum, row) => sum + (row.commission?.amountCents ?? 0), 0);
  const allIds = payable.flatMap((row) => (row.commission ? [row.commission.id] : []));
  const isAll = allIds.length > 0 && selected.length === allIds.length;

  function pay() {
    const commissionIds = selected.flatMap((row) => (row.commission ? [row.commission.id] : []));
    markPaid.mutate(commissionIds, {
      onSuccess: ({ paid, alreadyPaid }) => {
        notifications.show({
          color: 'green',
          title: 'Commissions paid',
          message: `${paid.length} ${pluralize(paid.length, 'commission')} paid${
            alreadyPaid.length > 0 ? `; ${alreadyPaid.length} had been paid already` : ''
          }. The stylists are told.`,
        });
        onPaid();
      },
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Not paid', message: error.message }),
    });
  }

  return (
    <Group justify="space-between" gap="sm" className={classes.payoutBar}>
      <Checkbox
        label="Select every sale on this page"
        checked={isAll}
        indeterminate={selected.length > 0 && !isAll}
        disabled={allIds.length === 0}
        onChange={() => onSelectAll(isAll ? [] : allIds)}
      />
      <Group gap="sm">
        <Text size="sm" aria-live="polite">
          {selected.length === 0
            ? 'Select the sales to pay.'
            : `${selected.length} selected · ${formatCents(total)}`}
        </Text>
        <Button disabled={selected.length === 0} loading={markPaid.isPending} onClick={pay}>
          Mark paid
        </Button>
      </Group>
    </Group>
  );
}
