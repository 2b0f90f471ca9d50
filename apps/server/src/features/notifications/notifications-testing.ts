import type { AddressInfo } from 'node:net';
import { notificationsApi, STREAM_TOKEN_PARAM } from '@atelier/contract';
import { expect } from 'vitest';
import type { App } from '../../app.ts';

export interface StreamBlock {
  event: string | null;
  data: unknown;
  retry: number | null;
  comments: string[];
}

function parseBlock(raw: string): StreamBlock {
  const block: StreamBlock = { event: null, data: undefined, retry: null, comments: [] };
  const data: string[] = [];
  for (const line of raw.split('\n')) {
    if (line.startsWith(':')) block.comments.push(line.slice(1).trim());
    else if (line.startsWith('event: ')) block.event = line.slice('event: '.length);
    else if (line.startsWith('data: ')) data.push(line.slice('data: '.length));
    else if (line.startsWith('retry: ')) block.retry = Number(line.slice('retry: '.length));
  }
  if (data.length > 0) block.data = JSON.parse(data.join('\n'));
  return block;
}

/** The address a test app listens on, listening first if it does not yet. */
export async function baseUrlOf(app: App): Promise<string> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** Thrown by a read when the server has ended the stream. */
export class StreamEndedError extends Error {
  override name = 'StreamEndedError';
  constructor() {
    super('the stream ended');
  }
}

/**
 * Opens the notification stream (or the stream at `path`, as the office's) as a browser's
 * EventSource would, and reads it block by block.
 */
export async function openStream(app: App, token: string | null, path?: string) {
  return openStreamAt(await baseUrlOf(app), token, path);
}

/** The same, on a server at `baseUrl` (another process). */
export async function openStreamAt(
  baseUrl: string,
  token: string | null,
  path: string = notificationsApi.streamNotifications.path,
) {
  const controller = new AbortController();
  // A stream whose path holds its link token (the client's hub) takes no API token.
  const url =
    token === null
      ? `${baseUrl}${path}`
      : `${baseUrl}${path}?${STREAM_TOKEN_PARAM}=${encodeURIComponent(token)}`;
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (!response.body) throw new Error('the stream has no body');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';

  async function nextBlock(timeoutMs = 5_000): Promise<StreamBlock> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const raw = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return parseBlock(raw);
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('no event from the stream in time')),
          Math.max(deadline - Date.now(), 0),
        );
      });
      try {
        const { value, done } = await Promise.race([reader.read(), timeout]);
        if (done) throw new StreamEndedError();
        buffer += value;
      } finally {
        clearTimeout(timer);
      }
    }
  }

  return {
    response,
    nextBlock,
    /** The next named event, skipping the `retry:` field and heartbeat comments. */
    async nextEvent(timeoutMs = 5_000): Promise<StreamBlock> {
      for (;;) {
        const block = await nextBlock(timeoutMs);
        if (block.event) return block;
      }
    },
    /** Reads and drops whatever comes until the server ends the stream. */
    async untilEnded(timeoutMs = 5_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        try {
          await nextBlock(Math.max(deadline - Date.now(), 0));
        } catch (error) {
          if (error instanceof StreamEndedError) return;
          throw error;
        }
      }
    },
    close: () => controller.abort(),
  };
}

/**
 * Opens a stream as `openStream` does, checks that it answers as an event stream, and reads past
 * its `retry:` field, so that what comes next is what the test waits for.
 */
export async function openLiveStream(app: App, token: string, path?: string) {
  const stream = await openStream(app, token, path);
  try {
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect((await stream.nextBlock()).retry).toBe(5_000);
    return stream;
  } catch (error) {
    stream.close();
    throw error;
  }
}
