import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { authSessions, stylists, users } from '../db/schema.ts';

/**
 * The NOTIFY channel on which PostgreSQL announces each ended session (a trigger on
 * auth_sessions, migration 0006): every instance closes that session's open streams.
 */
export const SESSION_ENDED_CHANNEL = 'session_ended';

/** What the request's session says about its user now, whatever the token claimed. */
export interface LiveSession {
  role: string | null;
  /** The user's stylist profile; null when they have none. */
  stylistId: number | null;
}

/**
 * The session a token was minted for, if it still exists, has not expired and its user is not
 * banned: one lookup by primary key, which also reads the stylist profile every stylist route
 * needs (docs/decisions/0016).
 */
export async function findLiveSession(
  db: Db,
  sessionId: string,
  userId: string,
): Promise<LiveSession | null> {
  const [row] = await db
    .select({ role: users.role, stylistId: stylists.id })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(stylists, eq(stylists.userId, users.id))
    .where(
      and(
        eq(authSessions.id, sessionId),
        eq(authSessions.userId, userId),
        gt(authSessions.expiresAt, sql`now()`),
        sql`not (coalesce(${users.banned}, false) and (${users.banExpires} is null or ${users.banExpires} > now()))`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Ends every session of a user (a ban, a role change): their tokens stop at the next request. */
export async function endUserSessions(db: Db | Tx, userId: string): Promise<number> {
  const ended = await db
    .delete(authSessions)
    .where(eq(authSessions.userId, userId))
    .returning({ id: authSessions.id });
  return ended.length;
}
