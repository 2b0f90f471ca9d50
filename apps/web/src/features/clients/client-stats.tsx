import type { ClientAttributes } from '@atelier/contract';
import { formatMoney } from '@atelier/contract';
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import classes from './client-detail.module.css';

/** Accepted out of all quotes as a whole percent; no quotes reads 0%. */
export function acceptedPercent(accepted: number, total: number): number {
  return total > 0 ? Math.round((accepted / total) * 100) : 0;
}

export function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  // Upper case by CSS only: the heading's accessible name stays "Notes", not "NOTES".
  return (
    <Title id={id} order={3} className={classes.sectionTitle}>
      {children}
    </Title>
  );
}

function Stat({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  const labelId = useId();
  return (
    <Paper role="group" aria-labelledby={labelId} className={classes.stat} p="sm">
      <Text id={labelId} size="xs" c="dimmed" className={classes.statLabel}>
        {label}
      </Text>
      <Text className={classes.statValue}>{value}</Text>
      {detail !== undefined && (
        <Text size="xs" c="gold.3">
          {detail}
        </Text>
      )}
    </Paper>
  );
}

/** COMMISSIONS: how many and how much (§2). */
export function CommissionStats({ attributes }: { attributes: ClientAttributes }) {
  const headingId = useId();
  const { number, total } = attributes.commissions[0];
  return (
    <section aria-labelledby={headingId}>
      <SectionTitle id={headingId}>Commissions</SectionTitle>
      <SimpleGrid cols={2} spacing="xs" mt="xs">
        <Stat label="Commissions" value={number} />
        <Stat label="Total" value={formatMoney(total)} />
      </SimpleGrid>
    </section>
  );
}

/** ITEM SALES: open quotes, accepted out of all with the percent, items sold (§2). */
export function ItemSalesStats({ attributes }: { attributes: ClientAttributes }) {
  const headingId = useId();
  const { open, accepted, total, itemsSold } = attributes.pendingItems[0];
  return (
    <section aria-labelledby={headingId}>
      <SectionTitle id={headingId}>Item Sales</SectionTitle>
      <SimpleGrid cols={3} spacing="xs" mt="xs">
        <Stat label="Open Quotes" value={open} />
        <Stat
          label="Quotes Accepted"
          value={`${accepted}/${total}`}
          detail={`${acceptedPercent(accepted, total)}%`}
        />
        <Stat label="Items Sold" value={itemsSold} />
      </SimpleGrid>
    </section>
  );
}
