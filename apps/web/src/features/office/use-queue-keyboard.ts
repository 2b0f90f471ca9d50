import { OFFICE_STAGE_RIGHTS, type OfficeQueueRow } from '@atelier/contract';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { rowLink } from './queue-list.tsx';
import { queueShortcutOf, stepSelection, type QueueShortcut } from './queue-shortcuts.ts';
import { officeItemPath, type QueueView } from './queue-view.ts';

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

/**
 * The queue page's keyboard: the selected row (kept only while the same page of the same view
 * shows), the search box "/" focuses, the shortcuts dialog "?" opens, and the keys themselves.
 */
export function useQueueShortcuts(options: {
  view: QueueView;
  /** The view and page, as a string: a selection belongs to one. */
  viewKey: string;
  rows: readonly OfficeQueueRow[] | undefined;
  canTake: boolean;
  onAssign: (quoteId: number) => void;
}) {
  const { view, viewKey, rows, canTake } = options;
  const navigate = useNavigate();
  const location = useLocation();
  const searchRef = useRef<HTMLInputElement>(null);
  const [isShortcutsOpen, setShortcutsOpen] = useState(false);
  // The dialog's code loads the first time it opens, and stays for the next.
  const [wereShortcutsOpened, setShortcutsOpened] = useState(false);
  // What had focus when "?" or the button opened the dialog: it gets it back when the dialog closes.
  const shortcutsOpener = useRef<HTMLElement | null>(null);
  function openShortcuts() {
    if (!isShortcutsOpen && document.activeElement instanceof HTMLElement) {
      shortcutsOpener.current = document.activeElement;
    }
    setShortcutsOpen(true);
    setShortcutsOpened(true);
  }
  useEffect(() => {
    if (isShortcutsOpen) return;
    const opener = shortcutsOpener.current;
    shortcutsOpener.current = null;
    opener?.focus({ preventScroll: true });
  }, [isShortcutsOpen]);
  const [selection, setSelection] = useState<{ viewKey: string; id: number | null }>({
    viewKey,
    id: null,
  });
  const selectedId = selection.viewKey === viewKey ? selection.id : null;
  const select = (id: number) => setSelection({ viewKey, id });
  function focusRow(quoteId: number) {
    select(quoteId);
    rowLink(document, quoteId)?.focus();
  }

  useQueueKeyboard({
    rowIds: rows?.map((row) => row.quoteId) ?? [],
    selectedId,
    onSelect: focusRow,
    onOpen: (quoteId) =>
      void navigate(officeItemPath(quoteId), {
        state: { from: `${location.pathname}${location.search}` },
      }),
    onAssign: (quoteId) => {
      const row = rows?.find((candidate) => candidate.quoteId === quoteId);
      // A second opinion is given from the workspace.
      if (!row || view.stage === 'second_opinion') return;
      if (row.holder || !canTake) {
        notifications.show({
          title: 'Not assigned',
          message: row.holder
            ? `#${quoteId} is held by ${row.holder.name}.`
            : `Items of this queue are taken by staff with the right to ${OFFICE_STAGE_RIGHTS[view.stage]}.`,
        });
        return;
      }
      options.onAssign(quoteId);
    },
    onSearch: () => searchRef.current?.focus(),
    onHelp: openShortcuts,
  });

  return {
    selectedId,
    select,
    focusRow,
    searchRef,
    isShortcutsOpen,
    wereShortcutsOpened,
    openShortcuts,
    closeShortcuts: () => setShortcutsOpen(false),
  };
}
