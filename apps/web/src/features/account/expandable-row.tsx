import { Collapse, Text, UnstyledButton } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { IconChevronDown } from '@tabler/icons-react';
import classes from './account-rows.module.css';

/**
 * A "Stylist Account" row that opens in place (payout, help): the label, an optional line under
 * it, and a chevron; what it holds is mounted only while it is open.
 */
export function ExpandableRow({
  label,
  summary,
  children,
}: {
  label: string;
  summary?: string;
  children: ReactNode;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  return (
    <div className={classes.section}>
      <UnstyledButton
        className={classes.row}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
      >
        <span>
          <Text span display="block" fw={500}>
            {label}
          </Text>
          {summary !== undefined && (
            <Text span display="block" size="sm" c="dimmed">
              {summary}
            </Text>
          )}
        </span>
        <IconChevronDown
          size={18}
          className={classes.chevron}
          data-open={isOpen || undefined}
          stroke={1.6}
          aria-hidden
        />
      </UnstyledButton>
      <Collapse expanded={isOpen} keepMounted={false} id={panelId}>
        {children}
      </Collapse>
    </div>
  );
}
