import {
  hasOfficeRight,
  OFFICE_DECISION_FROM,
  OFFICE_DECISION_RIGHTS,
  OFFICE_DECISIONS,
  needsSecondOpinion,
  officeStageOf,
  statusLabel,
  type AdminQuoteAction,
  type OfficeItemDocument,
  type OfficeNote,
} from '@atelier/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { OfficeDecisionBodySchema } from '@atelier/contract';
import type { Db, Tx } from '../../db/client.ts';
import {
  clients,
  type QuoteStepDetail,
  officeNotes,
  quotes,
  quoteStatusHistory,
  stylists,
  users,
} from '../../db/schema.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { AppError } from '../../lib/app-error.ts';
import { createNotification } from '../notifications/index.ts';
import { applyQuoteActionIn, type OfferDeps } from '../quotes/admin-quotes.service.ts';
import { loadQuoteResources, type QuoteLinkDeps, type QuoteActorRef } from '../quotes/index.ts';
import { recordSaleIn } from '../commissions/record-sale.service.ts';
import { hoursInStage, stageClock } from './business-hours.ts';
import { holderOf, touchClaim } from './office-claims.service.ts';
import type { OfficeSettings } from './office-settings.ts';
import {
  proposeDecision,
  refuseWhileWaiting,
  waitingOpinionOf,
  type OfficeActor,
} from './second-opinions.ts';

type Decision = z.output<typeof OfficeDecisionBodySchema>;

export interface OfficeItemDeps extends QuoteLinkDeps, OfferDeps {
  storage: QuoteLinkDeps['storage'] & Pick<FileStorage, 'pathOf'>;
  settings: OfficeSettings;
}

export type { OfficeActor };

export const STALE_ITEM_MESSAGE =
  'Someone else changed this item since you opened it. Reload it to see what changed.';
export const COUNTERFEIT_REASON_MESSAGE = 'A counterfeit verdict needs a reason.';
const COUNTERFEIT_DEFAULT_COMMENT =
  'Our authenticators could not verify this item, so we cannot offer to sell it.';

/** The item's version: the id of its latest step, so any decision by anyone moves it on. */
const versionOf = (db: Db | Tx, quoteId: number) =>
  db
    .select({ version: sql<number>`coalesce(max(${quoteStatusHistory.id}), 0)::int` })
    .from(quoteStatusHistory)
    .where(eq(quoteStatusHistory.quoteId, quoteId))
    .then(([row]) => row?.version ?? 0);

