import type { FastifyReply, FastifyRequest } from 'fastify';

// setTimeout overflows above 2^31-1 ms and would fire at once.
const MAX_TIMER_DELAY = 2_147_483_647;

/** Every stream's pace: browsers reconnect after 5 s; a comment each 25 s keeps proxies open. */
export const STREAM_TIMING = { retryMs: 5_000, heartbeatMs: 25_000 } as const;

export interface EventStreamOptions {
  /** How long the browser waits before it reconnects (the `retry:` field). */
  retryMs: number;
  /** A comment this often keeps proxies and load balancers from closing a quiet stream. */
  heartbeatMs: number;
  /** The stream ends then (ms since the epoch): a stream must not outlive its token. */
  endsAt: number | null;
}

export interface EventStream {
  send(event: string, data: unknown): void;
  end(): void;
  onClose(listener: () => void): void;
}

/**
 * Answers the request with a server-sent event stream (text/event-stream). Fastify leaves the
 * response to us from here on, so the headers its hooks set so far are copied over.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  options: EventStreamOptions,
): EventStream {
  reply.hijack();
  const response = reply.raw;
  const hookHeaders = Object.entries(reply.getHeaders()).filter(([, value]) => value != null);
  response.writeHead(200, {
    ...Object.fromEntries(hookHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'private, no-store',
    connection: 'keep-alive',
    // nginx would otherwise buffer the stream.
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  response.write(`retry: ${options.retryMs}\n\n`);

  const closeListeners: (() => void)[] = [];
  const heartbeat = setInterval(() => response.write(': heartbeat\n\n'), options.heartbeatMs);
  const expiry =
    options.endsAt === null
      ? undefined
      : setTimeout(
          () => response.end(),
          Math.min(Math.max(options.endsAt - Date.now(), 0), MAX_TIMER_DELAY),
        );
  response.on('close', () => {
    clearInterval(heartbeat);
    clearTimeout(expiry);
    for (const listener of closeListeners) listener();
  });

  return {
    send(event, data) {
      if (response.writableEnded) return;
      response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      if (!response.writableEnded) response.end();
    },
    onClose(listener) {
      closeListeners.push(listener);
    },
  };
}
