import {
  describeDecision,
  type OfficeItemDocument,
  type SecondOpinionBody,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { officeNotes, officeSecondOpinions } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { OfficeItemDeps } from './office-item.service.ts';
import {
  mayResolve,
  NOTHING_WAITING_MESSAGE,
  OWN_DECISION_MESSAGE,
  waiting,
  type OfficeActor,
} from './second-opinions.ts';
import {
  applyDecisionIn,
  checkDecisionApplies,
  getOfficeItem,
  lockItem,
} from './office-item.service.ts';

/**
 * A second opinion on the decision waiting on an item, in one transaction. "approve" takes the
 * decision as its author sent it (409 if the item changed since); "reject" sends it back, with the
 * reviewer's note kept as an internal note. Its author may do neither (403).
 */
export async function resolveSecondOpinion(
  db: Db,
  actor: OfficeActor,
  input: { quoteId: number } & SecondOpinionBody,
  deps: OfficeItemDeps,
): Promise<OfficeItemDocument> {
  await db.transaction(async (tx) => {
    const quote = await lockItem(tx, input.quoteId);
    const [pending] = await tx
      .select()
      .from(officeSecondOpinions)
      .where(waiting(quote.id))
      .for('update');
    if (!pending) throw AppError.conflict(NOTHING_WAITING_MESSAGE);
    if (pending.authorUserId === actor.userId) throw AppError.forbidden(OWN_DECISION_MESSAGE);
    if (!mayResolve(actor, pending.authorUserId, pending.decision)) {
      throw AppError.forbidden('Only staff with the right to take this decision may approve it.');
    }
    if (input.verdict === 'approve') {
      await checkDecisionApplies(tx, quote, pending.decision);
      await applyDecisionIn(tx, pending.authorUserId, quote, pending.decision, deps, {
        approvedByUserId: actor.userId,
      });
    } else if (input.note) {
      await tx.insert(officeNotes).values({
        quoteId: quote.id,
        authorUserId: actor.userId,
        text: `Sent back (${describeDecision(pending.decision)}): ${input.note}`,
      });
    }
    await tx
      .update(officeSecondOpinions)
      .set({
        resolvedAt: new Date(),
        resolvedByUserId: actor.userId,
        outcome: input.verdict,
        note: input.note ?? null,
      })
      .where(eq(officeSecondOpinions.id, pending.id));
  });
  return getOfficeItem(db, actor, input.quoteId, deps);
}
