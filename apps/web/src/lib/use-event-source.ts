import { useEffect, useRef, useState } from 'react';

const RETRY_MIN_MS = 5_000;
const RETRY_MAX_MS = 60_000;

export interface EventSourceHandlers {
  /** Each opening; `isAfterGap` when events may have been missed since the stream last stood. */
  onOpen?: (isAfterGap: boolean) => void;
  /** Per event name, its data read as JSON (undefined when it is not JSON). */
  events: Readonly<Record<string, (data: unknown) => void>>;
}

function parseData(event: Event): unknown {
  try {
    return JSON.parse((event as MessageEvent<string>).data);
  } catch {
    return undefined;
  }
}

/**
 * One EventSource on `url` while it is not null, opened again whenever it changes (a refreshed
 * token). The browser reconnects by itself after a network failure; a refused connection (an
 * expired token) is tried again here, after 5 s doubling to a minute. The notifications' stream and
 * the office's use it (docs/decisions/0009, 0038).
 */
export function useEventSource(url: string | null, handlers: EventSourceHandlers): void {
  // Bumped to open the stream again after the server refused it.
  const [retries, setRetries] = useState(0);
  const failures = useRef(0);
  // The latest handlers, without opening the stream again when they change.
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  }, [handlers]);

  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return;
    const source = new EventSource(url);
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    // A stream opened after a refused one, or one the browser reconnected, followed a gap.
    let isAfterGap = failures.current > 0;

    source.addEventListener('open', () => {
      failures.current = 0;
      handlersRef.current.onOpen?.(isAfterGap);
      isAfterGap = true;
    });
    for (const name of Object.keys(handlersRef.current.events)) {
      source.addEventListener(name, (event) =>
        handlersRef.current.events[name]?.(parseData(event)),
      );
    }
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
  }, [url, retries]);
}
