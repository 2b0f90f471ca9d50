import { useEffect, useRef } from 'react';
import { queueShortcutOf, stepSelection, type QueueShortcut } from './queue-shortcuts.ts';

export interface QueueKeyboardHandlers {
  /** The ids of the rows shown, in their order. */
  rowIds: readonly number[];
  selectedId: number | null;
  /** Select a row and move focus to it ("next", "previous"). */
  onSelect: (quoteId: number) => void;
  onOpen: (quoteId: number) => void;
  onAssign: (quoteId: number) => void;
  onSearch: () => void;
  onHelp: () => void;
}

/** Runs a shortcut; false when it had nothing to act on (the key then does what it did). */
export function runQueueShortcut(shortcut: QueueShortcut, handlers: QueueKeyboardHandlers) {
  const { rowIds, selectedId } = handlers;
  const selected = selectedId !== null && rowIds.includes(selectedId) ? selectedId : null;
  switch (shortcut) {
    case 'next':
    case 'previous': {
      const next = stepSelection(rowIds, selected, shortcut === 'next' ? 1 : -1);
      if (next === null) return false;
      handlers.onSelect(next);
      return true;
    }
    case 'open':
      if (selected === null) return false;
      handlers.onOpen(selected);
      return true;
    case 'assign':
      if (selected === null) return false;
      handlers.onAssign(selected);
      return true;
    case 'search':
      handlers.onSearch();
      return true;
    case 'help':
      handlers.onHelp();
      return true;
  }
}

/** The queue's keyboard shortcuts, on the whole page while it is shown (queue-shortcuts.ts). */
export function useQueueKeyboard(handlers: QueueKeyboardHandlers): void {
  // The latest handlers, without listening again at every render.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented) return;
      const shortcut = queueShortcutOf(event);
      if (shortcut && runQueueShortcut(shortcut, latest.current)) event.preventDefault();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
