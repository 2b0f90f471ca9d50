import { normaliseOffers, offerTypesOf, type NormalisedOffers, type OfferType } from './offers.ts';
import { isAwaitingAnswer, type LooseQuoteResource, type QuoteHistoryEntry } from './quotes.ts';
import {
  DECLINE_REASONS,
  EXPIRING_SOON_HOURS,
  offersExpired,
  type TimelineStep,
} from './timeline.ts';

export interface QuoteViewImage {
  readonly id: number | string | null;
  readonly url: string;
  readonly thumbnailUrl: string;
}

export interface QuoteViewShipment {
  readonly id: number | string | null;
  readonly labelUrl: string | null;
  readonly trackingNumber: string | null;
  readonly shiplistPDFLink: string | null;
  /** The signed pickup receipt (PDF). */
  readonly receiptUrl: string | null;
}

/** One dated step of the item's timeline (decision 0029), as the client sees it on their hub. */
export interface QuoteViewTimelineStep {
  readonly kind: string;
  readonly at: string;
  readonly by: TimelineStep['by'];
  readonly title: string;
  readonly details: readonly string[];
  readonly link: { readonly label: string; readonly url: string } | null;
}

export interface QuoteViewTimeline {
  /** Oldest first. */
  readonly steps: readonly QuoteViewTimelineStep[];
  readonly next: { readonly title: string; readonly estimate: string } | null;
}

/** A question or a reason for declining the client sent from their hub. */
export interface QuoteViewClientMessage {
  readonly kind: 'question' | 'decline';
  /** The reason's words ("I am selling it elsewhere"), or null for a question or an unknown one. */
  readonly reason: string | null;
  readonly text: string;
  readonly at: string;
}

/** One quote as the screens use it, whatever shape it arrived in (§3, §7). */
export interface QuoteView {
  readonly id: number | string;
  readonly name: string | null;
  readonly description: string | null;
  readonly brand: string | null;
  readonly category: string | null;
  readonly images: readonly QuoteViewImage[];
  /** The first image (thumbnail for cards), or null for the placeholder. */
  readonly imageUrl: string | null;
  readonly createdAt: string | null;
  readonly status: string | null;
  readonly pickupType: string | null;
  readonly authenticationStatus: string | null;
  readonly hasPurchaseOffer: boolean;
  readonly isApproved: boolean;
  readonly barCode: string | null;
  readonly offers: NormalisedOffers;
  /** The offer types the client can answer (buyback counts as buyout). */
  readonly offerTypes: readonly OfferType[];
  readonly commenter: string | null;
  readonly commentToCustomer: string | null;
  readonly shipment: QuoteViewShipment | null;
  readonly statusHistory: readonly QuoteHistoryEntry[];
  readonly timeline: QuoteViewTimeline;
  /** When the offers stop being open to an answer; null when they do not expire. */
  readonly offersExpireAt: string | null;
  /** When the client first and last opened the open offers; null if never. */
  readonly offersViewed: { readonly firstAt: string; readonly lastAt: string } | null;
  /** Oldest first. */
  readonly clientMessages: readonly QuoteViewClientMessage[];
  /** The admin pending-item record. */
  readonly adminUrl: string | null;
}

export function toQuoteView(resource: LooseQuoteResource): QuoteView {
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
    offerTypes: offerTypesOf(offers),
    commenter: a.commenter ?? null,
    commentToCustomer: a.commentToCustomer ?? null,
    shipment,
    statusHistory: a.statusHistory ?? [],
    timeline: {
      steps: (a.timeline?.steps ?? []).flatMap((step) =>
        step
          ? [{ ...step, by: step.by ?? null, details: step.details ?? [], link: step.link ?? null }]
          : [],
      ),
      next: a.timeline?.next
        ? { title: a.timeline.next.title, estimate: a.timeline.next.estimate }
        : null,
    },
    offersExpireAt: a.offersExpireAt ?? null,
    offersViewed: a.offersViewed ?? null,
    clientMessages: (a.clientMessages ?? []).flatMap((message) =>
      message
        ? [
            {
              kind: message.kind,
              reason:
                message.kind === 'decline' &&
                message.reason &&
                Object.hasOwn(DECLINE_REASONS, message.reason)
                  ? DECLINE_REASONS[message.reason as keyof typeof DECLINE_REASONS]
                  : null,
              text: message.text ?? '',
              at: message.at,
            },
          ]
        : [],
    ),
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
