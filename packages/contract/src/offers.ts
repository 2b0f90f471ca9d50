import { z } from 'zod';

/** The offers the back office makes on a quote (§3), and the database's `offer_type`. */
export const OFFER_KINDS = ['consignment', 'buyout', 'buyback'] as const;
export const OfferKindSchema = z.enum(OFFER_KINDS);
export type OfferKind = z.infer<typeof OfferKindSchema>;

/** The offers a client answers: a buyback is presented as a buyout (§9). */
export const OFFER_TYPES = ['consignment', 'buyout'] as const satisfies readonly OfferKind[];
export const OfferTypeSchema = z.enum(OFFER_TYPES);
export type OfferType = z.infer<typeof OfferTypeSchema>;

/** The offer a client took, or none (the database's `accepted_offer_type`). */
export const ACCEPTED_OFFER_TYPES = [...OFFER_TYPES, 'rejected'] as const;
export const AcceptedOfferTypeSchema = z.enum(ACCEPTED_OFFER_TYPES);
export type AcceptedOfferType = z.infer<typeof AcceptedOfferTypeSchema>;

/** The client page's Yes/No answer per quote (§4 "Client page"). */
export const ClientResponseSchema = AcceptedOfferTypeSchema.extract(['buyout', 'rejected']);
export type ClientResponse = z.infer<typeof ClientResponseSchema>;

const OfferAmountInputSchema = z.union([z.number(), z.string()]).nullish();

/** Offer fields as quotes arrive (§3): canonical names plus the alternate names older records use. */
export const OfferFieldsSchema = z.object({
  consignmentEstimate: OfferAmountInputSchema,
  buyoutQuote: OfferAmountInputSchema,
  buybackQuote: OfferAmountInputSchema,
  consignment: OfferAmountInputSchema,
  buyout: OfferAmountInputSchema,
  acceptedOfferType: z.string().nullish(),
  consignment_offer: OfferAmountInputSchema,
  consignmentOffer: OfferAmountInputSchema,
  consignment_amount: OfferAmountInputSchema,
  consignmentAmount: OfferAmountInputSchema,
  buyout_offer: OfferAmountInputSchema,
  buyoutOffer: OfferAmountInputSchema,
  buyout_amount: OfferAmountInputSchema,
  buyoutAmount: OfferAmountInputSchema,
});
export type OfferFields = z.infer<typeof OfferFieldsSchema>;

/** A quote carrying offer fields flat, inside `offers`, or both; per field name, `offers` is read first. */
export type OfferSource = OfferFields & { readonly offers?: OfferFields | null };

export const NormalisedOffersSchema = z.object({
  consignment: z.number().nullable(),
  buyout: z.number().nullable(),
  buyback: z.number().nullable(),
  acceptedOfferType: AcceptedOfferTypeSchema.nullable(),
});
export type NormalisedOffers = z.infer<typeof NormalisedOffersSchema>;

type AmountField = Exclude<keyof OfferFields, 'acceptedOfferType'>;

// Canonical names first, then the alternates in the order §3 lists them.
const CONSIGNMENT_FIELDS: readonly AmountField[] = [
  'consignmentEstimate',
  'consignment',
  'consignment_offer',
  'consignmentOffer',
  'consignment_amount',
  'consignmentAmount',
];
const BUYOUT_FIELDS: readonly AmountField[] = [
  'buyoutQuote',
  'buyout',
  'buyout_offer',
  'buyoutOffer',
  'buyout_amount',
  'buyoutAmount',
];
const BUYBACK_FIELDS: readonly AmountField[] = ['buybackQuote'];

export function normaliseOffers(source: OfferSource): NormalisedOffers {
  const layers = [source.offers ?? {}, source];
  const accepted = layers
    .map((fields) => AcceptedOfferTypeSchema.safeParse(fields.acceptedOfferType))
    .find((result) => result.success);
  return {
    consignment: firstAmount(layers, CONSIGNMENT_FIELDS),
    buyout: firstAmount(layers, BUYOUT_FIELDS),
    buyback: firstAmount(layers, BUYBACK_FIELDS),
    acceptedOfferType: accepted?.data ?? null,
  };
}

/** Offer types a client can answer; buyback is presented as Buyout (§9), and a zero amount is no offer. */
export function offerTypesOf(offers: NormalisedOffers): OfferType[] {
  const types: OfferType[] = [];
  if (isOffered(offers.consignment)) types.push('consignment');
  if (isOffered(offers.buyout) || isOffered(offers.buyback)) types.push('buyout');
  return types;
}

/** The amount the client answers for an offer type: a buyback stands in for a missing buyout (§9). */
export function offerAmount(offers: NormalisedOffers, type: OfferType): number | null {
  const candidates =
    type === 'consignment' ? [offers.consignment] : [offers.buyout, offers.buyback];
  return candidates.find((amount) => isOffered(amount)) ?? null;
}

/** §2 quote card: offers show only when the quote has a purchase offer and is approved. */
export function canShowOffers(quote: {
  readonly hasPurchaseOffer?: boolean | null;
  readonly isApproved?: boolean | null;
}): boolean {
  return quote.hasPurchaseOffer === true && quote.isApproved === true;
}

// Plain decimals only: "1e3", "0x10" or "$5" are not amounts a server sends.
const DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** Amounts arrive as numbers or numeric strings; anything else counts as absent. */
export function parseOfferAmount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !DECIMAL.test(value.trim())) return null;
  return Number(value.trim());
}

function firstAmount(layers: readonly OfferFields[], names: readonly AmountField[]): number | null {
  for (const name of names) {
    for (const fields of layers) {
      const amount = parseOfferAmount(fields[name]);
      if (amount !== null) return amount;
    }
  }
  return null;
}

function isOffered(amount: number | null): boolean {
  return amount !== null && amount > 0;
}
