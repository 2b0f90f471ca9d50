import { MOBILE_BREAKPOINT_PX } from './http.ts';
import { selectionGroup } from './quote-status.ts';
import type { KnownQuoteStatus } from './quote-status.ts';

export const TAP_MOVE_TOLERANCE_PX = 10;
export const STATUS_FILTER_ALL = 'all';

/**
 * Statuses whose action button does something: the actions modal or the review-response modal.
 * §4 leaves the actionable list unshown; docs/decisions/0005 records this choice.
 */
export const ACTIONABLE_STATUSES: readonly KnownQuoteStatus[] = [
  'authenticated_with_offer',
  'offer_pending',
  'offer_accepted',
  'Accepted',
  'responded',
  'Responded',
  'offer_made',
  'Offer Made',
  'needs_more_info',
  'Needs More Info',
  'fake',
  'Fake',
];

export interface SelectableQuote {
  readonly id: string | number;
  readonly status?: string | null;
}

export interface SelectionContext<T extends SelectableQuote> {
  /** In selection order: the first item sets the group and the action button. */
  readonly selected: readonly T[];
  readonly isFinishedAdding: boolean;
}

/**
 * Items of one selection group may be selected together. A status with no group (§4 lists none for,
 * e.g., approved or Rejected) forms a group of its own, so only items of that exact status join it.
 */
export function selectionKey(status: string | null | undefined): string {
  return selectionGroup(status) ?? `status:${status ?? ''}`;
}

export function isSelected<T extends SelectableQuote>(quote: T, selected: readonly T[]): boolean {
  return selected.some((item) => item.id === quote.id);
}

/** Whether tapping the item does anything: unselecting always may, selecting only within the group. */
export function canToggleSelection<T extends SelectableQuote>(
  quote: T,
  { selected, isFinishedAdding }: SelectionContext<T>,
): boolean {
  if (isFinishedAdding) return false;
  if (isSelected(quote, selected)) return true;
  const first = selected[0];
  return first === undefined || selectionKey(first.status) === selectionKey(quote.status);
}

/** The selection after tapping the item; unchanged when the tap is not allowed. */
export function toggleSelection<T extends SelectableQuote>(
  quote: T,
  context: SelectionContext<T>,
): readonly T[] {
  const { selected } = context;
  if (!canToggleSelection(quote, context)) return selected;
  if (isSelected(quote, selected)) return selected.filter((item) => item.id !== quote.id);
  return [...selected, quote];
}

/** Changing the status filter keeps only the selected items that match the new filter. */
export function deselectOutsideFilter<T extends SelectableQuote>(
  selected: readonly T[],
  statusFilter: string,
): readonly T[] {
  if (statusFilter === STATUS_FILTER_ALL) return selected;
  return selected.filter((item) => item.status === statusFilter);
}

export function isActionButtonVisible(
  selected: readonly SelectableQuote[],
  actionableStatuses: readonly string[],
  isFinishedAdding: boolean,
): boolean {
  const first = selected[0];
  return (
    !isFinishedAdding &&
    first !== undefined &&
    first.status != null &&
    actionableStatuses.includes(first.status)
  );
}

/** §9: a vertical move over 10 px cancels a tap; exactly 10 px is still a tap. */
export function isTap(startY: number, endY: number): boolean {
  return Math.abs(endY - startY) <= TAP_MOVE_TOLERANCE_PX;
}

export type SelectionInput = 'click' | 'touch';

export function selectionInputFor(viewportWidthPx: number): SelectionInput {
  return viewportWidthPx > MOBILE_BREAKPOINT_PX ? 'click' : 'touch';
}
