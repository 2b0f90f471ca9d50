import { CATALOGUE, type CatalogueItem } from './designers.ts';
import { planQuote, type PlannedQuote } from './quote-plan.ts';
import type { Random, UniqueCodes } from './random.ts';

/** Past sales of each designer waiting to be priced. */
const SALES_PER_DESIGNER = 6;

/**
 * Sold items of the designers whose items wait to be priced, so "Make offers" shows price
 * guidance on the demo: the first designer's sales are all in its item's category, the next
 * one's mostly in its other categories (the guidance falls back to the designer), and so on.
 * A third of them were bought outright.
 */
export function planComparableSales(
  random: Random,
  codes: UniqueCodes,
  now: Date,
  toPrice: readonly PlannedQuote[],
  clientCount: number,
  firstNumber: number,
): PlannedQuote[] {
  const designers = [...new Map(toPrice.map((quote) => [quote.item.designer, quote.item]))];
  const items = designers.flatMap(([designer, priced], index) => {
    const made = CATALOGUE.filter((item) => item.designer === designer);
    const same = made.filter((item) => item.category === priced.category);
    const others = made.filter((item) => item.category !== priced.category);
    // Fewer than PRICE_GUIDANCE_MIN_SALES in the category on every other designer.
    const inCategory = index % 2 === 1 && others.length > 0 ? 2 : SALES_PER_DESIGNER;
    return Array.from({ length: SALES_PER_DESIGNER }, (_, i): CatalogueItem =>
      i < inCategory ? same[i % same.length]! : others[i % others.length]!,
    );
  });
  return items.map((item, i) =>
    planQuote(random, codes, now, firstNumber + i, {
      clientIndex: i % clientCount,
      status: 'sold',
      item,
      accepts: i % 3 === 2 ? 'buyout' : 'consignment',
    }),
  );
}
