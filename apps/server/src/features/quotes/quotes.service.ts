import crypto from 'node:crypto';
import {
  ErrorCode,
  type CreateQuoteBodySchema,
  type QuoteDocument,
  type QuoteListData,
  type QuoteListDocument,
  type RecordResponsesBodySchema,
} from '@atelier/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { StylistActor } from '../../auth/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { designerCategories, designers, images, quotes } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { findOwnClient } from '../clients/clients.service.ts';
import {
  answerStatus,
  expiredOfferRefusal,
  loadStoredOffers,
  offerRefusal,
} from './quote-answers.ts';
import {
  loadClientQuoteResources,
  loadQuoteResources,
  type QuoteLinkDeps,
} from './quote-resource.ts';
import {
  applyTransition,
  recordStatusChange,
  transitionRefusal,
  type QuoteActorRef,
} from './quote-transitions.ts';

export type NewQuote = z.output<typeof CreateQuoteBodySchema>;
export type ClientAnswer = z.output<typeof RecordResponsesBodySchema>['data'][number];

const NO_SUCH_DESIGNER = 'No such designer';
const NO_SUCH_CATEGORY = "Choose one of this designer's categories";
const IMAGE_NOT_FOUND = 'Image not found';
const IMAGE_TAKEN = 'This photo is already on another quote. Upload it again for this item.';
const QUOTE_NOT_FOUND = 'Quote not found';
const BAR_CODE_ATTEMPTS = 5;

/** Bar codes are `WG` and 8 random digits; an object so a test can force a collision. */
export const barCodes = {
  next: () => `WG${crypto.randomInt(0, 100_000_000).toString().padStart(8, '0')}`,
};

function clientNotFound() {
  return AppError.notFound('Client');
}

const stylistRef = (actor: StylistActor): QuoteActorRef => ({
  kind: 'stylist',
  userId: actor.userId,
});

/** The designer must exist and make the category. */
async function checkDesignerCategory(tx: Tx, input: NewQuote) {
  const [row] = await tx
    .select({ categoryId: designerCategories.categoryId })
    .from(designers)
    .leftJoin(
      designerCategories,
      and(
        eq(designerCategories.designerId, designers.id),
        eq(designerCategories.categoryId, input.categoryId),
      ),
    )
    .where(eq(designers.id, input.brandId));
  if (!row) throw AppError.validation({ brandId: [NO_SUCH_DESIGNER] });
  if (row.categoryId === null) throw AppError.validation({ categoryId: [NO_SUCH_CATEGORY] });
}

/**
 * Locks the photos a new quote takes. Each must be an upload of this stylist on no quote yet; the
 * lock makes a second quote created at the same moment wait, then find them taken.
 */
export async function lockFreeImages(tx: Tx, actor: StylistActor, imageIds: readonly number[]) {
  const rows = await tx
    .select({ id: images.id, quoteId: images.quoteId })
    .from(images)
    .where(and(inArray(images.id, [...imageIds]), eq(images.stylistId, actor.stylistId)))
    .orderBy(asc(images.id))
    .for('update');
  if (rows.length !== imageIds.length) {
    throw new AppError(ErrorCode.notFound, IMAGE_NOT_FOUND, 404, { imageIds: [IMAGE_NOT_FOUND] });
  }
  if (rows.some((row) => row.quoteId !== null)) {
    throw AppError.conflict(IMAGE_TAKEN, { imageIds: [IMAGE_TAKEN] });
  }
}

async function insertQuoteRow(tx: Tx, values: Omit<typeof quotes.$inferInsert, 'barCode'>) {
  for (let attempt = 0; attempt < BAR_CODE_ATTEMPTS; attempt += 1) {
    const [row] = await tx
      .insert(quotes)
      .values({ ...values, barCode: barCodes.next() })
      .onConflictDoNothing({ target: quotes.barCode })
      .returning({ id: quotes.id });
    if (row) return row.id;
  }
  throw new Error(`no free bar code after ${BAR_CODE_ATTEMPTS} attempts`);
}

/**
 * Submits an item of one of the stylist's clients for a quote, with the photos the stylist
 * uploaded for it, in one transaction.
 */
