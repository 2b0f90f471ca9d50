import { asc, count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { fileDeletions } from '../../db/schema.ts';
import type { ObjectStore } from '../../integrations/storage/storage.ts';

/** Files deleted per call at most; the sweep or the next call takes the rest. */
const MAX_FILES = 500;

/** Records, in the caller's transaction, stored files to delete once it has committed. */
export async function recordFileDeletions(tx: Tx, clientId: number, keys: readonly string[]) {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return;
  await tx
    .insert(fileDeletions)
    .values(unique.map((key) => ({ key, clientId })))
    .onConflictDoNothing();
}

export interface FileDeletionRound {
  deleted: number;
  /** Still recorded: the storage failed, or more than one call's worth. */
  pending: number;
}

/**
 * Deletes the recorded files (one client's, or everyone's), each row removed only once its file is
 * gone. Deleting is idempotent, so two instances on one key, or a retry after a crash between the
 * file and its row, do no harm. A storage failure stops the round and leaves the rest recorded.
 */
export async function finishFileDeletions(
  db: Db,
  storage: Pick<ObjectStore, 'delete'>,
  scope: { clientId?: number } = {},
): Promise<FileDeletionRound> {
  const where =
    scope.clientId === undefined ? undefined : eq(fileDeletions.clientId, scope.clientId);
  const rows = await db
    .select({ key: fileDeletions.key })
    .from(fileDeletions)
    .where(where)
    .orderBy(asc(fileDeletions.createdAt), asc(fileDeletions.key))
    .limit(MAX_FILES);
  let deleted = 0;
  let storageError: unknown;
  for (const { key } of rows) {
    try {
      await storage.delete(key);
    } catch (error) {
      storageError = error;
      break;
    }
    await db.delete(fileDeletions).where(eq(fileDeletions.key, key));
    deleted += 1;
  }
  const [left] = await db.select({ pending: count() }).from(fileDeletions).where(where);
  const pending = left?.pending ?? 0;
  if (storageError !== undefined && scope.clientId === undefined) throw storageError;
  return { deleted, pending };
}
