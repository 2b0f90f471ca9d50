import {
  isAwaitingAnswer,
  offersExpired,
  CLIENT_PAGE_TEXT,
  ErrorCode,
  initials,
  offerAmount,
  offerTypesOf,
  sortQuotes,
  type ClientPageMeta,
  type ClientQuote,
  type CuratedQuote,
  type ItemTimeline,
  type NormalisedOffers,
  type QuoteResource,
} from '@atelier/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clientAnswers, clients, quotes, stylists, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { findAccessLink, type AccessLink, type AccessLinkPurpose } from '../links/index.ts';
import { loadQuoteResources, type QuoteLinkDeps } from '../quotes/index.ts';

/** An unknown, expired, revoked or wrong-purpose link: all answer alike, and carry no data. */
export const linkNotFound = () =>
  new AppError(ErrorCode.notFound, CLIENT_PAGE_TEXT.linkNotValid, 404);

/** The live link `token` opens for `purpose` (or any of several), or a 404. */
export async function requireAccessLink(
  db: Db,
  purpose: AccessLinkPurpose | readonly AccessLinkPurpose[],
  token: string,
): Promise<AccessLink> {
  const link = await findAccessLink(db, purpose, token);
  if (!link) throw linkNotFound();
  return link;
}

/** A client page opens with its own link or with the client's hub link (decision 0029). */
export const pageLink = (purpose: AccessLinkPurpose) => [purpose, 'hub'] as const;

/** A quote as the client pages read it, with the answer a client page recorded for it. */
export interface ClientPageQuote {
  quote: ClientQuote;
  isApproved: boolean;
  /** The link the client answered through, when they did on a client page. */
  answeredThroughLinkId: number | null;
  /** When the offers stop being open to an answer; null when they do not expire. */
  offersExpireAt: Date | null;
  timeline: ItemTimeline;
}

export interface ClientPage {
  meta: ClientPageMeta;
  clientId: number;
  stylistId: number;
  /** For the hub's "Write to {stylist}". */
  stylistEmail: string;
  /** When the page was read: whether offers are expired is judged at this instant. */
  now: Date;
  /** Every quote of the client with their stylist, sorted as the stylist's list (§4). */
  quotes: ClientPageQuote[];
}

function normalisedOffers(resource: QuoteResource): NormalisedOffers {
  const { offers } = resource.attributes;
  return {
    consignment: offers.consignmentEstimate,
    buyout: offers.buyoutQuote,
    buyback: offers.buybackQuote,
    acceptedOfferType: offers.acceptedOfferType,
  };
}

/** The one mapping from the stylist's quote resource to what a client may see of it. */
export function toClientQuote(
  resource: QuoteResource,
  answer: { response: ClientQuote['acceptedOfferType']; createdAt: Date } | null,
): ClientQuote {
  const { attributes } = resource;
  const offers = normalisedOffers(resource);
  // §2: only offers approved for presentation are shown; buyback stands in for buyout (§9).
  const shown = attributes.isApproved;
  return {
    id: resource.id,
    name: attributes.name,
    brand: attributes.brand,
    category: attributes.category,
    imageUrl: attributes.image_url,
    thumbnailUrl: attributes.thumbnail_url,
    createdAt: attributes.createdAt,
    status: attributes.status,
    pickupType: attributes.pickup_type,
    offers: {
      consignment: shown ? offerAmount(offers, 'consignment') : null,
      buyout: shown ? offerAmount(offers, 'buyout') : null,
    },
    acceptedOfferType: offers.acceptedOfferType,
    commentToCustomer: attributes.commentToCustomer,
    trackingNumber: attributes.shipment?.trackingNumber ?? null,
    answer: answer?.response
      ? { response: answer.response, answeredAt: answer.createdAt.toISOString() }
      : null,
  };
}

