import { STATUS_FILTER_ALL, statusDisplayText, type QuoteView } from '@atelier/contract';
import { Button, Group, NativeSelect } from '@mantine/core';
import classes from './client-quotes.module.css';

export interface StatusFilterOption {
  /** A status as the server sends it, or STATUS_FILTER_ALL. */
  value: string;
  label: string;
  count: number;
}

/** "All", then each status present in the list's order (already by priority), with its count. */
export function statusFilterOptions(quotes: readonly QuoteView[]): StatusFilterOption[] {
  const counts = new Map<string, number>();
  for (const { status } of quotes) {
    if (status !== null) counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  return [
    { value: STATUS_FILTER_ALL, label: 'All', count: quotes.length },
    ...Array.from(counts, ([status, count]) => ({
      value: status,
      label: statusDisplayText(status),
      count,
    })),
  ];
}

export function quotesMatchingFilter(
  quotes: readonly QuoteView[],
  statusFilter: string,
): readonly QuoteView[] {
  if (statusFilter === STATUS_FILTER_ALL) return quotes;
  return quotes.filter((quote) => quote.status === statusFilter);
}

interface StatusFilterProps {
  options: readonly StatusFilterOption[];
  value: string;
  onChange: (value: string) => void;
  /** §2: buttons on wide screens, a dropdown at and below the mobile breakpoint. */
  isMobile: boolean;
}

export function StatusFilter({ options, value, onChange, isMobile }: StatusFilterProps) {
  if (isMobile) {
    return (
      <NativeSelect
        label="Status"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        data={options.map((option) => ({
          value: option.value,
          label: `${option.label} (${option.count})`,
        }))}
        className={classes.filterSelect}
      />
    );
  }
  return (
    <Group role="group" aria-label="Status" gap={6} wrap="wrap">
      {options.map((option) => {
        const isActive = option.value === value;
        return (
          <Button
            key={option.value}
            size="compact-sm"
            radius="xl"
            variant={isActive ? 'filled' : 'default'}
            aria-pressed={isActive}
            aria-label={`${option.label} (${option.count})`}
            onClick={() => onChange(option.value)}
            rightSection={<span className={classes.filterCount}>{option.count}</span>}
            className={classes.filterButton}
          >
            {option.label}
          </Button>
        );
      })}
    </Group>
  );
}
