import { marketingBoxApi } from '@atelier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { freshWhileFileLinksWork } from '../../lib/file-link-freshness.ts';

export const marketingBoxQueryKey = ['marketing-box'] as const;

/** GET /api/stylist/marketing-box: the box, or null while the back office has it turned off. */
export function marketingBoxQueryOptions() {
  return queryOptions({
    queryKey: marketingBoxQueryKey,
    queryFn: ({ signal }) => api(marketingBoxApi.getMarketingBox, { signal }),
    staleTime: freshWhileFileLinksWork(10 * 60_000),
  });
}

export function useMarketingBox() {
  return useQuery(marketingBoxQueryOptions());
}
