import {
  hasOfficeRight,
  PRICE_GUIDANCE_COMPARABLES,
  PRICE_GUIDANCE_MIN_SALES,
  type PriceGuidanceBasis,
  type PriceGuidanceDocument,
} from '@atelier/contract';
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, comparableSales, designers, images, quotes } from '../../db/schema.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { AppError } from '../../lib/app-error.ts';
import type { OfficeActor } from './office-item.service.ts';

/*
 * What the guidance counts (docs/decisions/0037), from what Atelier keeps: the comparable_sales
 * rows that migration 0016's triggers keep, one per sale, so a basis is one covering index range.
 * - A sale is a commission recorded on a quote (recordSale writes exactly one when a converted
 *   item sells or is bought outright); commissions without a quote (imported history) have no
 *   designer or category and do not count.
 * - Its price is the commission's purchase price: what the sale paid the client, the spec's
 *   "payout to client" (Atelier records no shop price of its own).
 * - A buyout is a sale with a shop order id (the spec's "Purchased for Client"); "buyout paid" is
 *   its purchase price, what the company paid for the item outright.
 * - Listing is the quote's last move to "converted" in its status history: the step recordSale
 *   calls "Photographed and listed for sale". Days to sell run from then to the commission's
 *   creation, over consignment sales only (a buyout is bought, not listed for buyers).
 */

/**
 * The basis's figures in one statement. Each median is the middle of the basis in the order of its
 * own index (migration 0017): OFFSET (n - 1) / 2, then one value (n odd) or the average of two
 * (n even), as percentile_cont(0.5) gives; PostgreSQL reads half an index range, not a sort of it.
 */
function basisFigures(db: Db, inBasis: SQL) {
  const cs = comparableSales;
  const middle = (value: SQL, filter: SQL, count: SQL) => sql<string | null>`(
    select avg(v) from (
      select ${value} as v from ${cs} where ${inBasis} and ${filter}
      order by ${value} offset (${count} - 1) / 2 limit 2 - ${count} % 2
    ) middle)`;
  const bought = sql`${cs.isBuyout}`;
  const timed = sql`${cs.daysToSell} is not null`;
  return db
    .select({
      sales: sql<number>`n.sales`,
      buyouts: sql<number>`n.buyouts`,
      minPrice: sql<number | null>`(select min(${cs.priceCents}) from ${cs} where ${inBasis})`,
      maxPrice: sql<number | null>`(select max(${cs.priceCents}) from ${cs} where ${inBasis})`,
      medianPrice: middle(sql`${cs.priceCents}`, sql`true`, sql`n.sales`),
      medianBuyout: middle(sql`${cs.priceCents}`, bought, sql`n.buyouts`),
      medianDays: middle(sql`${cs.daysToSell}`, timed, sql`n.timed`),
    })
    .from(
      sql`(select
        (select count(*)::int from ${cs} where ${inBasis}) as sales,
        (select count(*)::int from ${cs} where ${inBasis} and ${bought}) as buyouts,
        (select count(*)::int from ${cs} where ${inBasis} and ${timed}) as timed) as n`,
    );
}

const firstPhotoKey = sql<
  string | null
>`(select ${images.thumbnailKey} from ${images} where ${images.quoteId} = ${comparableSales.quoteId} order by ${images.position}, ${images.id} limit 1)`;

const dollars = (cents: number) => Math.round(cents) / 100;
const dollarsOrNull = (cents: number | string | null) =>
  cents === null ? null : dollars(Number(cents));

/** The price guidance for pricing one item, for a staff member with the price right. */
export async function getPriceGuidance(
  db: Db,
  actor: OfficeActor,
  quoteId: number,
  deps: { storage: Pick<FileStorage, 'urlFor'> },
): Promise<PriceGuidanceDocument> {
  if (!hasOfficeRight(actor.role, 'price')) {
    throw AppError.forbidden('Only pricers and operations see price guidance.');
  }
  const [item] = await db
    .select({
      designerId: quotes.designerId,
      designer: designers.name,
      categoryId: quotes.categoryId,
      category: categories.name,
      inCategory: sql<number>`(select count(*)::int from ${comparableSales}
        where ${comparableSales.designerId} = ${quotes.designerId}
          and ${comparableSales.categoryId} = ${quotes.categoryId})`,
    })
    .from(quotes)
    .innerJoin(designers, eq(designers.id, quotes.designerId))
    .innerJoin(categories, eq(categories.id, quotes.categoryId))
    .where(eq(quotes.id, quoteId));
  if (!item) throw AppError.notFound('Item');

  const basis: PriceGuidanceBasis =
    item.inCategory >= PRICE_GUIDANCE_MIN_SALES ? 'designer_category' : 'designer';
  const inBasis =
    basis === 'designer_category'
      ? sql`${comparableSales.designerId} = ${item.designerId} and ${comparableSales.categoryId} = ${item.categoryId}`
      : sql`${comparableSales.designerId} = ${item.designerId}`;

  const [[figures], comparables] = await Promise.all([
    basisFigures(db, inBasis),
    db
      .select({
        quoteId: comparableSales.quoteId,
        name: quotes.name,
        category: categories.name,
        photoKey: firstPhotoKey,
        soldAt: comparableSales.soldAt,
        priceCents: comparableSales.priceCents,
        isBuyout: comparableSales.isBuyout,
      })
      .from(comparableSales)
      .innerJoin(quotes, eq(quotes.id, comparableSales.quoteId))
      .innerJoin(categories, eq(categories.id, comparableSales.categoryId))
      .where(inBasis)
      .orderBy(desc(comparableSales.soldAt), desc(comparableSales.commissionId))
      .limit(PRICE_GUIDANCE_COMPARABLES),
  ]);

  // One row, with nulls where nothing counts.
  if (!figures) throw new Error('the price guidance figures returned no row');
  const spread =
    figures.medianPrice === null || figures.minPrice === null || figures.maxPrice === null
      ? null
      : {
          median: dollars(Number(figures.medianPrice)),
          min: dollars(Number(figures.minPrice)),
          max: dollars(Number(figures.maxPrice)),
        };
  return {
    data: {
      quoteId,
      designer: { id: item.designerId, name: item.designer },
      category: { id: item.categoryId, name: item.category },
      basis,
      sales: figures.sales,
      buyouts: figures.buyouts,
      salePrice: spread,
      medianBuyoutPaid: dollarsOrNull(figures.medianBuyout),
      medianDaysToSell:
        figures.medianDays === null ? null : Math.round(Number(figures.medianDays) * 10) / 10,
      comparables: comparables.map((row) => ({
        quoteId: row.quoteId,
        name: row.name,
        category: row.category,
        photoUrl: row.photoKey ? deps.storage.urlFor(row.photoKey) : null,
        soldAt: row.soldAt.toISOString(),
        price: dollars(row.priceCents),
        kind: row.isBuyout ? 'buyout' : 'consignment',
      })),
    },
  };
}
