import {
  NOTIFICATIONS_PAGE_SIZE,
  type MarkNotificationsReadBody,
  type Notification,
  type NotificationDocument,
  type NotificationKind,
  type NotificationListDocument,
} from '@atelier/contract';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { StylistActor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { notifications, stylists, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { createNotification } from './create-notification.ts';
import { sendNotificationSignals } from './notification-signals.ts';

export function toNotification(row: typeof notifications.$inferSelect): Notification {
  return {
    id: row.id,
    kind: row.kind,
    text: row.text,
    link: row.link,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function countUnread(db: Db, stylistId: number): Promise<number> {
  const [unread] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.stylistId, stylistId), isNull(notifications.readAt)));
  return unread?.n ?? 0;
}

/** The signed-in stylist's newest notifications, and how many of all of them are unread. */
export async function listNotifications(
  db: Db,
  actor: StylistActor,
): Promise<NotificationListDocument> {
  const [rows, unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.stylistId, actor.stylistId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATIONS_PAGE_SIZE),
    countUnread(db, actor.stylistId),
  ]);
  return { data: rows.map(toNotification), meta: { unread } };
}

/**
 * Marks the listed notifications (or all) of the signed-in stylist read. One that is not the
 * stylist's answers 404, exactly as a missing one, and nothing changes; ones read already keep
 * the time they were read, so asking twice is harmless.
 */
export async function markNotificationsRead(
  db: Db,
  actor: StylistActor,
  body: MarkNotificationsReadBody,
): Promise<NotificationListDocument> {
  const mine = eq(notifications.stylistId, actor.stylistId);
  await db.transaction(async (tx) => {
    let scope = mine;
    if ('ids' in body) {
      const ids = [...new Set(body.ids)];
      const owned = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(mine, inArray(notifications.id, ids)));
      if (owned.length !== ids.length) throw AppError.notFound('Notification');
      scope = and(mine, inArray(notifications.id, ids)) ?? mine;
    }
    const changed = await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(scope, isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    // Other tabs and devices of the stylist lower their badge too.
    if (changed.length > 0) {
      await sendNotificationSignals(tx, [{ stylistId: actor.stylistId, read: true }]);
    }
  });
  return listNotifications(db, actor);
}

/** What an open stream sends after a signal: the new notifications (oldest first) and the count. */
export async function loadStreamUpdate(
  db: Db,
  stylistId: number,
  createdIds: readonly number[],
): Promise<{ created: Notification[]; unread: number }> {
  const [rows, unread] = await Promise.all([
    createdIds.length === 0
      ? []
      : db
          .select()
          .from(notifications)
          .where(
            and(eq(notifications.stylistId, stylistId), inArray(notifications.id, [...createdIds])),
          )
          .orderBy(asc(notifications.createdAt), asc(notifications.id)),
    countUnread(db, stylistId),
  ]);
  return { created: rows.map(toNotification), unread };
}

/** The back office tells a stylist something, found by the email they sign in with. */
export async function notifyStylistByEmail(
  db: Db,
  input: { stylistEmail: string; kind: NotificationKind; text: string; link?: string | undefined },
): Promise<NotificationDocument> {
  const [stylist] = await db
    .select({ id: stylists.id })
    .from(stylists)
    .innerJoin(users, eq(users.id, stylists.userId))
    .where(eq(sql`lower(${users.email})`, input.stylistEmail.toLowerCase()));
  if (!stylist) throw AppError.notFound('Stylist');
  const row = await createNotification(db, {
    stylistId: stylist.id,
    kind: input.kind,
    text: input.text,
    link: input.link ?? null,
  });
  return { data: toNotification(row) };
}
