import {
  DEFAULT_TIME_ZONE,
  formatDate,
  offersExpired,
  offerTypesOf,
  type AcceptedOfferType,
  type OfferKind,
  type LifecycleStatus,
} from '@atelier/contract';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { quoteOffers } from '../../db/schema.ts';

/** Where an answer moves a quote: a refusal of every offer rejects it, anything else accepts. */
export function answerStatus(accepted: AcceptedOfferType): LifecycleStatus {
  return accepted === 'rejected' ? 'rejected' : 'offer_accepted';
}

export interface StoredOffer {
  quoteId: number;
  type: OfferKind;
  cents: number;
}

/** Why a quote with these offers cannot take the answer `accepted`, or null when it can. */
export function offerRefusal(
  accepted: AcceptedOfferType,
  offers: readonly Pick<StoredOffer, 'type' | 'cents'>[],
): string | null {
  if (accepted === 'rejected') return null;
  // Only whether an amount is above zero matters here, so cents serve as well as dollars.
  const amount = (type: string) => offers.find((offer) => offer.type === type)?.cents ?? null;
  const offered = offerTypesOf({
    consignment: amount('consignment'),
    buyout: amount('buyout'),
    buyback: amount('buyback'),
    acceptedOfferType: null,
  });
  return offered.includes(accepted) ? null : `This quote has no ${accepted} offer to accept.`;
}

/** The offers of the quotes `quoteIds`, in cents. */
export async function loadStoredOffers(
  tx: Tx,
  quoteIds: readonly number[],
): Promise<StoredOffer[]> {
  if (quoteIds.length === 0) return [];
  return tx
    .select({
      quoteId: quoteOffers.quoteId,
      type: quoteOffers.type,
      cents: quoteOffers.amountCents,
    })
    .from(quoteOffers)
    .where(inArray(quoteOffers.quoteId, [...quoteIds]));
}

/**
 * Why an answer cannot be taken because the offers expired, or null: an expired offer can no
 * longer be accepted (declining stays possible); the back office may renew it (decision 0029).
 */
export function expiredOfferRefusal(
  accepted: AcceptedOfferType,
  expireAt: Date | null,
  now: Date,
  title = 'this quote',
): string | null {
  if (accepted === 'rejected' || !expireAt || !offersExpired(expireAt, now)) return null;
  // The day in UTC: the refusal does not know the reader's zone.
  return `The offers for ${title} expired on ${formatDate(expireAt, DEFAULT_TIME_ZONE)}. They can be accepted again once renewed.`;
}
