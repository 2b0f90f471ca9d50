import type {
  CuratedAnswerBodySchema,
  CuratedDocument,
  OfferApprovalBodySchema,
  OfferApprovalDocument,
  QuoteShareDocument,
} from '@atelier/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { QuoteLinkDeps } from '../quotes/index.ts';
import {
  isAwaitingClient,
  loadClientPage,
  pageLink,
  requireAccessLink,
  toCuratedQuote,
  type ClientPage,
} from './client-page-resource.ts';
import { recordOffersViewed } from './offer-views.ts';
import { recordClientAnswers, type AnswerSource } from './record-client-answers.ts';

export type CuratedAnswers = z.output<typeof CuratedAnswerBodySchema>;
export type OfferApprovalAnswers = z.output<typeof OfferApprovalBodySchema>;

/** Who sent the answers, as the audit keeps it. */
export type AnswerRequest = Pick<AnswerSource, 'ip' | 'userAgent'>;

export interface ClientPageDeps extends QuoteLinkDeps {
  publicUrl: string;
}

const CURATED_PAGE = 'Curated For';
const OFFER_APPROVAL_PAGE = 'Approve White Glove Offers';

function answeredThrough(page: ClientPage, linkId: number) {
  return page.quotes.filter((entry) => entry.answeredThroughLinkId === linkId);
}

function toCuratedDocument(page: ClientPage, linkId: number): CuratedDocument {
  const curated = (entries: ClientPage['quotes']) =>
    entries.flatMap((entry) => toCuratedQuote(entry.quote) ?? []);
  return {
    data: curated(page.quotes.filter((entry) => isAwaitingClient(entry, page.now))),
    meta: { ...page.meta, answered: curated(answeredThrough(page, linkId)) },
  };
}

function toOfferApprovalDocument(page: ClientPage, linkId: number): OfferApprovalDocument {
  return {
    data: page.quotes
      .filter((entry) => isAwaitingClient(entry, page.now))
      .map((entry) => entry.quote),
    meta: {
      ...page.meta,
      answered: answeredThrough(page, linkId).map((entry) => entry.quote),
    },
  };
}

/** "Curated For": the quotes with a buyout offer awaiting a Yes or No, and those already answered. */
export async function getCuratedPage(
  db: Db,
  token: string,
  deps: QuoteLinkDeps,
): Promise<CuratedDocument> {
  const link = await requireAccessLink(db, pageLink('client-response'), token);
  const page = await loadClientPage(db, link, deps);
  await recordOffersViewed(db, page);
  return toCuratedDocument(page, link.id);
}

/** Records the Yes (buyout) and No (rejected) of the "Curated For" page. */
export async function answerCuratedPage(
  db: Db,
  token: string,
  answers: CuratedAnswers,
  request: AnswerRequest,
  deps: ClientPageDeps,
): Promise<CuratedDocument> {
  const link = await requireAccessLink(db, pageLink('client-response'), token);
  await recordClientAnswers(
    db,
    link,
    answers.pendingItems.map((item) => ({ quoteId: item.id, response: item.clientResponse })),
    { ...request, pageName: CURATED_PAGE, buyoutOnly: true, publicUrl: deps.publicUrl },
  );
  return toCuratedDocument(await loadClientPage(db, link, deps), link.id);
}

/** "Quote Share": every quote of the client, read-only. */
export async function getQuoteSharePage(
  db: Db,
  token: string,
  deps: QuoteLinkDeps,
): Promise<QuoteShareDocument> {
  const link = await requireAccessLink(db, pageLink('quote-share'), token);
  const page = await loadClientPage(db, link, deps);
  await recordOffersViewed(db, page);
  return { data: page.quotes.map((entry) => entry.quote), meta: page.meta };
}

/** "Approve White Glove Offers": the quotes whose offers await consignment, buyout or no. */
export async function getOfferApprovalPage(
  db: Db,
  token: string,
  deps: QuoteLinkDeps,
): Promise<OfferApprovalDocument> {
  const link = await requireAccessLink(db, pageLink('offer-approval'), token);
  const page = await loadClientPage(db, link, deps);
  await recordOffersViewed(db, page);
  return toOfferApprovalDocument(page, link.id);
}

/** Records the answers of the offer approval page, by the stylist's review-response rule. */
export async function answerOfferApprovalPage(
  db: Db,
  token: string,
  body: OfferApprovalAnswers,
  request: AnswerRequest,
  deps: ClientPageDeps,
): Promise<OfferApprovalDocument> {
  const link = await requireAccessLink(db, pageLink('offer-approval'), token);
  await recordClientAnswers(
    db,
    link,
    body.data.map((item) => ({ quoteId: item.id, response: item.attributes.accepted_offer_type })),
    { ...request, pageName: OFFER_APPROVAL_PAGE, buyoutOnly: false, publicUrl: deps.publicUrl },
  );
  return toOfferApprovalDocument(await loadClientPage(db, link, deps), link.id);
}