async function loadNotes(db: Db | Tx, quoteId: number): Promise<OfficeNote[]> {
  const rows = await db
    .select({
      id: officeNotes.id,
      userId: officeNotes.authorUserId,
      name: users.name,
      text: officeNotes.text,
      createdAt: officeNotes.createdAt,
    })
    .from(officeNotes)
    .innerJoin(users, eq(users.id, officeNotes.authorUserId))
    .where(eq(officeNotes.quoteId, quoteId))
    .orderBy(asc(officeNotes.createdAt), asc(officeNotes.id));
  return rows.map((row) => ({
    id: row.id,
    author: { userId: row.userId, name: row.name },
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** The workspace of one item, as `actor` may act on it. */
export async function getOfficeItem(
  db: Db,
  actor: OfficeActor,
  quoteId: number,
  deps: OfficeItemDeps,
  now = new Date(),
): Promise<OfficeItemDocument> {
  const [[quote], [facts], holder, notes, version, secondOpinion] = await Promise.all([
    loadQuoteResources(db, eq(quotes.id, quoteId), deps),
    db
      .select({
        stageEnteredAt: quotes.stageEnteredAt,
        stylistId: stylists.id,
        stylistFirst: stylists.firstName,
        stylistLast: stylists.lastName,
        stylistEmail: users.email,
        clientId: clients.id,
        clientFirst: clients.firstName,
        clientLast: clients.lastName,
        clientEmail: clients.email,
        clientPhone: clients.phone,
      })
      .from(quotes)
      .innerJoin(stylists, eq(stylists.id, quotes.stylistId))
      .innerJoin(users, eq(users.id, stylists.userId))
      .innerJoin(clients, eq(clients.id, quotes.clientId))
      .where(eq(quotes.id, quoteId)),
    holderOf(db, quoteId, deps.settings),
    loadNotes(db, quoteId),
    versionOf(db, quoteId),
    waitingOpinionOf(db, actor, quoteId),
  ]);
  if (!quote || !facts) throw AppError.notFound('Item');
  const status = quote.attributes.status;
  const stage = officeStageOf(status);
  const clock = stage ? stageClock(facts.stageEnteredAt, stage, deps.settings, now) : null;
  return {
    data: {
      quote,
      stylist: {
        id: facts.stylistId,
        name: `${facts.stylistFirst} ${facts.stylistLast}`,
        email: facts.stylistEmail,
      },
      client: {
        id: facts.clientId,
        name: `${facts.clientFirst} ${facts.clientLast}`,
        email: facts.clientEmail,
        phone: facts.clientPhone,
      },
      stage,
      enteredAt: facts.stageEnteredAt.toISOString(),
      businessHours:
        clock?.businessHours ?? hoursInStage(facts.stageEnteredAt, now, deps.settings.timeZone),
      sla: clock?.sla ?? null,
      holder,
      // While a decision waits for a second opinion, nothing else is decided on the item.
      decisions: OFFICE_DECISIONS.filter(
        (decision) =>
          !secondOpinion &&
          OFFICE_DECISION_FROM[decision].includes(status) &&
          hasOfficeRight(actor.role, OFFICE_DECISION_RIGHTS[decision]),
      ),
      notes,
      secondOpinion,
      version,
    },
  };
}

/** The life-cycle action a decision takes (all but the sale). */
function actionOf(decision: Exclude<Decision, { decision: 'record_sale' }>): AdminQuoteAction {
  switch (decision.decision) {
    case 'start_authentication':
      return { action: 'start_authentication', note: decision.note };
    case 'authentic':
      return { action: 'authenticate', note: decision.note };
    case 'counterfeit':
      return {
        action: 'mark_counterfeit',
        commentToCustomer: decision.commentToCustomer || COUNTERFEIT_DEFAULT_COMMENT,
        note: `Counterfeit: ${decision.reason}`,
      };
    case 'request_more_info':
      return {
        action: 'request_more_info',
        commentToCustomer: decision.message,
        note: `More information requested: ${decision.missing}.`,
      };
    case 'make_offers':
      return {
        action: 'set_offers',
        offers: decision.offers,
        expiresInDays: decision.expiresInDays,
        note: decision.note,
      };
    case 'renew_offers':
      return { action: 'renew_offers', expiresInDays: decision.expiresInDays, note: decision.note };
    case 'receive':
      return { action: 'receive', note: decision.note };
    case 'convert':
      return { action: 'convert', note: decision.note };
  }
}

/** What the stylist is told of a decision, or null for the office's own steps. */
export function stylistNews(decision: Decision['decision'], item: string): string | null {
  switch (decision) {
    case 'authentic':
      return `${item} is authentic; offers come next.`;
    case 'counterfeit':
      return `${item} could not be authenticated.`;
    case 'request_more_info':
      return `The back office asks for more information on ${item}.`;
    case 'make_offers':
      return `Offers are ready for ${item}.`;
    case 'renew_offers':
      return `The offers for ${item} are open again.`;
    case 'receive':
      return `${item} arrived at the warehouse.`;
    case 'record_sale':
      return `${item} sold; your commission is recorded.`;
    default:
      return null;
  }
}

/** The item a decision is about, locked until the transaction ends (404 without it). */
export async function lockItem(tx: Tx, quoteId: number): Promise<LockedItem> {
  const [quote] = await tx
    .select({
      id: quotes.id,
      status: quotes.status,
      name: quotes.name,
      stylistId: quotes.stylistId,
      clientId: quotes.clientId,
    })
    .from(quotes)
    .where(eq(quotes.id, quoteId))
    .for('update');
  if (!quote) throw AppError.notFound('Item');
  return quote;
}

export type LockedItem = Pick<
  typeof quotes.$inferSelect,
  'id' | 'status' | 'name' | 'stylistId' | 'clientId'
>;

/** 409 unless the item is still the version the decision saw, in a status it applies to. */
export async function checkDecisionApplies(tx: Tx, quote: LockedItem, decision: Decision) {
  if ((await versionOf(tx, quote.id)) !== decision.version) {
    throw AppError.conflict(STALE_ITEM_MESSAGE);
  }
  if (!OFFICE_DECISION_FROM[decision.decision].includes(quote.status)) {
    throw AppError.conflict(
      `"${decision.decision}" does not apply to an item that is "${statusLabel(quote.status) ?? quote.status}".`,
    );
  }
}

/**
 * The decision's step, the stylist's news of it: the part of a decision that changes the item,
 * taken now or once a second opinion approves it (`authorId` is whose decision it is).
 */
export async function applyDecisionIn(
  tx: Tx,
  authorId: string,
  quote: LockedItem,
  decision: Decision,
  deps: OfficeItemDeps,
  detail?: QuoteStepDetail,
) {
  const by: QuoteActorRef = { kind: 'admin', userId: authorId };
  if (decision.decision === 'record_sale') {
    const { decision: _, version: __, ...sale } = decision;
    await recordSaleIn(tx, by, { quoteId: quote.id, sale }, deps);
  } else {
    await applyQuoteActionIn(
      tx,
      by,
      {
        quoteId: quote.id,
        action: actionOf(decision),
        ...((detail || decision.decision === 'request_more_info') && {
          detail: {
            ...detail,
            ...(decision.decision === 'request_more_info' && {
              request: { missing: decision.missing, message: decision.message },
            }),
          },
        }),
      },
      deps,
    );
  }
  const news = stylistNews(decision.decision, quote.name);
  if (news) {
    await createNotification(tx, {
      stylistId: quote.stylistId,
      kind: 'quote_status_changed',
      text: news,
      link: `/quotes/pickup/${quote.clientId}`,
    });
  }
}

/**
 * One decision on an item, in one transaction: the caller's right, the item's version (someone
 * else's change since answers 409), the status, the step itself (or, for a counterfeit verdict and
 * offers above the threshold, its wait for a second opinion), the stylist's notification and the
 * holder's claim kept alive, all or nothing.
 */
export async function decideOfficeItem(
  db: Db,
  actor: OfficeActor,
  input: { quoteId: number; decision: Decision },
  deps: OfficeItemDeps,
): Promise<OfficeItemDocument> {
  const { decision } = input;
  if (!hasOfficeRight(actor.role, OFFICE_DECISION_RIGHTS[decision.decision])) {
    throw AppError.forbidden(
      OFFICE_DECISION_RIGHTS[decision.decision] === 'price'
        ? 'Only a pricer or operations may make offers.'
        : OFFICE_DECISION_RIGHTS[decision.decision] === 'authenticate'
          ? 'Only an authenticator or operations may authenticate items.'
          : 'Only operations may do this.',
    );
  }
  if (decision.decision === 'counterfeit' && !decision.reason) {
    throw AppError.unprocessable(COUNTERFEIT_REASON_MESSAGE, {
      reason: ['Say why the item is not authentic'],
    });
  }
  await db.transaction(async (tx) => {
    const quote = await lockItem(tx, input.quoteId);
    await checkDecisionApplies(tx, quote, decision);
    await refuseWhileWaiting(tx, quote.id);
    if (needsSecondOpinion(decision, deps.settings.secondOpinionCents)) {
      await proposeDecision(tx, actor, quote.id, decision);
    } else {
      await applyDecisionIn(tx, actor.userId, quote, decision, deps);
    }
    await touchClaim(tx, quote.id, actor.userId);
  });
  return getOfficeItem(db, actor, input.quoteId, deps);
}

/** An internal note on an item; its author's claim stays live. */
export async function addOfficeNote(
  db: Db,
  actor: OfficeActor,
  input: { quoteId: number; text: string },
): Promise<{ data: OfficeNote }> {
  const id = await db.transaction(async (tx) => {
    const [quote] = await tx
      .select({ id: quotes.id })
      .from(quotes)
      .where(eq(quotes.id, input.quoteId));
    if (!quote) throw AppError.notFound('Item');
    const [row] = await tx
      .insert(officeNotes)
      .values({ quoteId: quote.id, authorUserId: actor.userId, text: input.text })
      .returning({ id: officeNotes.id });
    if (!row) throw new Error('the note insert returned no row');
    await touchClaim(tx, quote.id, actor.userId);
    return row.id;
  });
  const note = (await loadNotes(db, input.quoteId)).find((candidate) => candidate.id === id);
  if (!note) throw new Error(`note ${id} vanished`);
  return { data: note };
}
