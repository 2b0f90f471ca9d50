import { z } from 'zod';
import { OfficePersonSchema } from './office.ts';

/* ---------- Price guidance on "Make offers": the company's own past sales ---------- */

/**
 * Fewer sales than this of the item's designer in its category, and the guidance falls back to
 * the designer's sales in every category.
 */
export const PRICE_GUIDANCE_MIN_SALES = 3;

/** How many of the latest comparable sales the guidance lists. */
export const PRICE_GUIDANCE_COMPARABLES = 5;

/**
 * Which sales the figures come from: the item's designer in its category, or (when that has
 * fewer than PRICE_GUIDANCE_MIN_SALES) the designer in every category.
 */
export const PRICE_GUIDANCE_BASES = ['designer_category', 'designer'] as const;
export type PriceGuidanceBasis = (typeof PRICE_GUIDANCE_BASES)[number];

/** A past sale like the item: its first photo, when it sold and for how much (dollars). */
export const ComparableSaleSchema = z.object({
  quoteId: z.number().int(),
  name: z.string(),
  category: z.string(),
  /** The first photo's signed link, or null without one. */
  photoUrl: z.string().nullable(),
  /** When the sale was recorded (ISO 8601). */
  soldAt: z.iso.datetime(),
  /** The sale's price: what the sale paid its client (see `salePrice`). */
  price: z.number(),
  /** Sold on consignment, or bought outright by the company. */
  kind: z.enum(['consignment', 'buyout']),
});
export type ComparableSale = z.infer<typeof ComparableSaleSchema>;

/** Median, lowest and highest of a set of amounts in dollars. */
const AmountSpreadSchema = z.object({ median: z.number(), min: z.number(), max: z.number() });

/**
 * GET /api/office/items/{quoteId}/price-guidance. Every figure is null when no sale counts
 * (`sales` 0): the designer has sold nothing yet.
 */
export const PriceGuidanceDocumentSchema = z.object({
  data: z.object({
    quoteId: z.number().int(),
    designer: OfficePersonSchema,
    category: OfficePersonSchema,
    basis: z.enum(PRICE_GUIDANCE_BASES),
    /** The sales the figures count: sold on consignment and bought outright. */
    sales: z.number().int(),
    /** Of them, bought outright (buyouts). */
    buyouts: z.number().int(),
    /** The sale price over every counted sale. */
    salePrice: AmountSpreadSchema.nullable(),
    /** The median price the company paid for the buyouts; null without one. */
    medianBuyoutPaid: z.number().nullable(),
    /** Median days from listing (conversion) to sale, over the consignment sales. */
    medianDaysToSell: z.number().nullable(),
    /** The latest sales, newest first, at most PRICE_GUIDANCE_COMPARABLES. */
    comparables: z.array(ComparableSaleSchema),
  }),
});
export type PriceGuidanceDocument = z.infer<typeof PriceGuidanceDocumentSchema>;
export type PriceGuidance = PriceGuidanceDocument['data'];