export async function createQuote(
  db: Db,
  actor: StylistActor,
  input: NewQuote,
  deps: QuoteLinkDeps,
): Promise<QuoteDocument> {
  const quoteId = await db.transaction(async (tx) => {
    if (!(await findOwnClient(tx, actor, input.clientId))) throw clientNotFound();
    await checkDesignerCategory(tx, input);
    await lockFreeImages(tx, actor, input.imageIds);
    const id = await insertQuoteRow(tx, {
      stylistId: actor.stylistId,
      clientId: input.clientId,
      designerId: input.brandId,
      categoryId: input.categoryId,
      name: input.name,
      description: input.description,
      status: 'pending_authentication',
      authenticationStatus: 'pending',
    });
    for (const [position, imageId] of input.imageIds.entries()) {
      await tx.update(images).set({ quoteId: id, position }).where(eq(images.id, imageId));
    }
    await recordStatusChange(tx, {
      quoteId: id,
      from: null,
      to: 'pending_authentication',
      actor: stylistRef(actor),
      note: 'Submitted by the stylist.',
    });
    return id;
  });
  const [data] = await loadQuoteResources(db, eq(quotes.id, quoteId), deps);
  if (!data) throw new Error(`quote ${quoteId} vanished after insert`);
  return { data };
}

/** The quotes of one of the stylist's clients, newest first. */
export async function listClientQuotes(
  db: Db,
  actor: StylistActor,
  clientId: number,
  deps: QuoteLinkDeps,
): Promise<QuoteListDocument> {
  // Both at once: the quotes are the stylist's own, so they say nothing of another's client.
  const [client, data] = await Promise.all([
    findOwnClient(db, actor, clientId),
    loadClientQuoteResources(db, { stylistId: actor.stylistId, clientId }, deps),
  ]);
  if (!client) throw clientNotFound();
  return {
    data,
    meta: { client: { id: client.id, firstName: client.firstName, lastName: client.lastName } },
  };
}

function answerNote(answer: ClientAnswer) {
  const type = answer.attributes.accepted_offer_type;
  return type === 'rejected'
    ? 'Client declined all offers (recorded by stylist).'
    : `Client accepted the ${type} offer (recorded by stylist).`;
}

/**
 * Records a client's answers to the offers on their quotes, all or nothing: every quote must be
 * one of this client's, waiting for an answer, and have the offer accepted.
 */
export async function recordResponses(
  db: Db,
  actor: StylistActor,
  input: { clientId: number; answers: readonly ClientAnswer[] },
  deps: QuoteLinkDeps,
): Promise<QuoteListData> {
  const ids = input.answers.map((answer) => answer.id);
  await db.transaction(async (tx) => {
    if (!(await findOwnClient(tx, actor, input.clientId))) throw clientNotFound();
    const locked = await tx
      .select({ id: quotes.id, status: quotes.status, offersExpireAt: quotes.offersExpireAt })
      .from(quotes)
      .where(
        and(
          inArray(quotes.id, ids),
          eq(quotes.clientId, input.clientId),
          eq(quotes.stylistId, actor.stylistId),
        ),
      )
      .orderBy(asc(quotes.id))
      .for('update');
    const quoteById = new Map(locked.map((quote) => [quote.id, quote]));
    const moves = input.answers.flatMap((answer) => {
      const quote = quoteById.get(answer.id);
      return quote
        ? [{ answer, quote, to: answerStatus(answer.attributes.accepted_offer_type) }]
        : [];
    });
    const missing = ids.filter((id) => !quoteById.has(id));
    if (missing.length > 0) {
      throw new AppError(
        ErrorCode.notFound,
        QUOTE_NOT_FOUND,
        404,
        Object.fromEntries(missing.map((id) => [String(id), [QUOTE_NOT_FOUND]])),
      );
    }

    const offers = await loadStoredOffers(tx, ids);
    const now = new Date();
    const refusals = moves.flatMap(({ answer, quote, to }) => {
      const refusal =
        transitionRefusal(quote.status, to, 'stylist') ??
        offerRefusal(
          answer.attributes.accepted_offer_type,
          offers.filter((offer) => offer.quoteId === quote.id),
        ) ??
        expiredOfferRefusal(answer.attributes.accepted_offer_type, quote.offersExpireAt, now);
      return refusal ? [{ quoteId: quote.id, refusal }] : [];
    });
    const [first, ...others] = refusals;
    if (first) {
      const message =
        others.length === 0
          ? first.refusal
          : `${refusals.length} quotes cannot take these answers. Nothing was recorded.`;
      const errors = Object.fromEntries(refusals.map((r) => [String(r.quoteId), [r.refusal]]));
      throw AppError.conflict(message, errors);
    }

    for (const { answer, quote, to } of moves) {
      await applyTransition(tx, {
        quote,
        to,
        actor: stylistRef(actor),
        note: answerNote(answer),
        changes: { acceptedOfferType: answer.attributes.accepted_offer_type },
      });
    }
  });
  return { data: await loadQuoteResources(db, inArray(quotes.id, ids), deps) };
}
