import {
  OFFICE_CHANGE_EVENT,
  OfficeChangeEventSchema,
  STREAM_TOKEN_PARAM,
  endpointUrl,
  officeApi,
  type OfficeChangeEvent,
} from '@atelier/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSession } from '../../lib/use-session.ts';
import { officeKeys } from './office-queries.ts';

const RETRY_MIN_MS = 5_000;
const RETRY_MAX_MS = 60_000;

export function officeStreamUrl(token: string): string {
  return endpointUrl(officeApi.streamOffice, undefined, { [STREAM_TOKEN_PARAM]: token });
}

/**
 * What a change makes stale: every queue and its counts (an item may have entered, left or moved
 * within any of them), and the changed item's workspace; a change naming no item (many at once),
 * every item.
 */
export function invalidateOfficeChange(queryClient: QueryClient, change: OfficeChangeEvent) {
  void queryClient.invalidateQueries({ queryKey: officeKeys.queues() });
  void queryClient.invalidateQueries({
    queryKey: change.quoteId === null ? officeKeys.items() : officeKeys.item(change.quoteId),
  });
}

function parseChange(event: Event): OfficeChangeEvent | null {
  try {
    const parsed = OfficeChangeEventSchema.safeParse(
      JSON.parse((event as MessageEvent<string>).data),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the office's queues and open item live (issue 30 item 12): one EventSource on the staff
 * stream while the page is open, opened again with the fresh token whenever it is refreshed. Each
 * change refetches what it concerns; a stream back after a gap refetches everything of the office,
 * as changes sent meanwhile were missed. A refused stream is tried again with backoff.
 */
export function useOfficeStream(): void {
  const { status, session } = useSession();
  const token = status === 'active' ? (session?.token ?? null) : null;
  const queryClient = useQueryClient();
  // Bumped to open the stream again after the server refused it.
  const [retries, setRetries] = useState(0);
  const failures = useRef(0);

  useEffect(() => {
    if (!token || typeof EventSource === 'undefined') return;
    const source = new EventSource(officeStreamUrl(token));
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let isAfterGap = failures.current > 0;

    source.addEventListener('open', () => {
      failures.current = 0;
      if (isAfterGap) void queryClient.invalidateQueries({ queryKey: officeKeys.all });
      isAfterGap = true;
    });
    source.addEventListener(OFFICE_CHANGE_EVENT, (event) => {
      const change = parseChange(event);
      if (change) invalidateOfficeChange(queryClient, change);
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
