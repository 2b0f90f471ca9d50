import { Group, Text } from '@mantine/core';
import { SERIF_FONT_FAMILY } from '../app/theme.ts';

/** The Atelier mark: a clothes hanger drawn as an "A". */
export function AtelierMark({ size = 30 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M13.6 7.4a2.4 2.4 0 1 1 2.4 2.4v2.4" />
      <path d="M16 12.2 4.5 23.5h23z" />
      <path d="M10.6 18.6h10.8" strokeWidth={1.2} />
    </svg>
  );
}

/** Mark and "ATELIER" wordmark; the visible text names the link it sits in. */
export function AtelierLogo() {
  return (
    <Group gap={10} wrap="nowrap" c="gold.4">
      <AtelierMark />
      <Text
        component="span"
        ff={SERIF_FONT_FAMILY}
        fz={22}
        fw={500}
        lts="0.32em"
        c="dark.0"
        style={{ lineHeight: 1 }}
      >
        ATELIER
      </Text>
    </Group>
  );
}
