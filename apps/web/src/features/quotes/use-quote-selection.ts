import {
  canToggleSelection,
  deselectOutsideFilter,
  selectionKey,
  toggleSelection,
  type QuoteView,
} from '@atelier/contract';
import { useCallback, useMemo, useState } from 'react';

type QuoteId = QuoteView['id'];

/**
 * The selected quotes, in the order they were selected, read from the current list: a reload
 * drops quotes that are gone and any whose new status left the first one's group.
 */
function resolveSelection(ids: readonly QuoteId[], byId: ReadonlyMap<QuoteId, QuoteView>) {
  const quotes = ids.flatMap((id) => byId.get(id) ?? []);
  const first = quotes[0];
  if (!first) return quotes;
  const key = selectionKey(first.status);
  return quotes.filter((quote) => selectionKey(quote.status) === key);
}

/**
 * §4 selection over the selectable quotes of the page, through the contract's rules. Once
 * `isFinishedAdding` (the pickup mode) is on, the selection is frozen until it goes off again.
 */
export function useQuoteSelection(
  selectable: readonly QuoteView[],
  { isFinishedAdding = false }: { isFinishedAdding?: boolean } = {},
) {
  const [selectedIds, setSelectedIds] = useState<readonly QuoteId[]>([]);
  const byId = useMemo(
    () => new Map(selectable.map((quote) => [quote.id, quote] as const)),
    [selectable],
  );
  const selected = useMemo(() => resolveSelection(selectedIds, byId), [selectedIds, byId]);

  const update = useCallback(
    (change: (current: readonly QuoteView[]) => readonly QuoteView[]) =>
      setSelectedIds((ids) => change(resolveSelection(ids, byId)).map((quote) => quote.id)),
    [byId],
  );

  const canToggle = useCallback(
    (quote: QuoteView) =>
      byId.has(quote.id) && canToggleSelection(quote, { selected, isFinishedAdding }),
    [byId, selected, isFinishedAdding],
  );

  const toggle = useCallback(
    (quote: QuoteView) => {
      if (!byId.has(quote.id)) return;
      update((current) => toggleSelection(quote, { selected: current, isFinishedAdding }));
    },
    [byId, update, isFinishedAdding],
  );

  /** Adds every quote of `quotes` the rules allow, in their order. */
  const selectAll = useCallback(
    (quotes: readonly QuoteView[]) =>
      update((current) =>
        quotes.reduce(
          (next, quote) =>
            !byId.has(quote.id) || next.some((item) => item.id === quote.id)
              ? next
              : toggleSelection(quote, { selected: next, isFinishedAdding }),
          current,
        ),
      ),
    [byId, update, isFinishedAdding],
  );

  const keepMatchingFilter = useCallback(
    (statusFilter: string) => update((current) => deselectOutsideFilter(current, statusFilter)),
    [update],
  );

  const clear = useCallback(() => setSelectedIds([]), []);

  const isSelected = useCallback(
    (quote: QuoteView) => selected.some((item) => item.id === quote.id),
    [selected],
  );

  return { selected, isSelected, canToggle, toggle, selectAll, keepMatchingFilter, clear };
}
