import {
  isAwaitingAnswer,
  DECLINE_REASONS,
  ErrorCode,
  type AcceptedOfferType,
  type DeclineReason,
  type ClientAnswer,
  type LifecycleStatus,
  type RefusedAnswer,
  centsToDollars,
} from '@atelier/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { violatedUniqueConstraint } from '../../db/errors.ts';
import {
  clientAnswers,
  clientMessages,
  clients,
  designers,
  quotes,
  stylists,
  users,
} from '../../db/schema.ts';
import { enqueueEmail } from '../../integrations/outbox/outbox.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AccessLink } from '../links/index.ts';
import {
  answerStatus,
  applyTransition,
  expiredOfferRefusal,
  loadStoredOffers,
  offerRefusal,
  type StoredOffer,
} from '../quotes/index.ts';
import { createNotification } from '../notifications/index.ts';
import {
  clientAnswerEmail,
  clientAnswerSummary,
  type AnsweredItem,
} from './client-answer-email.ts';

/** One answer a client gives on a client page. */
export interface ClientPageAnswer {
  quoteId: number;
  response: AcceptedOfferType;
}

/** The client page the answers come from, and who sent them. */
export interface AnswerSource {
  /** As the history and the stylist read it: "Curated For". */
  pageName: string;
  /** The "Curated For" page answers buyout offers only. */
  buyoutOnly: boolean;
  ip: string | null;
  userAgent: string | null;
  /** The address the web is served at, for the link in the stylist's email. */
  publicUrl: string;
  /** Why the client declined (the hub asks), kept on each declined quote and told the stylist. */
  decline?: { reason: DeclineReason; note: string };
}

export const QUOTE_NOT_FOUND = 'Quote not found';
const NOTHING_RECORDED = 'Nothing was recorded.';
/** The 409s' words; `title` is the quote's brand and name, e.g. "Chanel Classic Flap Bag". */
export const REFUSALS = {
  notAwaiting: (title: string) => `${title} is no longer waiting for your answer.`,
  alreadyAnswered: (title: string) => `You already answered ${title}. An answer cannot be changed.`,
  noBuyout: (title: string) => `${title} has no buyout offer to answer.`,
  alreadyAnsweredMany: (count: number) =>
    `You already answered ${count} of these quotes. An answer cannot be changed.`,
  many: (count: number) => `${count} quotes cannot take these answers.`,
};
const USER_AGENT_MAX = 512;
const ANSWER_CONSTRAINT = 'client_answers_quote_id_unique';

interface LockedQuote {
  id: number;
  status: LifecycleStatus;
  isApproved: boolean;
  offersExpireAt: Date | null;
  name: string;
  brand: string;
}

const titleOf = (quote: LockedQuote) => [quote.brand, quote.name].filter(Boolean).join(' ');

interface Refusal {
  quote: LockedQuote;
  message: string;
  /** The answer recorded before, when a client page recorded one. */
  answer?: ClientAnswer;
}

/** A 409 that names each refused quote, with its earlier answer (ClientAnswerConflictSchema). */
function refuse(refusals: readonly Refusal[], many: (count: number) => string): never {
  const [first, ...others] = refusals;
  if (!first) throw new Error('refuse() needs a refusal');
  const message = `${others.length === 0 ? first.message : many(refusals.length)} ${NOTHING_RECORDED}`;
  const errors = Object.fromEntries(refusals.map((r) => [String(r.quote.id), [r.message]]));
  const refused: RefusedAnswer[] = refusals.map(({ quote, answer }) => ({
    id: quote.id,
    brand: quote.brand,
    name: quote.name,
    answer: answer ?? null,
  }));
  throw AppError.conflict(message, errors, { refused });
}

/** "Reason: The offer is lower than I hoped. “I hoped for $900.”" */
function declineSentence(decline: NonNullable<AnswerSource['decline']>): string {
  const note = decline.note ? ` “${decline.note}”` : '';
  return `Reason: ${DECLINE_REASONS[decline.reason]}.${note}`;
}

