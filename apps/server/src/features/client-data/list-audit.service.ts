import type { AuditListDocument, AuditQuery } from '@atelier/contract';
import { and, asc, gt, gte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

/** A page of the audit trail, which is never pruned (docs/decisions/0030): oldest first, by id. */
export async function listAudit(
  db: Db,
  query: Pick<AuditQuery, 'since' | 'after'> & { limit: number },
): Promise<AuditListDocument> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        query.since === undefined ? undefined : gte(auditLog.createdAt, new Date(query.since)),
        query.after === undefined ? undefined : gt(auditLog.id, query.after),
      ),
    )
    .orderBy(asc(auditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    data: page.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    meta: { nextAfter: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null },
  };
}
