import pg from 'pg';

export interface ListenHandlers {
  /** A NOTIFY on the channel, delivered once the transaction that sent it committed. */
  onPayload: (payload: string) => void;
  /** The connection is lost: payloads sent from now until `onResumed` are missed. */
  onLost?: () => void;
  /** Listening again after the connection was lost: payloads sent meanwhile were missed. */
  onResumed?: () => void;
  onError?: (error: unknown) => void;
}

/** Stops listening; the connection (if any) is closed. */
export type Unlisten = () => Promise<void>;

const RETRY_MIN_MS = 500;
/**
 * Notifications must flow again within 5 s of the database's return, so the wait between two
 * attempts stays short: one failed connection every 2 s per instance costs nothing.
 */
const RETRY_MAX_MS = 2_000;
/** A host that drops packets would otherwise hold the attempt, and the retries, for minutes. */
const CONNECT_TIMEOUT_MS = 5_000;
/** The connection is idle between NOTIFYs: keepalive probes start this soon, to find it dead. */
const KEEPALIVE_DELAY_MS = 10_000;
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * LISTENs on one dedicated connection (never a pooled one: a pool would hand it back and the
 * LISTEN with it), and reconnects with backoff when that connection is lost.
 */
export async function listenOnPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<Unlisten> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Bad channel name: ${channel}`);
  let current: pg.Client | null = null;
  let isClosed = false;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  async function connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    });
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) {
        handlers.onPayload(message.payload);
      }
    });
    client.on('error', (error) => onLost(client, error));
    client.on('end', () => onLost(client, null));
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (isClosed) {
      await client.end();
      return;
    }
    current = client;
  }

  function onLost(client: pg.Client, error: unknown) {
    if (current !== client) return;
    current = null;
    handlers.onLost?.();
    if (error) handlers.onError?.(error);
    void client.end().catch(() => {});
    if (!isClosed) scheduleReconnect();
  }

  function scheduleReconnect() {
    retryTimer = setTimeout(() => {
      connect().then(
        () => {
          retryMs = RETRY_MIN_MS;
          if (!isClosed) handlers.onResumed?.();
        },
        (error: unknown) => {
          handlers.onError?.(error);
          retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
          if (!isClosed) scheduleReconnect();
        },
      );
    }, retryMs);
  }

  await connect();
  return async () => {
    isClosed = true;
    clearTimeout(retryTimer);
    const client = current;
    current = null;
    await client?.end();
  };
}
