import {
  describeDecision,
  hasOfficeRight,
  OFFICE_DECISION_RIGHTS,
  type OfficeSecondOpinion,
  type PendingOfficeDecision,
} from '@atelier/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { officeSecondOpinions, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

/** Who acts: a staff member (their role decides their rights). */
export interface OfficeActor {
  userId: string;
  role: string;
}

export const WAITING_MESSAGE =
  'A decision on this item is waiting for a second opinion: approve it or send it back first.';
export const OWN_DECISION_MESSAGE = 'Nobody approves their own decision: ask another staff member.';
export const NOTHING_WAITING_MESSAGE = 'No decision on this item is waiting for a second opinion.';

export const waiting = (quoteId: number) =>
  and(eq(officeSecondOpinions.quoteId, quoteId), isNull(officeSecondOpinions.resolvedAt));

/** Whether `actor` may approve or send back a decision: not its author, and holding its right. */
export const mayResolve = (actor: OfficeActor, authorId: string, decision: PendingOfficeDecision) =>
  actor.userId !== authorId &&
  hasOfficeRight(actor.role, OFFICE_DECISION_RIGHTS[decision.decision]);

/** The decision waiting on an item, as `actor` sees it, or null. */
export async function waitingOpinionOf(
  db: Db | Tx,
  actor: OfficeActor,
  quoteId: number,
): Promise<OfficeSecondOpinion | null> {
  const [row] = await db
    .select({
      id: officeSecondOpinions.id,
      decision: officeSecondOpinions.decision,
      authorId: officeSecondOpinions.authorUserId,
      authorName: users.name,
      createdAt: officeSecondOpinions.createdAt,
    })
    .from(officeSecondOpinions)
    .innerJoin(users, eq(users.id, officeSecondOpinions.authorUserId))
    .where(waiting(quoteId));
  return row ? toSecondOpinion(actor, row) : null;
}

export function toSecondOpinion(
  actor: OfficeActor,
  row: {
    id: number;
    decision: PendingOfficeDecision;
    authorId: string;
    authorName: string;
    createdAt: Date;
  },
): OfficeSecondOpinion {
  return {
    id: row.id,
    decision: row.decision.decision,
    summary: describeDecision(row.decision),
    author: { userId: row.authorId, name: row.authorName },
    createdAt: row.createdAt.toISOString(),
    canResolve: mayResolve(actor, row.authorId, row.decision),
  };
}

/** 409 while a decision on the item waits: nothing else is decided on it meanwhile. */
export async function refuseWhileWaiting(tx: Tx, quoteId: number) {
  const [row] = await tx
    .select({ id: officeSecondOpinions.id })
    .from(officeSecondOpinions)
    .where(waiting(quoteId));
  if (row) throw AppError.conflict(WAITING_MESSAGE);
}

/**
 * Keeps a decision until a second staff member approves it. The unique index on an item's waiting
 * decision makes two instances' proposals for one item agree: the second answers 409.
 */
export async function proposeDecision(
  tx: Tx,
  actor: OfficeActor,
  quoteId: number,
  decision: PendingOfficeDecision,
) {
  const inserted = await tx
    .insert(officeSecondOpinions)
    .values({ quoteId, decision, version: decision.version, authorUserId: actor.userId })
    .onConflictDoNothing()
    .returning({ id: officeSecondOpinions.id });
  if (inserted.length === 0) throw AppError.conflict(WAITING_MESSAGE);
}
