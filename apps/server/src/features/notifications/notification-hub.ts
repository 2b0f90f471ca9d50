import {
  HUB_CHANGE_EVENT,
  NotificationStreamEvent,
  OFFICE_CHANGE_EVENT,
  OfficeChangeEventSchema,
  type HubChangeEvent,
  type NotificationEvent,
  type NotificationsReadEvent,
  type OfficeChangeEvent,
} from '@atelier/contract';
import { and, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { quotes } from '../../db/schema.ts';
import { driverCause, isDatabaseUnavailable } from '../../db/errors.ts';
import type { ListenHandlers, Unlisten } from '../../db/listener.ts';
import type { SessionWatch } from '../../auth/sessions.ts';
import {
  NOTIFICATIONS_CHANNEL,
  OFFICE_EVENTS_CHANNEL,
  parseNotificationSignal,
} from './notification-signals.ts';
import { loadStreamUpdate } from './notifications.service.ts';

/** One open stream of one stylist. */
export interface StreamSink {
  send(event: typeof NotificationStreamEvent.created, data: NotificationEvent): void;
  send(event: typeof NotificationStreamEvent.read, data: NotificationsReadEvent): void;
  end(): void;
}

/** One open stream of one staff member: every change to the office's items. */
export interface OfficeStreamSink {
  send(event: typeof OFFICE_CHANGE_EVENT, data: OfficeChangeEvent): void;
  end(): void;
}

/** One open hub of one client: the changes to their items, with nothing of what changed. */
export interface HubStreamSink {
  send(event: typeof HUB_CHANGE_EVENT, data: HubChangeEvent): void;
  end(): void;
}

/** Any open stream: what a session's end, a lost listener or a shutdown ends. */
type Sink = StreamSink | OfficeStreamSink | HubStreamSink;

interface Pending {
  created: Set<number>;
  read: boolean;
}

export type NotificationHub = Awaited<ReturnType<typeof startNotificationHub>>;

/**
 * This instance's open streams, of three audiences: each stylist's notifications, fed by the
 * LISTEN on `notifications` (a signal from any instance reaches the streams of its stylist here;
 * signals that arrive together are read in one query per stylist, and deliveries run one after
 * another so counts never go back in time); the back office's changes, fed by the LISTEN on
 * `office_events` (the database's triggers send them; every staff stream hears every change); and
 * each client's open hub, fed by the same LISTEN (the changes of that client's items only, found
 * in one query per batch). All end when their LISTEN was lost and when the instance shuts down;
 * a stylist's or staff member's also with their session, a hub's when its link expires.
 */
export async function startNotificationHub(options: {
  db: Db;
  listen: (channel: string, handlers: ListenHandlers) => Promise<Unlisten>;
  sessions: Pick<SessionWatch, 'onEnded' | 'onMissed'>;
  logger: FastifyBaseLogger;
}) {
  const { db, logger } = options;
  const sinks = new Map<number, Set<StreamSink>>();
  const officeSinks = new Set<OfficeStreamSink>();
  const clientSinks = new Map<number, Set<HubStreamSink>>();
  /** The streams of each session, so that a session's end closes them on every instance. */
  const sessionSinks = new Map<string, Set<Sink>>();
  const pending = new Map<number, Pending>();
  let isFlushScheduled = false;
  let deliveries = Promise.resolve();

  async function deliver(stylistId: number, { created, read }: Pending) {
    const update = await loadStreamUpdate(db, stylistId, [...created]);
    for (const sink of sinks.get(stylistId) ?? []) {
      if (read) sink.send(NotificationStreamEvent.read, { unread: update.unread });
      for (const notification of update.created) {
        sink.send(NotificationStreamEvent.created, { notification, unread: update.unread });
      }
    }
  }

  function flush() {
    isFlushScheduled = false;
    const batch = [...pending];
    pending.clear();
    deliveries = deliveries.then(() =>
      Promise.all(
        batch.map(([stylistId, entry]) =>
          deliver(stylistId, entry).catch((error: unknown) => {
            if (isDatabaseUnavailable(error)) {
              logger.warn(
                { cause: driverCause(error), stylistId },
                'notification stream delivery failed: the database is out of reach',
              );
            } else {
              logger.error({ err: error, stylistId }, 'notification stream delivery failed');
            }
          }),
        ),
      ).then(() => undefined),
    );
  }

  function onPayload(payload: string) {
    const signal = parseNotificationSignal(payload);
    if (!signal) {
      logger.warn({ payload }, 'ignored an unknown notification signal');
      return;
    }
    // Most signals are for stylists with no stream open on this instance.
    if (!sinks.has(signal.stylistId)) return;
    const entry = pending.get(signal.stylistId) ?? { created: new Set<number>(), read: false };
    pending.set(signal.stylistId, entry);
    if ('created' in signal) entry.created.add(signal.created);
    else entry.read = true;
    if (!isFlushScheduled) {
      isFlushScheduled = true;
      setImmediate(flush);
    }
  }

  /** Set once the instance shuts down: a stream opened after that ends at once (see subscribe). */
  let isEnding = false;

  function endStylistStreams() {
    for (const group of [...sinks.values()]) for (const sink of [...group]) sink.end();
    sinks.clear();
  }

  function endOfficeStreams() {
    for (const sink of [...officeSinks]) sink.end();
    officeSinks.clear();
  }

  function endClientStreams() {
    for (const group of [...clientSinks.values()]) for (const sink of [...group]) sink.end();
    clientSinks.clear();
  }

  function endAll() {
    endStylistStreams();
    endOfficeStreams();
    endClientStreams();
    sessionSinks.clear();
  }

  /** Office changes that arrived together go out once each, after the current I/O. */
  const pendingChanges = new Map<string, OfficeChangeEvent>();
  let isOfficeFlushScheduled = false;

  function flushOffice() {
    isOfficeFlushScheduled = false;
    const changes = [...pendingChanges.values()];
    pendingChanges.clear();
    for (const sink of [...officeSinks]) {
      for (const change of changes) sink.send(OFFICE_CHANGE_EVENT, change);
    }
    // A client hears of their items' own changes only, not of the staff's claims, second
    // opinions and notes.
    const itemChanges = changes.filter(({ kind }) => kind === 'created' || kind === 'changed');
    if (clientSinks.size > 0 && itemChanges.length > 0) {
      deliveries = deliveries.then(() =>
        deliverToClients(itemChanges).catch((error: unknown) => {
          if (isDatabaseUnavailable(error)) {
            logger.warn(
              { cause: driverCause(error) },
              'hub stream delivery failed: the database is out of reach',
            );
          } else {
            logger.error({ err: error }, 'hub stream delivery failed');
          }
        }),
      );
    }
  }

  /** Each change reaches the hubs of the item's client open here (one query for them all). */
  async function deliverToClients(changes: OfficeChangeEvent[]) {
    const quoteIds = changes.flatMap(({ quoteId }) => (quoteId === null ? [] : [quoteId]));
    if (quoteIds.length < changes.length) {
      for (const group of clientSinks.values()) {
        for (const sink of group) sink.send(HUB_CHANGE_EVENT, { quoteId: null });
      }
      return;
    }
    const owners = await db
      .select({ quoteId: quotes.id, clientId: quotes.clientId })
      .from(quotes)
      .where(and(inArray(quotes.id, quoteIds), inArray(quotes.clientId, [...clientSinks.keys()])));
    for (const { quoteId, clientId } of owners) {
      for (const sink of clientSinks.get(clientId) ?? []) {
        sink.send(HUB_CHANGE_EVENT, { quoteId });
      }
    }
  }

  function onOfficePayload(payload: string) {
    const change = parseOfficeChange(payload);
    if (!change) {
      logger.warn({ payload }, 'ignored an unknown office event');
      return;
    }
    if (officeSinks.size === 0 && clientSinks.size === 0) return;
    pendingChanges.set(`${change.quoteId}:${change.kind}`, change);
    if (!isOfficeFlushScheduled) {
      isOfficeFlushScheduled = true;
      setImmediate(flushOffice);
    }
  }

  function onSessionEnded(sessionId: string) {
    for (const sink of [...(sessionSinks.get(sessionId) ?? [])]) sink.end();
  }

  const unlisten = await options.listen(NOTIFICATIONS_CHANNEL, {
    onPayload,
    // Signals sent while the connection was down are lost: ending the streams makes every
    // browser reconnect and read the list afresh.
    onResumed: () => {
      logger.warn('notification listener reconnected; open streams restart');
      endStylistStreams();
    },
    onError: (error) => {
      // The listener retries by itself; an outage is expected now and then, anything else is not.
      if (isDatabaseUnavailable(error)) {
        logger.warn({ cause: driverCause(error) }, 'notification listener lost the database');
      } else {
        logger.error({ err: error }, 'notification listener connection failed');
      }
    },
  });

  const unlistenOffice = await options.listen(OFFICE_EVENTS_CHANNEL, {
    onPayload: onOfficePayload,
    // As above: the staff's browsers reconnect and read their queues afresh.
    onResumed: () => {
      logger.warn('office events listener reconnected; open office and hub streams restart');
      endOfficeStreams();
      endClientStreams();
    },
    onError: (error) => {
      if (isDatabaseUnavailable(error)) {
        logger.warn({ cause: driverCause(error) }, 'office events listener lost the database');
      } else {
        logger.error({ err: error }, 'office events listener connection failed');
      }
    },
  });

  // A session that ends (sign-out, password change, ban) closes its streams at once; when such
  // signals may have been missed, every stream ends and its browser reconnects, checked anew.
  const leaveSessions = [
    options.sessions.onEnded(onSessionEnded),
    options.sessions.onMissed(endAll),
  ];

  function addTo<K, S extends Sink>(map: Map<K, Set<S>>, key: K, sink: S): () => void {
    const group = map.get(key) ?? new Set<S>();
    map.set(key, group);
    group.add(sink);
    return () => {
      group.delete(sink);
      if (group.size === 0 && map.get(key) === group) map.delete(key);
    };
  }

  return {
    /**
     * Starts sending `stylistId`'s events to `sink` until the answer is called; the stream ends
     * when `sessionId`'s session does.
     */
    subscribe(stylistId: number, sessionId: string | null, sink: StreamSink): () => void {
      // A stream opened while the instance shuts down would hold it open: the browser is told to
      // reconnect, through the load balancer, to another instance.
      if (isEnding) {
        sink.end();
        return () => {};
      }
      const leaveStylist = addTo(sinks, stylistId, sink);
      const leaveSession = sessionId === null ? () => {} : addTo(sessionSinks, sessionId, sink);
      return () => {
        leaveStylist();
        leaveSession();
      };
    },
    /**
     * Starts sending every change to the office's items to `sink` (a staff member's stream) until
     * the answer is called; the stream ends when `sessionId`'s session does.
     */
    subscribeOffice(sessionId: string | null, sink: OfficeStreamSink): () => void {
      if (isEnding) {
        sink.end();
        return () => {};
      }
      officeSinks.add(sink);
      const leaveSession = sessionId === null ? () => {} : addTo(sessionSinks, sessionId, sink);
      return () => {
        officeSinks.delete(sink);
        leaveSession();
      };
    },
    /**
     * Starts sending the changes to `clientId`'s items to `sink` (an open hub) until the answer
     * is called; the link's expiry ends the stream (the route's), no session does.
     */
    subscribeClient(clientId: number, sink: HubStreamSink): () => void {
      if (isEnding) {
        sink.end();
        return () => {};
      }
      return addTo(clientSinks, clientId, sink);
    },
    /** How many streams are open on this instance (for tests and the log). */
    openStreams: () =>
      [...sinks.values(), ...clientSinks.values()].reduce((total, group) => total + group.size, 0) +
      officeSinks.size,
    /** Ends every stream, so that the server can close (open responses would hold it). */
    endStreams() {
      isEnding = true;
      endAll();
    },
    async stop() {
      isEnding = true;
      for (const leave of leaveSessions) leave();
      endAll();
      await unlisten();
      await unlistenOffice();
      await deliveries;
    },
  };
}

/** A payload heard on `office_events`, or null when it is not one of ours. */
function parseOfficeChange(payload: string): OfficeChangeEvent | null {
  try {
    const parsed = OfficeChangeEventSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
