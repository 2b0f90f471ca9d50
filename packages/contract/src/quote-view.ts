import type { z } from 'zod';
import { normaliseOffers, offerTypesOf } from './offers.ts';
import { isAwaitingAnswer, LooseQuoteResourceSchema, type LooseQuoteResource } from './quotes.ts';
import { DECLINE_REASONS, EXPIRING_SOON_HOURS, offersExpired } from './timeline.ts';

/** One quote as the screens use it, whatever shape it arrived in (§3, §7). */
export const QuoteViewSchema = LooseQuoteResourceSchema.transform(toQuoteView);
export type QuoteView = z.output<typeof QuoteViewSchema>;
/** A question or a reason for declining the client sent from their hub. */
export type QuoteViewClientMessage = QuoteView['clientMessages'][number];

export function toQuoteView(resource: LooseQuoteResource) {
  const a = resource.attributes;
  const images = (a.images ?? []).map((image) => ({
    id: image.id ?? null,
    url: image.url,
    thumbnailUrl: image.thumbnailUrl ?? image.url,
  }));
  const offers = normaliseOffers({ ...a, offers: a.offers ?? null });
  const shipment = a.shipment
    ? {
        id: a.shipment.id ?? null,
        labelUrl: a.shipment.labelUrl ?? null,
        trackingNumber: a.shipment.trackingNumber ?? null,
        shiplistPDFLink: a.shipment.shiplistPDFLink ?? a.shipment.shiplistPdfLink ?? null,
        /** The signed pickup receipt (PDF). */
        receiptUrl: a.shipment.receiptUrl ?? null,
      }
    : null;
  return {
    id: resource.id,
    name: blankToNull(a.name),
    description: blankToNull(a.description),
    brand: blankToNull(a.brand),
    category: blankToNull(a.category),
    images,
    /** The first image (thumbnail for cards), or null for the placeholder. */
    imageUrl: images[0]?.thumbnailUrl ?? a.thumbnail_url ?? a.image_url ?? null,
    createdAt: a.createdAt ?? null,
    status: blankToNull(a.status),
    pickupType: a.pickup_type ?? null,
    authenticationStatus: a.authenticationStatus ?? null,
    // An older record may not say; an offer amount then speaks for itself.
    hasPurchaseOffer: a.hasPurchaseOffer ?? offerTypesOf(offers).length > 0,
    isApproved: a.isApproved ?? false,
    barCode: a.barCode ?? null,
    offers,
    /** The offer types the client can answer (buyback counts as buyout). */
    offerTypes: offerTypesOf(offers),
    commenter: a.commenter ?? null,
    commentToCustomer: a.commentToCustomer ?? null,
    shipment,
    statusHistory: a.statusHistory ?? [],
    timeline: {
      /** Oldest first. */
      steps: (a.timeline?.steps ?? []).filter((step) => step !== null),
      next: a.timeline?.next ?? null,
    },
    /** When the offers stop being open to an answer; null when they do not expire. */
    offersExpireAt: a.offersExpireAt ?? null,
    /** When the client first and last opened the open offers; null if never. */
    offersViewed: a.offersViewed ?? null,
    /** Oldest first. */
    clientMessages: (a.clientMessages ?? []).flatMap((message) =>
      message
        ? [
            {
              kind: message.kind,
              /** The reason's words ("I am selling it elsewhere"), or null for a question. */
              reason:
                message.kind === 'decline' && message.reason
                  ? DECLINE_REASONS[message.reason]
                  : null,
              text: message.text,
              at: message.at,
            },
          ]
        : [],
    ),
    /** The back office's latest request for more information and the answer to it; null if none. */
    moreInfo: a.moreInfo ?? null,
    /** The admin pending-item record. */
    adminUrl: resource.links?.admin ?? null,
  };
}

/** Offers the client can still answer: presented (approved) and waiting (decision 0029). */
export function areOffersOpen(quote: Pick<QuoteView, 'status' | 'isApproved'>): boolean {
  return quote.isApproved && isAwaitingAnswer(quote.status);
}

/**
 * Whether open offers are about to expire ("soon": within EXPIRING_SOON_HOURS) or already have;
 * null when they are not open, do not expire, or have time left.
 */
export function offersExpiry(
  quote: Pick<QuoteView, 'status' | 'isApproved' | 'offersExpireAt'>,
  now: Date = new Date(),
): 'soon' | 'expired' | null {
  if (!areOffersOpen(quote) || quote.offersExpireAt === null) return null;
  if (offersExpired(quote.offersExpireAt, now)) return 'expired';
  const left = new Date(quote.offersExpireAt).getTime() - now.getTime();
  return left <= EXPIRING_SOON_HOURS * 3_600_000 ? 'soon' : null;
}

function blankToNull(text: string | null | undefined): string | null {
  return text == null || text.trim() === '' ? null : text;
}

/** §5 "Quote data sanity checks". */
export type QuoteProblem =
  | 'missing-status'
  | 'missing-name'
  | 'missing-brand'
  | 'offer-pending-without-offers'
  | 'in-transit-without-shipment';

export const QUOTE_PROBLEM_TEXT: Readonly<Record<QuoteProblem, string>> = {
  'missing-status': 'It has no status.',
  'missing-name': 'It has no item name.',
  'missing-brand': 'It has no designer.',
  'offer-pending-without-offers': 'It is waiting for an answer, but has no offers.',
  'in-transit-without-shipment': 'It is in transit, but has no shipment.',
};

export function quoteProblems(quote: QuoteView): QuoteProblem[] {
  const problems: QuoteProblem[] = [];
  if (quote.status === null) problems.push('missing-status');
  if (quote.name === null) problems.push('missing-name');
  if (quote.brand === null) problems.push('missing-brand');
  if (quote.status === 'offer_pending' && quote.offerTypes.length === 0)
    problems.push('offer-pending-without-offers');
  if (quote.status === 'in_transit' && quote.shipment === null)
    problems.push('in-transit-without-shipment');
  return problems;
}
