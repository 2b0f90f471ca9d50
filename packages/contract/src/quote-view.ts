import { normaliseOffers, offerTypesOf, type NormalisedOffers, type OfferType } from './offers.ts';
import type { LooseQuoteResource, QuoteHistoryEntry } from './quotes.ts';

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
    adminUrl: resource.links?.admin ?? null,
  };
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
