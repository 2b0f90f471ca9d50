import { Paper, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

type DashboardCardProps = {
  /** Anchor for `?go=` scrolling (§2). */
  id?: string;
  children: ReactNode;
  isBusy?: boolean;
} & (
  | { title: string; label?: never }
  /** A card whose parts carry their own headings is named by `label` instead. */
  | { label: string; title?: never }
);

/** One card of the dashboard masonry: a named region in the portal's card style. */
export function DashboardCard({ id, title, label, isBusy, children }: DashboardCardProps) {
  const headingId = useId();
  return (
    <Paper
      id={id}
      component="section"
      aria-labelledby={title ? headingId : undefined}
      aria-label={label}
      aria-busy={isBusy || undefined}
      withBorder
      radius="md"
      p={{ base: 'lg', xs: 'xl' }}
      bg="dark.8"
      style={{ borderColor: 'var(--mantine-color-dark-5)' }}
    >
      {title && (
        <Title id={headingId} order={2} fz={24} lts="0.04em" mb="lg">
          {title}
        </Title>
      )}
      {children}
    </Paper>
  );
}
