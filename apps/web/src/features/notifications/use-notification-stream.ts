import {
  NotificationEventSchema,
  NotificationStreamEvent,
  NotificationsReadEventSchema,
  STREAM_TOKEN_PARAM,
  endpointUrl,
  notificationsApi,
  type Notification,
} from '@atelier/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useEventSource } from '../../lib/use-event-source.ts';
import { useSession } from '../../lib/use-session.ts';
import {
  addStreamedNotification,
  applyStreamedReadCount,
  notificationsQueryKey,
} from './notifications-queries.ts';

export function streamUrl(token: string): string {
  return endpointUrl(notificationsApi.streamNotifications, undefined, {
    [STREAM_TOKEN_PARAM]: token,
  });
}

/** What else follows the stream; `app/` composes it (which data each event concerns). */
export interface StreamListeners {
  /** A new notification arrived (after it joined the cached list). */
  onNotification: (notification: Notification) => void;
  /** The stream is back after it was lost: events sent meanwhile were missed. */
  onReconnected: () => void;
}

/**
 * Keeps the notifications in the query cache live while a stylist is signed in: one
 * EventSource on the stream, opened again with the fresh token whenever the token is refreshed
 * (lib/use-event-source.ts).
 */
export function useNotificationStream(listeners?: StreamListeners): void {
  const { status, session } = useSession();
  const token = status === 'active' ? (session?.token ?? null) : null;
  const queryClient = useQueryClient();
  // The latest listeners, without opening the stream again when they change.
  const listenersRef = useRef(listeners);
  useEffect(() => {
    listenersRef.current = listeners;
  }, [listeners]);

  const handlers = useMemo(
    () => ({
      // Whatever came while no stream was open is read with the whole list.
      onOpen: (isAfterGap: boolean) => {
        void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
        if (isAfterGap) listenersRef.current?.onReconnected();
      },
      events: {
        [NotificationStreamEvent.created]: (data: unknown) => {
          const parsed = NotificationEventSchema.safeParse(data);
          if (!parsed.success) return;
          addStreamedNotification(queryClient, parsed.data);
          listenersRef.current?.onNotification(parsed.data.notification);
        },
        [NotificationStreamEvent.read]: (data: unknown) => {
          const parsed = NotificationsReadEventSchema.safeParse(data);
          if (parsed.success) applyStreamedReadCount(queryClient, parsed.data.unread);
        },
      },
    }),
    [queryClient],
  );
  useEventSource(token ? streamUrl(token) : null, handlers);
}
