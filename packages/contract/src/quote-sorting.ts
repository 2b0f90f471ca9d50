import { statusPriority } from './quote-status.ts';

export interface SortableQuote {
  readonly status?: string | null;
  readonly createdAt?: string | Date | null;
}

/** §4: status priority ascending, then newest first; quotes without a readable date come last within their priority. */
export function compareQuotes(a: SortableQuote, b: SortableQuote): number {
  return (
    compareAscending(statusPriority(a.status), statusPriority(b.status)) ||
    compareAscending(createdTime(b.createdAt), createdTime(a.createdAt))
  );
}

export function sortQuotes<T extends SortableQuote>(quotes: readonly T[]): T[] {
  return quotes.toSorted(compareQuotes);
}

// Subtraction would give NaN for two infinite priorities.
function compareAscending(a: number, b: number): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

function createdTime(createdAt: string | Date | null | undefined): number {
  if (createdAt == null) return Number.NEGATIVE_INFINITY;
  const time = new Date(createdAt).getTime();
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}
