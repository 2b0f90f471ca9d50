import { officeApi } from '@atelier/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { freshWhileFileLinksWork } from '../../lib/file-link-freshness.ts';
import type { QueueView } from './queue-view.ts';

export const officeKeys = {
  all: ['office'] as const,
  me: () => [...officeKeys.all, 'me'] as const,
  queues: () => [...officeKeys.all, 'queue'] as const,
  queue: (view: QueueView) => [...officeKeys.queues(), view] as const,
};

export function officeMeQueryOptions() {
  return queryOptions({
    queryKey: officeKeys.me(),
    queryFn: ({ signal }) => api(officeApi.getOfficeMe, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The signed-in staff member: name, role, rights, and what the queues filter by. */
export function useOfficeMe() {
  return useQuery(officeMeQueryOptions());
}

export function queueQueryOptions(view: QueueView) {
  const query = {
    page: view.page,
    ...(view.mine && { mine: 'true' as const }),
    ...(view.stylistId !== null && { stylistId: view.stylistId }),
    ...(view.designerId !== null && { designerId: view.designerId }),
    ...(view.q && { q: view.q }),
  };
  return queryOptions({
    queryKey: officeKeys.queue(view),
    queryFn: ({ signal }) =>
      api(officeApi.listQueue, { params: { stage: view.stage }, query, signal }),
    // The rows carry signed photo links; the queue is refetched long before they lapse.
    staleTime: freshWhileFileLinksWork(30_000),
    // The tabs keep their counts while the next page or queue loads.
    placeholderData: (previous) => previous,
  });
}

/** One page of one queue, with every queue's count. */
export function useQueue(view: QueueView) {
  return useQuery(queueQueryOptions(view));
}

/** "Assign to me": on success or refusal (409, someone holds it) the queues are read anew. */
export function useClaimItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (quoteId: number) => api(officeApi.claimItem, { params: { quoteId }, body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: officeKeys.queues() }),
  });
}
