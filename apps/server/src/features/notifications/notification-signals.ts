import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';

/** The NOTIFY channel every instance LISTENs on (docs/decisions/0009). */
export const NOTIFICATIONS_CHANNEL = 'notifications';

/**
 * The NOTIFY channel of the back office's changes: the database's triggers send `{quoteId, kind}`
 * on it in the transaction of every change to a quote, a claim, a second opinion or a note
 * (migration 0018), whoever makes it; the hub passes them to every staff stream.
 */
export const OFFICE_EVENTS_CHANNEL = 'office_events';

const StylistIdSchema = z.number().int().positive();

/**
 * What travels through NOTIFY: ids only, never the text, so a payload stays far below
 * PostgreSQL's 8000-byte limit and the listener reads the row as committed.
 */
const SignalSchema = z.union([
  z.object({ stylistId: StylistIdSchema, created: z.number().int().positive() }),
  z.object({ stylistId: StylistIdSchema, read: z.literal(true) }),
]);
export type NotificationSignal = z.infer<typeof SignalSchema>;

/**
 * Sends the signals in the caller's transaction: PostgreSQL (and PGlite) deliver a NOTIFY only
 * when the transaction commits, so a rolled-back notification is never announced.
 */
export async function sendNotificationSignals(
  db: Db | Tx,
  signals: readonly NotificationSignal[],
): Promise<void> {
  if (signals.length === 0) return;
  const payloads = JSON.stringify(signals.map((signal) => JSON.stringify(signal)));
  await db.execute(
    sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, payload) from json_array_elements_text(${payloads}::json) as payload`,
  );
}

/** A payload heard on the channel, or null when it is not one of ours. */
export function parseNotificationSignal(payload: string): NotificationSignal | null {
  try {
    const parsed = SignalSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
