import { Paper, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { useId } from 'react';
import { SparkleIcon } from './icons.tsx';

interface ComingSoonProps {
  title: string;
  /** Anchor for `?go=` scrolling on the dashboard (§2). */
  id?: string;
  headingOrder?: TitleOrder;
  message?: string;
}

/** An honest placeholder for a screen or card that a later issue builds. */
export function ComingSoon({
  title,
  id,
  headingOrder = 1,
  message = 'This screen is coming soon.',
}: ComingSoonProps) {
  const headingId = useId();
  return (
    <Paper
      id={id}
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p={{ base: 'lg', xs: 'xl' }}
      bg="dark.8"
      style={{ borderColor: 'var(--mantine-color-dark-5)' }}
    >
      <Stack gap="sm" align="flex-start">
        <Text c="gold.4" aria-hidden="true" style={{ display: 'flex' }}>
          <SparkleIcon size={20} />
        </Text>
        <Title id={headingId} order={headingOrder} fz={headingOrder === 1 ? 30 : 22} lts="0.04em">
          {title}
        </Title>
        <Text c="dimmed">{message}</Text>
      </Stack>
    </Paper>
  );
}
