import { dashboardApi } from '@atelier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** Other features invalidate this key when they change what the dashboard counts. */
export const dashboardQueryKey = ['dashboard'] as const;

export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: dashboardQueryKey,
    queryFn: ({ signal }) => api(dashboardApi.getDashboard, { signal }),
  });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
