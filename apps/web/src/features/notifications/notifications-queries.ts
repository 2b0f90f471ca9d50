import {
  NOTIFICATIONS_PAGE_SIZE,
  type MarkNotificationsReadBody,
  type NotificationEvent,
  type NotificationListDocument,
  notificationsApi,
} from '@atelier/contract';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { useSession } from '../../lib/use-session.ts';

export const notificationsQueryKey = ['notifications'] as const;

export function fetchNotifications(signal?: AbortSignal): Promise<NotificationListDocument> {
  return api(notificationsApi.listNotifications, signal ? { signal } : {});
}

export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: notificationsQueryKey,
    queryFn: ({ signal }) => fetchNotifications(signal),
    // The stream keeps the list current; it is read afresh whenever the stream (re)connects.
    staleTime: Infinity,
    enabled: () => sessionStore.getToken() !== null,
  });
}

/** The stylist's newest notifications and the unread count (the bell and the Alerts modal). */
export function useNotifications() {
  // Re-renders on session changes, so `enabled` is evaluated again.
  useSession();
  return useQuery(notificationsQueryOptions());
}

export function markNotificationsRead(
  body: MarkNotificationsReadBody,
): Promise<NotificationListDocument> {
  return api(notificationsApi.markNotificationsRead, { body });
}

/** POST /api/stylist/notifications/read; its answer is the fresh list, so it replaces the cache. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: (document) => queryClient.setQueryData(notificationsQueryKey, document),
  });
}

/** A notification from the stream joins the top of the list, and its count replaces the badge's. */
export function addStreamedNotification(queryClient: QueryClient, event: NotificationEvent): void {
  const current = queryClient.getQueryData<NotificationListDocument>(notificationsQueryKey);
  if (!current) {
    void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    return;
  }
  const others = current.data.filter((item) => item.id !== event.notification.id);
  queryClient.setQueryData<NotificationListDocument>(notificationsQueryKey, {
    data: [event.notification, ...others].slice(0, NOTIFICATIONS_PAGE_SIZE),
    meta: { unread: event.unread },
  });
}

/** Some were read elsewhere (another tab, a phone): the count is known, which ones is not. */
export function applyStreamedReadCount(queryClient: QueryClient, unread: number): void {
  const current = queryClient.getQueryData<NotificationListDocument>(notificationsQueryKey);
  // This tab's own "mark read" answered the same count already, with the list.
  if (current?.meta.unread === unread) return;
  if (current) {
    queryClient.setQueryData<NotificationListDocument>(notificationsQueryKey, {
      ...current,
      meta: { unread },
    });
  }
  void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
}
