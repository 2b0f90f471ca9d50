import { tutorialsApi } from '@atelier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { freshWhileFileLinksWork } from '../../lib/file-link-freshness.ts';

export const tutorialsQueryKey = ['tutorials'] as const;

/** GET /api/stylist/tutorials: the help carousel and the dashboard card share one cache entry. */
export function tutorialsQueryOptions() {
  return queryOptions({
    queryKey: tutorialsQueryKey,
    queryFn: ({ signal }) => api(tutorialsApi.listTutorials, { signal }),
    // The back office changes them rarely.
    staleTime: freshWhileFileLinksWork(30 * 60_000),
  });
}

export function useTutorials() {
  return useQuery(tutorialsQueryOptions());
}
