import {
  NOTIFICATIONS_PAGE_SIZE,
  type Notification,
  type NotificationListDocument,
} from '@atelier/contract';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { StylistActor } from '../../auth/auth.plugin.ts';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';

function toNotification(row: typeof notifications.$inferSelect): Notification {
  return {
    id: row.id,
    kind: row.kind,
    text: row.text,
    link: row.link,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The signed-in stylist's newest notifications, and how many of all of them are unread. */
export async function listNotifications(
  db: Db,
  actor: StylistActor,
): Promise<NotificationListDocument> {
  const mine = eq(notifications.stylistId, actor.stylistId);
  const [rows, [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATIONS_PAGE_SIZE),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(mine, isNull(notifications.readAt))),
  ]);
  return { data: rows.map(toNotification), meta: { unread: unread?.n ?? 0 } };
}
