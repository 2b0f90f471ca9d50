import type { Db, Tx } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';

export type NewNotification = Pick<
  typeof notifications.$inferInsert,
  'stylistId' | 'kind' | 'text' | 'link'
>;

/** Tells a stylist something in the caller's transaction: it shows only if that commits. */
export async function createNotification(db: Db | Tx, notification: NewNotification) {
  await db.insert(notifications).values(notification);
}
