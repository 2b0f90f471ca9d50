import {
  commissionsApi,
  type CommissionListDocument,
  type CommissionResource,
  type TimelinePoint,
} from '@atelier/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { browserTimeZone } from '../../lib/format.ts';

/** The date range picker's choice: calendar days as YYYY-MM-DD, either end possibly unset. */
export interface CommissionRange {
  start: string | null;
  end: string | null;
}

export const ALL_TIME: CommissionRange = { start: null, end: null };

export interface RangeQuery {
  startDate?: string;
  endDate?: string;
  timeZone: string;
}

/**
 * §5: a range applies only when a start date is set; an end alone is no range at all. The days
 * are the viewer's: the browser's zone goes along, and draws the chart's months too.
 */
export function toRangeQuery(range: CommissionRange): RangeQuery {
  const timeZone = browserTimeZone();
  if (!range.start) return { timeZone };
  return range.end
    ? { startDate: range.start, endDate: range.end, timeZone }
    : { startDate: range.start, timeZone };
}

export const commissionKeys = {
  all: ['commissions'] as const,
  list: (range: CommissionRange) => [...commissionKeys.all, 'list', toRangeQuery(range)] as const,
  everyPage: (range: CommissionRange) =>
    [...commissionKeys.all, 'every-page', toRangeQuery(range)] as const,
};

/** links.next is absolute on the account host (§7): the next page is asked with its query. */
function nextPageQuery(absoluteUrl: string): Record<string, string> {
  return Object.fromEntries(new URL(absoluteUrl, window.location.origin).searchParams);
}

function fetchCommissionPage(
  query: Record<string, string>,
  signal?: AbortSignal,
): Promise<CommissionListDocument> {
  return api(commissionsApi.listCommissions, { query, ...(signal ? { signal } : {}) });
}

/** The range's commissions page by page, following links.next; a new range starts over. */
export function useCommissionPages(range: CommissionRange) {
  return useInfiniteQuery({
    queryKey: commissionKeys.list(range),
    queryFn: ({ pageParam, signal }) => fetchCommissionPage(pageParam, signal),
    initialPageParam: { ...toRangeQuery(range) } as Record<string, string>,
    getNextPageParam: (lastPage) =>
      lastPage.links.next ? nextPageQuery(lastPage.links.next) : null,
  });
}

/** Every commission of the range, once each, in the server's order (pending first). */
/** §2: the chart shows only when some month earned something. */
export function hasTimelineData(points: readonly TimelinePoint[]): boolean {
  return points.some((point) => point.amount > 0);
}

export function uniqueCommissions(pages: readonly CommissionListDocument[]): CommissionResource[] {
  const seen = new Set<number>();
  const commissions: CommissionResource[] = [];
  for (const page of pages) {
    for (const commission of page.data) {
      if (seen.has(commission.id)) continue;
      seen.add(commission.id);
      commissions.push(commission);
    }
  }
  return commissions;
}

/** §9: "View Next {n}" shows min(remaining, per_page); 0 once every commission is loaded. */
export function nextPageSize(meta: CommissionListDocument['meta'], loadedCount: number): number {
  const remaining = Math.max(0, meta.pagination.total - loadedCount);
  return Math.min(remaining, meta.pagination.per_page);
}

// A runaway links.next chain must not loop forever; the contract caps pages at 100,000.
const MAX_PAGES = 100_000;

async function fetchEveryCommission(
  range: CommissionRange,
  signal?: AbortSignal,
): Promise<CommissionResource[]> {
  const pages: CommissionListDocument[] = [];
  let query: Record<string, string> | null = { ...toRangeQuery(range) };
  while (query && pages.length < MAX_PAGES) {
    const page = await fetchCommissionPage(query, signal);
    pages.push(page);
    query = page.links.next ? nextPageQuery(page.links.next) : null;
  }
  return uniqueCommissions(pages);
}

/** The CLIENTS tab sums the whole range, so it reads every page; only while `isEnabled`. */
export function useEveryCommission(range: CommissionRange, isEnabled: boolean) {
  return useQuery({
    queryKey: commissionKeys.everyPage(range),
    queryFn: ({ signal }) => fetchEveryCommission(range, signal),
    enabled: isEnabled,
  });
}

export interface ClientTotal {
  clientId: number;
  clientName: string;
  amount: number;
  count: number;
}

/** Commission amounts summed per client, largest first (ties by name). */
export function sumByClient(commissions: readonly CommissionResource[]): ClientTotal[] {
  const cents = new Map<number, ClientTotal>();
  for (const { attributes } of commissions) {
    const total = cents.get(attributes.clientId) ?? {
      clientId: attributes.clientId,
      clientName: attributes.clientName,
      amount: 0,
      count: 0,
    };
    // Summed in cents so that many small amounts do not drift.
    total.amount += Math.round(attributes.amount * 100);
    total.count += 1;
    cents.set(attributes.clientId, total);
  }
  return [...cents.values()]
    .map((total) => ({ ...total, amount: total.amount / 100 }))
    .sort((a, b) => b.amount - a.amount || a.clientName.localeCompare(b.clientName));
}
