import {
  adminCommissionsApi,
  officeApi,
  type OfficeDecisionBody,
  type OfficeItemDocument,
  type SecondOpinionBody,
} from '@atelier/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { freshWhileFileLinksWork } from '../../lib/file-link-freshness.ts';
import type { QueueView } from './queue-view.ts';

export const officeKeys = {
  all: ['office'] as const,
  me: () => [...officeKeys.all, 'me'] as const,
  queues: () => [...officeKeys.all, 'queue'] as const,
  queue: (view: QueueView) => [...officeKeys.queues(), view] as const,
  items: () => [...officeKeys.all, 'item'] as const,
  item: (quoteId: number) => [...officeKeys.items(), quoteId] as const,
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

/** One item's workspace: the quote, its people, clock, notes and the decisions open to me. */
export function useOfficeItem(quoteId: number) {
  return useQuery({
    queryKey: officeKeys.item(quoteId),
    queryFn: ({ signal }) => api(officeApi.getItem, { params: { quoteId }, signal }),
    // The item carries signed photo links; it is read again long before they lapse.
    staleTime: freshWhileFileLinksWork(30_000),
    // A missing item is not retried: it stays missing.
    retry: (count, error) => count < 2 && !('status' in error && error.status === 404),
  });
}

/** A decision answers the fresh item: it takes the query's place, and the queues read anew. */
export function useDecideItem(quoteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OfficeDecisionBody) =>
      api(officeApi.decideItem, { params: { quoteId }, body }),
    onSuccess: (document: OfficeItemDocument) =>
      queryClient.setQueryData(officeKeys.item(quoteId), document),
    onSettled: () => queryClient.invalidateQueries({ queryKey: officeKeys.queues() }),
  });
}

/** Approve the decision waiting on an item, or send it back: as a decision, the fresh item answers. */
export function useResolveSecondOpinion(quoteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SecondOpinionBody) =>
      api(officeApi.resolveSecondOpinion, { params: { quoteId }, body }),
    onSuccess: (document: OfficeItemDocument) =>
      queryClient.setQueryData(officeKeys.item(quoteId), document),
    onSettled: () => queryClient.invalidateQueries({ queryKey: officeKeys.queues() }),
  });
}

/** "Mark paid" in Sold: the commissions are paid and their sales leave the queue. */
export function useMarkPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commissionIds: number[]) =>
      api(adminCommissionsApi.markCommissionsPaid, { body: { commissionIds } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: officeKeys.queues() }),
  });
}

/** An internal note: the item is read again to list it in its place. */
export function useAddItemNote(quoteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      api(officeApi.addItemNote, { params: { quoteId }, body: { text } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeKeys.item(quoteId) }),
  });
}

/** "Assign to me" and "Let go" on the workspace: the item and the queues are read anew. */
export function useItemClaim(quoteId: number) {
  const queryClient = useQueryClient();
  const onSettled = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: officeKeys.item(quoteId) }),
      queryClient.invalidateQueries({ queryKey: officeKeys.queues() }),
    ]);
  const claim = useMutation({
    mutationFn: () => api(officeApi.claimItem, { params: { quoteId }, body: {} }),
    onSettled,
  });
  const release = useMutation({
    mutationFn: () => api(officeApi.releaseItem, { params: { quoteId } }),
    onSettled,
  });
  return { claim, release };
}
