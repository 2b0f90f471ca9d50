/** What a key does on the queue (issue 30 item 12). */
export type QueueShortcut = 'next' | 'previous' | 'open' | 'assign' | 'search' | 'help';

/** The shortcuts as the "Keyboard shortcuts" dialog lists them, in its order. */
export const QUEUE_SHORTCUTS: readonly { keys: readonly string[]; does: string }[] = [
  { keys: ['j', '↓'], does: 'Select the next item' },
  { keys: ['k', '↑'], does: 'Select the previous item' },
  { keys: ['Enter', 'o'], does: "Open the selected item's workspace" },
  { keys: ['a'], does: 'Assign the selected item to me' },
  { keys: ['/'], does: 'Search the queue' },
  { keys: ['?'], does: 'Show these shortcuts' },
];

const BY_KEY: Readonly<Record<string, QueueShortcut>> = {
  j: 'next',
  ArrowDown: 'next',
  k: 'previous',
  ArrowUp: 'previous',
  o: 'open',
  Enter: 'open',
  a: 'assign',
  '/': 'search',
  '?': 'help',
};

/** Inputs that take no text: a key pressed on them is not typing. */
const NOT_TYPED = new Set(['checkbox', 'radio', 'button', 'submit', 'reset']);

function isTyping(target: Element): boolean {
  if (target instanceof HTMLInputElement) return !NOT_TYPED.has(target.type);
  return (
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
}

/** Where focus rests when no control has it, or on a row: the arrows and Enter are the queue's. */
function isOnPageOrRow(target: Element): boolean {
  return (
    target === document.body ||
    target === document.documentElement ||
    target.closest('[data-queue-row]') !== null
  );
}

type KeyEventLike = Pick<
  KeyboardEvent,
  'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'isComposing' | 'target'
>;

/**
 * The queue's shortcut for a key press, or null when the key is not one or belongs to something
 * else: typing (an input, a textarea, a select), a modifier held (Shift only where it makes the key,
 * "?" and "/"), an open dialog, and the keys the focused control has its own use for (Enter on a
 * link or button, the arrows in tabs, selects and anywhere but on the page or a row).
 */
export function queueShortcutOf(event: KeyEventLike): QueueShortcut | null {
  if (event.altKey || event.ctrlKey || event.metaKey || event.isComposing) return null;
  const shortcut = BY_KEY[event.key];
  if (!shortcut) return null;
  if (event.shiftKey && event.key !== '?' && event.key !== '/') return null;
  const target = event.target instanceof Element ? event.target : null;
  if (target) {
    if (isTyping(target) || target.closest('[role="dialog"]')) return null;
    const isOwnKey = event.key === 'Enter' || event.key === 'ArrowDown' || event.key === 'ArrowUp';
    if (isOwnKey && !isOnPageOrRow(target)) return null;
    // On a row, Enter is the focused link's or button's own: it opens or presses that.
    if (event.key === 'Enter' && target.closest('a, button')) return null;
  }
  return shortcut;
}

/** The row to select after "next" or "previous": the first or last when none is, else its neighbour. */
export function stepSelection(
  ids: readonly number[],
  selectedId: number | null,
  step: 1 | -1,
): number | null {
  const index = selectedId === null ? -1 : ids.indexOf(selectedId);
  const next =
    index === -1
      ? step === 1
        ? 0
        : ids.length - 1
      : Math.min(Math.max(index + step, 0), ids.length - 1);
  return ids[next] ?? null;
}
