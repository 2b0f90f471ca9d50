import type { Db, Tx } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import { sendNotificationSignals } from './notification-signals.ts';

export type NewNotification = Pick<
  typeof notifications.$inferInsert,
  'stylistId' | 'kind' | 'text' | 'link'
>;

/**
 * Tells stylists something in the caller's transaction: the rows, and the signal that puts them
 * on every open stream, both take effect only if that transaction commits.
 */
export async function createNotifications(
  db: Db | Tx,
  items: readonly NewNotification[],
): Promise<(typeof notifications.$inferSelect)[]> {
  if (items.length === 0) return [];
  const rows = await db
    .insert(notifications)
    .values([...items])
    .returning();
  await sendNotificationSignals(
    db,
    rows.map((row) => ({ stylistId: row.stylistId, created: row.id })),
  );
  return rows;
}

/** Tells one stylist something in the caller's transaction: it shows only if that commits. */
export async function createNotification(db: Db | Tx, notification: NewNotification) {
  const [row] = await createNotifications(db, [notification]);
  if (!row) throw new Error('the notification was not stored');
  return row;
}