function historyNote(pageName: string, response: AcceptedOfferType) {
  return response === 'rejected'
    ? `Client declined the offers on the ${pageName} page.`
    : `Client said Yes to the ${response} offer on the ${pageName} page.`;
}

function acceptedAmount(response: AcceptedOfferType, offers: readonly StoredOffer[]) {
  if (response === 'rejected') return null;
  const types = response === 'consignment' ? ['consignment'] : ['buyout', 'buyback'];
  const offer = types
    .map((type) => offers.find((candidate) => candidate.type === type && candidate.cents > 0))
    .find(Boolean);
  return offer ? centsToDollars(offer.cents) : null;
}

/** Tells the stylist in the same transaction: a notification and an email. */
async function notifyStylist(
  tx: Tx,
  clientId: number,
  items: readonly (AnsweredItem & { quoteId: number })[],
  source: AnswerSource,
) {
  const [people] = await tx
    .select({
      stylistId: clients.stylistId,
      clientFirstName: clients.firstName,
      clientLastName: clients.lastName,
      stylistFirstName: stylists.firstName,
      stylistEmail: users.email,
    })
    .from(clients)
    .innerJoin(stylists, eq(stylists.id, clients.stylistId))
    .innerJoin(users, eq(users.id, stylists.userId))
    .where(eq(clients.id, clientId));
  if (!people) throw new Error(`client ${clientId} has no stylist`);
  const clientName = `${people.clientFirstName} ${people.clientLastName}`.trim();
  const why = source.decline ? ` ${declineSentence(source.decline)}` : '';
  const reviewPath = `/quotes/review/${clientId}?quotes=${items.map((item) => item.quoteId).join(',')}`;
  await createNotification(tx, {
    stylistId: people.stylistId,
    kind: 'client_answered',
    text: `${clientAnswerSummary(clientName, items)}${why}`,
    link: reviewPath,
  });
  await enqueueEmail(
    tx,
    await clientAnswerEmail({
      to: people.stylistEmail,
      stylistFirstName: people.stylistFirstName,
      clientFirstName: people.clientFirstName,
      clientName,
      pageName: source.pageName,
      reason: source.decline ? declineSentence(source.decline) : null,
      items,
      link: `${source.publicUrl.replace(/\/+$/, '')}${reviewPath}`,
    }),
  );
}

