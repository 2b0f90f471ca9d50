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
import { useEffect, useRef, useState } from 'react';
import { useSession } from '../../lib/use-session.ts';
import {
  addStreamedNotification,
  applyStreamedReadCount,
  notificationsQueryKey,
} from './notifications-queries.ts';

const RETRY_MIN_MS = 5_000;
const RETRY_MAX_MS = 60_000;

export function streamUrl(token: string): string {
  return endpointUrl(notificationsApi.streamNotifications, undefined, {
    [STREAM_TOKEN_PARAM]: token,
  });
}

function parseData(event: Event): unknown {
  try {
    return JSON.parse((event as MessageEvent<string>).data);
  } catch {
    return undefined;
  }
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
 * EventSource on the stream, opened again with the fresh token whenever the token is refreshed.
 * The browser reconnects by itself after a network failure; a refused connection (an expired
 * token) is tried again here, with backoff.
 */
export function useNotificationStream(listeners?: StreamListeners): void {
  const { status, session } = useSession();
  const token = status === 'active' ? (session?.token ?? null) : null;
  const queryClient = useQueryClient();
  // Bumped to open the stream again after the server refused it.
  const [retries, setRetries] = useState(0);
  const failures = useRef(0);
  // The latest listeners, without opening the stream again when they change.
  const listenersRef = useRef(listeners);
  useEffect(() => {
    listenersRef.current = listeners;
  }, [listeners]);

  useEffect(() => {
    if (!token || typeof EventSource === 'undefined') return;
    const source = new EventSource(streamUrl(token));
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    // A stream opened after a refused one, or one the browser reconnected, followed a gap.
    let isAfterGap = failures.current > 0;

    // Whatever came while no stream was open is read with the whole list.
    source.addEventListener('open', () => {
      failures.current = 0;
      void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
      if (isAfterGap) listenersRef.current?.onReconnected();
      isAfterGap = true;
    });
    source.addEventListener(NotificationStreamEvent.created, (event) => {
      const parsed = NotificationEventSchema.safeParse(parseData(event));
      if (!parsed.success) return;
      addStreamedNotification(queryClient, parsed.data);
      listenersRef.current?.onNotification(parsed.data.notification);
    });
    source.addEventListener(NotificationStreamEvent.read, (event) => {
      const parsed = NotificationsReadEventSchema.safeParse(parseData(event));
      if (parsed.success) applyStreamedReadCount(queryClient, parsed.data.unread);
    });
    source.addEventListener('error', () => {
      if (source.readyState !== EventSource.CLOSED) return;
      const delay = Math.min(RETRY_MIN_MS * 2 ** failures.current, RETRY_MAX_MS);
      failures.current += 1;
      retryTimer = setTimeout(() => setRetries((count) => count + 1), delay);
    });

    return () => {
      clearTimeout(retryTimer);
      source.close();
    };
  }, [token, queryClient, retries]);
}
