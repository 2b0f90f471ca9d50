import type { Db, Tx } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

export interface AuditEntry {
  /** The signed-in user who acted; null for the operator's command line. */
  actorUserId: string | null;
  /** What was done, e.g. `user.ban` or `POST /api/admin/quotes/:quoteId/actions`. */
  action: string;
  /** What it was done to, e.g. `user:<id>` or `quoteId=12`. */
  subject: string;
  detail?: Record<string, unknown> | undefined;
  /** Where the request came from; null for the command line. */
  ipAddress: string | null;
}

/** One row of the product's audit trail (actor, action, subject, time, address). */
export async function writeAudit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    subject: entry.subject,
    detail: entry.detail ?? null,
    ipAddress: entry.ipAddress,
  });
}
