import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import { driverCause } from '../db/errors.ts';
import { preparedStatement } from '../db/prepared.ts';
import type { ListenHandlers, Unlisten } from '../db/listener.ts';
import { authSessions, stylists, users } from '../db/schema.ts';

/**
 * The NOTIFY channel on which PostgreSQL announces each ended session (a trigger on
 * auth_sessions, migration 0006; a ban or a role change deletes the user's sessions, so it is
 * announced too).
 */
export const SESSION_ENDED_CHANNEL = 'session_ended';

/** What the request's session says about its user now, whatever the token claimed. */
export interface LiveSession {
  role: string | null;
  /** The user's stylist profile; null when they have none. */
  stylistId: number | null;
}

const liveSessionStatement = preparedStatement(
  (db, name) =>
    db
      .select({
        role: users.role,
        stylistId: stylists.id,
        expiresAt: authSessions.expiresAt,
      })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .leftJoin(stylists, eq(stylists.userId, users.id))
      .where(
        and(
          eq(authSessions.id, sql.placeholder('sessionId')),
          eq(authSessions.userId, sql.placeholder('userId')),
          gt(authSessions.expiresAt, sql`now()`),
          sql`not (coalesce(${users.banned}, false) and (${users.banExpires} is null or ${users.banExpires} > now()))`,
        ),
      )
      .limit(1)
      .prepare(name),
  'find_live_session',
);

/**
 * The session a token was minted for, if it still exists, has not expired and its user is not
 * banned, with the user's role and stylist profile: one lookup by primary key.
 */
export async function findLiveSession(db: Db, sessionId: string, userId: string) {
  const [row] = await liveSessionStatement(db).execute({ sessionId, userId });
  return row ?? null;
}

/** Ends every session of a user; their tokens stop at the next request. */
export async function endUserSessions(db: Db | Tx, userId: string): Promise<number> {
  const ended = await db
    .delete(authSessions)
    .where(eq(authSessions.userId, userId))
    .returning({ id: authSessions.id });
  return ended.length;
}

/** A looked-up session is trusted from memory this long at most, even with no signal. */
const CACHE_TTL_MS = 30_000;
/** The sessions remembered per instance; the oldest go first. */
const CACHE_MAX_ENTRIES = 20_000;

interface Cached {
  userId: string;
  session: LiveSession;
  /** When the session itself expires (ms since the epoch). */
  expiresAt: number;
  cachedAt: number;
}

export type SessionWatch = Awaited<ReturnType<typeof startSessionWatch>>;

/**
 * This instance's view of live sessions (docs/decisions/0016). A session looked up once is
 * remembered until PostgreSQL announces its end (sign-out, a new password, a ban, a role
 * change: NOTIFY from a trigger, heard by every instance within milliseconds of the commit), for
 * at most 30 s. While the LISTEN connection is down nothing is remembered, and everything
 * remembered is forgotten, so a missed signal can never keep an ended session alive.
 */
export async function startSessionWatch(options: {
  db: Db;
  listen: (channel: string, handlers: ListenHandlers) => Promise<Unlisten>;
  logger: FastifyBaseLogger;
}) {
  const { db, logger } = options;
  const cache = new Map<string, Cached>();
  /** Sessions ended lately, so that a lookup that raced their end does not remember them. */
  const endedAt = new Map<string, number>();
  /** Users whose sessions this instance ended lately (a ban, a role change, a new password). */
  const userChangedAt = new Map<string, number>();
  const endedListeners = new Set<(sessionId: string) => void>();
  const missedListeners = new Set<() => void>();
  let isListening = false;

  function forgetEnded(sessionId: string) {
    cache.delete(sessionId);
    const now = Date.now();
    endedAt.set(sessionId, now);
    // The record of ended sessions only has to outlive a lookup in flight.
    for (const [id, at] of endedAt) {
      if (now - at < CACHE_TTL_MS) break;
      endedAt.delete(id);
    }
  }

  /**
   * Forgets every remembered session of a user whose sessions this instance has just ended, so
   * that its own next request reads the database rather than wait for PostgreSQL's signal.
   */
  function forgetUser(userId: string) {
    const now = Date.now();
    for (const [sessionId, cached] of cache) if (cached.userId === userId) cache.delete(sessionId);
    userChangedAt.set(userId, now);
    for (const [id, at] of userChangedAt) {
      if (now - at < CACHE_TTL_MS) break;
      userChangedAt.delete(id);
    }
  }

  function forgetAll() {
    cache.clear();
    for (const listener of missedListeners) listener();
  }

  const unlisten = await options.listen(SESSION_ENDED_CHANNEL, {
    onPayload(sessionId) {
      forgetEnded(sessionId);
      for (const listener of endedListeners) listener(sessionId);
    },
    onLost() {
      // Nothing is trusted from memory meanwhile. Open streams stay open until the listener is
      // back (issue 16): ended now, their browsers would reconnect into the outage's 503.
      isListening = false;
      cache.clear();
    },
    onResumed() {
      forgetAll();
      isListening = true;
    },
    onError(error) {
      logger.warn({ cause: driverCause(error) }, 'the session listener lost the database');
    },
  });
  isListening = true;

  return {
    /** The live session behind a token, from memory when this instance knows it, else one lookup. */
    async find(sessionId: string, userId: string): Promise<LiveSession | null> {
      const now = Date.now();
      const hit = cache.get(sessionId);
      if (
        hit &&
        hit.userId === userId &&
        hit.expiresAt > now &&
        now - hit.cachedAt < CACHE_TTL_MS
      ) {
        return hit.session;
      }
      const row = await findLiveSession(db, sessionId, userId);
      if (!row) {
        cache.delete(sessionId);
        return null;
      }
      const session = { role: row.role, stylistId: row.stylistId };
      // Ended while the lookup ran: the row read was already gone when this answer arrives.
      if ((endedAt.get(sessionId) ?? 0) >= now) return null;
      // The user changed while the lookup ran: the answer may predate it, so it is not kept.
      if (isListening && (userChangedAt.get(userId) ?? 0) < now) {
        if (cache.size >= CACHE_MAX_ENTRIES) {
          const oldest = cache.keys().next();
          if (!oldest.done) cache.delete(oldest.value);
        }
        cache.delete(sessionId);
        cache.set(sessionId, {
          userId,
          session,
          expiresAt: row.expiresAt.getTime(),
          cachedAt: now,
        });
      }
      return session;
    },
    /**
     * A session this instance has just ended (a sign-out through it) is forgotten at once, not
     * when PostgreSQL's signal comes back: its next request here is refused whatever the timing.
     */
    forget: forgetEnded,
    forgetUser,
    /** Calls `listener` with each ended session's id; the answer stops it. */
    onEnded(listener: (sessionId: string) => void): () => void {
      endedListeners.add(listener);
      return () => endedListeners.delete(listener);
    },
    /** Calls `listener` when ended sessions may have gone unheard (the listener reconnected). */
    onMissed(listener: () => void): () => void {
      missedListeners.add(listener);
      return () => missedListeners.delete(listener);
    },
    stop: unlisten,
  };
}