async function recordOnce(
  db: Db,
  link: AccessLink,
  answers: readonly ClientPageAnswer[],
  source: AnswerSource,
): Promise<{ recorded: boolean }> {
  const ids = answers.map((answer) => answer.quoteId);
  return db.transaction(async (tx) => {
    const locked: LockedQuote[] = await tx
      .select({
        id: quotes.id,
        status: quotes.status,
        isApproved: quotes.isApproved,
        offersExpireAt: quotes.offersExpireAt,
        name: quotes.name,
        brand: designers.name,
      })
      .from(quotes)
      .innerJoin(designers, eq(designers.id, quotes.designerId))
      .innerJoin(clients, eq(clients.id, quotes.clientId))
      // Only the client's quotes with their own stylist; any other id is as unknown as a missing one.
      .where(
        and(
          inArray(quotes.id, ids),
          eq(quotes.clientId, link.clientId),
          eq(quotes.stylistId, clients.stylistId),
        ),
      )
      .orderBy(asc(quotes.id))
      .for('update', { of: quotes });
    const quoteById = new Map(locked.map((quote) => [quote.id, quote]));
    const moves = answers.flatMap((answer) => {
      const quote = quoteById.get(answer.quoteId);
      return quote ? [{ answer, quote }] : [];
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

    const earlier = await tx
      .select({
        quoteId: clientAnswers.quoteId,
        accessLinkId: clientAnswers.accessLinkId,
        response: clientAnswers.response,
        createdAt: clientAnswers.createdAt,
      })
      .from(clientAnswers)
      .where(inArray(clientAnswers.quoteId, ids));
    if (earlier.length > 0) {
      const earlierByQuote = new Map(earlier.map((row) => [row.quoteId, row]));
      // A retry of the same confirm through the same link: answered already, nothing to write.
      const isRetry = answers.every((answer) => {
        const row = earlierByQuote.get(answer.quoteId);
        return row?.accessLinkId === link.id && row.response === answer.response;
      });
      if (isRetry) return { recorded: false };
      refuse(
        moves.flatMap(({ quote }) => {
          const row = earlierByQuote.get(quote.id);
          if (!row) return [];
          const answer = { response: row.response, answeredAt: row.createdAt.toISOString() };
          return [{ quote, message: REFUSALS.alreadyAnswered(titleOf(quote)), answer }];
        }),
        REFUSALS.alreadyAnsweredMany,
      );
    }

    const offers = await loadStoredOffers(tx, ids);
    const now = new Date();
    const refusals = moves.flatMap(({ answer, quote }) => {
      const own = offers.filter((offer) => offer.quoteId === quote.id);
      const message =
        (!quote.isApproved || !isAwaitingAnswer(quote.status)
          ? REFUSALS.notAwaiting(titleOf(quote))
          : null) ??
        (source.buyoutOnly && !acceptedAmount('buyout', own)
          ? REFUSALS.noBuyout(titleOf(quote))
          : null) ??
        offerRefusal(answer.response, own) ??
        expiredOfferRefusal(answer.response, quote.offersExpireAt, now, titleOf(quote));
      return message ? [{ quote, message }] : [];
    });
    if (refusals.length > 0) refuse(refusals, REFUSALS.many);

    const items: (AnsweredItem & { quoteId: number })[] = [];
    for (const { answer, quote } of moves) {
      await applyTransition(tx, {
        quote,
        to: answerStatus(answer.response),
        actor: { kind: 'client', userId: null },
        note: historyNote(source.pageName, answer.response),
        changes: { acceptedOfferType: answer.response },
      });
      items.push({
        quoteId: quote.id,
        brand: quote.brand,
        name: quote.name,
        response: answer.response,
        amount: acceptedAmount(
          answer.response,
          offers.filter((offer) => offer.quoteId === quote.id),
        ),
      });
    }
    const { decline } = source;
    const declined = answers.filter((answer) => answer.response === 'rejected');
    if (decline && declined.length > 0) {
      await tx.insert(clientMessages).values(
        declined.map((answer) => ({
          quoteId: answer.quoteId,
          accessLinkId: link.id,
          kind: 'decline' as const,
          reason: decline.reason,
          text: decline.note,
        })),
      );
    }
    await tx.insert(clientAnswers).values(
      answers.map((answer) => ({
        quoteId: answer.quoteId,
        accessLinkId: link.id,
        response: answer.response,
        ipAddress: source.ip,
        userAgent: source.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      })),
    );
    await notifyStylist(tx, link.clientId, items, source);
    return { recorded: true };
  });
}

/**
 * Records a client's answers given through `link`, all or nothing, and tells the stylist in the
 * same transaction. Every quote must be the link's client's and wait for an answer; an answer once
 * recorded is never overwritten, and the same confirm sent again answers as the first did.
 */
export async function recordClientAnswers(
  db: Db,
  link: AccessLink,
  answers: readonly ClientPageAnswer[],
  source: AnswerSource,
): Promise<{ recorded: boolean }> {
  try {
    return await recordOnce(db, link, answers, source);
  } catch (error) {
    // A concurrent confirm committed first (the unique quote_id is the backstop behind the row
    // locks): run again, which now finds its answers and retries or refuses accordingly.
    if (violatedUniqueConstraint(error) !== ANSWER_CONSTRAINT) throw error;
    return recordOnce(db, link, answers, source);
  }
}
