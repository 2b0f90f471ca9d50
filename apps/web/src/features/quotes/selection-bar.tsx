import { Button, Group, Text } from '@mantine/core';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { IconPlus } from '@tabler/icons-react';
import classes from './client-quotes.module.css';

interface SelectionProps {
  count: number;
  /** The status action button's text; null hides the button (§4). */
  actionText: string | null;
  onAction: () => void;
  onDeselectAll: () => void;
}

/**
 * Wide screens: "SELECTED QUOTES: n", Deselect All and the status action button. It follows the
 * grid in the page (so in tab order) and stays at the bottom of the window while the cards scroll.
 */
export function SelectionBar({ count, actionText, onAction, onDeselectAll }: SelectionProps) {
  return (
    <section
      aria-label="Selection"
      className={classes.selectionBar}
      data-active={count > 0 || undefined}
    >
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <div>
          <Text size="sm" fw={600} lts="0.14em" c={count > 0 ? 'gold.3' : 'dark.1'}>
            SELECTED QUOTES: {count}
          </Text>
          {count === 0 && (
            <Text size="xs" c="dimmed">
              Select quotes at the same stage to act on them together.
            </Text>
          )}
        </div>
        <Group gap="xs" wrap="nowrap">
          <Button
            variant="subtle"
            color="gray"
            size="sm"
            onClick={onDeselectAll}
            disabled={count === 0}
          >
            Deselect All
          </Button>
          {actionText && (
            <Button size="sm" onClick={onAction}>
              {actionText}
            </Button>
          )}
        </Group>
      </Group>
    </section>
  );
}

interface MobileActionBarProps extends SelectionProps {
  isLoadingList: boolean;
  onAddItem: () => void;
}

/** Phones: Add Item, the selected count, the status action button and Reset, above the app's bar. */
export function MobileActionBar({
  count,
  actionText,
  onAction,
  onDeselectAll,
  isLoadingList,
  onAddItem,
}: MobileActionBarProps) {
  const barRef = useRef<HTMLElement>(null);
  const height = useBorderBoxHeight(barRef);
  return (
    <>
      <div className={classes.mobileBarSpace} style={{ height }} aria-hidden="true" />
      <section ref={barRef} aria-label="Quote actions" className={classes.mobileBar}>
        {actionText && (
          <Button fullWidth size="md" onClick={onAction} mb={8}>
            {actionText}
          </Button>
        )}
        <div className={classes.mobileBarRow}>
          <Button
            variant="default"
            size="sm"
            leftSection={
              isLoadingList ? undefined : <IconPlus size={16} stroke={1.6} aria-hidden />
            }
            disabled={isLoadingList}
            onClick={onAddItem}
          >
            {isLoadingList ? 'Loading Items...' : 'Add Item'}
          </Button>
          <Text size="xs" fw={600} lts="0.14em" ta="center" c={count > 0 ? 'gold.3' : 'dark.2'}>
            {count} SELECTED
          </Text>
          <Button
            variant="subtle"
            color="gray"
            size="sm"
            onClick={onDeselectAll}
            disabled={count === 0}
          >
            Reset
          </Button>
        </div>
      </section>
    </>
  );
}

/** The element's full height (padding and border included), kept up to date as it changes. */
function useBorderBoxHeight(ref: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return height;
}