/** The "Curated For" card of a quote, or null when it has no buyout offer to show. */
export function toCuratedQuote(quote: ClientQuote): CuratedQuote | null {
  const buyoutQuote = quote.offers.buyout;
  if (buyoutQuote === null || buyoutQuote <= 0) return null;
  const { id, name, brand, imageUrl, thumbnailUrl, answer } = quote;
  return { id, name, brand, imageUrl, thumbnailUrl, answer, buyoutQuote };
}

/** Whether the offers are past their expiry when the page was read. */
export const isExpired = (entry: ClientPageQuote, now: Date) =>
  offersExpired(entry.offersExpireAt, now);

/**
 * Whether the client can answer the quote's offers now: waiting, approved, with an offer, not
 * expired.
 */
export function isAwaitingClient(page: ClientPageQuote, now = new Date()): boolean {
  const { quote } = page;
  const offers: NormalisedOffers = {
    consignment: quote.offers.consignment,
    buyout: quote.offers.buyout,
    buyback: null,
    acceptedOfferType: null,
  };
  return (
    page.isApproved &&
    isAwaitingAnswer(quote.status) &&
    offerTypesOf(offers).length > 0 &&
    !isExpired(page, now)
  );
}

/** Everything a client page shows for `link`: who the people are and the client's quotes. */
export async function loadClientPage(
  db: Db,
  link: AccessLink,
  deps: QuoteLinkDeps,
): Promise<ClientPage> {
  const [people] = await db
    .select({
      clientFirstName: clients.firstName,
      clientLastName: clients.lastName,
      clientPaymentMethod: clients.paymentMethod,
      stylistId: clients.stylistId,
      stylistFirstName: stylists.firstName,
      stylistLastName: stylists.lastName,
      stylistThumbnailUrl: stylists.thumbnailUrl,
      stylistEmail: users.email,
    })
    .from(clients)
    .innerJoin(stylists, eq(stylists.id, clients.stylistId))
    .innerJoin(users, eq(users.id, stylists.userId))
    .where(eq(clients.id, link.clientId));
  if (!people) throw linkNotFound();
  const resources = await loadQuoteResources(
    db,
    and(eq(quotes.clientId, link.clientId), eq(quotes.stylistId, people.stylistId)),
    deps,
  );
  const ids = resources.map((resource) => resource.id);
  const answers =
    ids.length === 0
      ? []
      : await db
          .select({
            quoteId: clientAnswers.quoteId,
            accessLinkId: clientAnswers.accessLinkId,
            response: clientAnswers.response,
            createdAt: clientAnswers.createdAt,
          })
          .from(clientAnswers)
          .where(inArray(clientAnswers.quoteId, ids));
  const answerByQuote = new Map(answers.map((answer) => [answer.quoteId, answer]));
  const sorted = sortQuotes(
    resources.map((resource) => ({
      resource,
      status: resource.attributes.status,
      createdAt: resource.attributes.createdAt,
    })),
  );
  return {
    clientId: link.clientId,
    stylistId: people.stylistId,
    stylistEmail: people.stylistEmail,
    now: new Date(),
    meta: {
      client: {
        firstName: people.clientFirstName,
        lastName: people.clientLastName,
        paymentMethod: people.clientPaymentMethod,
      },
      stylist: {
        firstName: people.stylistFirstName,
        name: `${people.stylistFirstName} ${people.stylistLastName}`.trim(),
        initials: initials(people.stylistFirstName, people.stylistLastName),
        thumbnailUrl: deps.storage.linkFor(people.stylistThumbnailUrl),
      },
      expiresAt: link.expiresAt.toISOString(),
    },
    quotes: sorted.map(({ resource }) => {
      const answer = answerByQuote.get(resource.id) ?? null;
      return {
        quote: toClientQuote(resource, answer),
        isApproved: resource.attributes.isApproved,
        answeredThroughLinkId: answer?.accessLinkId ?? null,
        offersExpireAt: resource.attributes.offersExpireAt
          ? new Date(resource.attributes.offersExpireAt)
          : null,
        timeline: resource.attributes.timeline,
      };
    }),
  };
}
