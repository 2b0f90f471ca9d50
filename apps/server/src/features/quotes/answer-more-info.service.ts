import { statusLabel, type AnswerMoreInfoBodySchema, type QuoteDocument } from '@atelier/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { StylistActor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { images, quotes } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { loadQuoteResources, type QuoteLinkDeps } from './quote-resource.ts';
import { applyTransition } from './quote-transitions.ts';
import { lockFreeImages } from './quotes.service.ts';

export type MoreInfoAnswer = z.output<typeof AnswerMoreInfoBodySchema>;

/**
 * The stylist answers the back office's request for more information on one of their quotes, in
 * one transaction: the photos join the quote after its own, the note goes into the step's detail,
 * and the quote goes back to "Authentication in Progress" (the authenticator who asked decides
 * next, without starting over), marked answered at the top of "To authenticate".
 */
export async function answerMoreInfo(
  db: Db,
  actor: StylistActor,
  input: { quoteId: number; answer: MoreInfoAnswer },
  deps: QuoteLinkDeps,
): Promise<QuoteDocument> {
  const { note, imageIds } = input.answer;
  await db.transaction(async (tx) => {
    const [quote] = await tx
      .select({ id: quotes.id, status: quotes.status })
      .from(quotes)
      .where(and(eq(quotes.id, input.quoteId), eq(quotes.stylistId, actor.stylistId)))
      .for('update');
    if (!quote) throw AppError.notFound('Quote');
    if (quote.status !== 'needs_more_info') {
      throw AppError.conflict(
        `Only an item the back office asked more about can be answered; this one is "${statusLabel(quote.status) ?? quote.status}".`,
      );
    }
    if (imageIds.length > 0) {
      await lockFreeImages(tx, actor, imageIds);
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${images.position}), -1)::int` })
        .from(images)
        .where(eq(images.quoteId, quote.id));
      const first = (last?.position ?? -1) + 1;
      for (const [index, imageId] of imageIds.entries()) {
        await tx
          .update(images)
          .set({ quoteId: quote.id, position: first + index })
          .where(eq(images.id, imageId));
      }
    }
    await applyTransition(tx, {
      quote,
      to: 'authentication_in_progress',
      actor: { kind: 'stylist', userId: actor.userId },
      note: 'The stylist answered the request for more information.',
      changes: { answeredAt: new Date() },
      detail: { answer: { note, imageIds } },
    });
  });
  const [data] = await loadQuoteResources(db, eq(quotes.id, input.quoteId), deps);
  if (!data) throw new Error(`quote ${input.quoteId} vanished after its answer`);
  return { data };
}
