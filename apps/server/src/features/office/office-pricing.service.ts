import {
  hasOfficeRight,
  PRICE_GUIDANCE_COMPARABLES,
  PRICE_GUIDANCE_MIN_SALES,
  type PriceGuidanceBasis,
  type PriceGuidanceDocument,
} from '@atelier/contract';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  categories,
  commissions,
  designers,
  images,
  quotes,
  quoteStatusHistory,
} from '../../db/schema.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { AppError } from '../../lib/app-error.ts';
import type { OfficeActor } from './office-item.service.ts';

/*
 * What the guidance counts, from what Atelier keeps:
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

const isBuyout = sql<boolean>`${commissions.orderId} is not null`;
const listedAt = sql`(select max(${quoteStatusHistory.createdAt}) from ${quoteStatusHistory}
  where ${quoteStatusHistory.quoteId} = ${commissions.quoteId} and ${quoteStatusHistory.toStatus} = 'converted')`;
const median = (value: SQL) =>
  sql<number | null>`percentile_cont(0.5) within group (order by ${value})`;
const firstPhotoKey = sql<
  string | null
>`(select ${images.thumbnailKey} from ${images} where ${images.quoteId} = ${quotes.id} order by ${images.position}, ${images.id} limit 1)`;

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
      inCategory: sql<number>`(select count(*)::int from ${commissions}
        join ${quotes} q on q.id = ${commissions.quoteId}
        where q.designer_id = ${quotes.designerId} and q.category_id = ${quotes.categoryId})`,
    })
    .from(quotes)
    .innerJoin(designers, eq(designers.id, quotes.designerId))
    .innerJoin(categories, eq(categories.id, quotes.categoryId))
    .where(eq(quotes.id, quoteId));
  if (!item) throw AppError.notFound('Item');

  const basis: PriceGuidanceBasis =
    item.inCategory >= PRICE_GUIDANCE_MIN_SALES ? 'designer_category' : 'designer';
  const inBasis = and(
    eq(quotes.designerId, item.designerId),
    basis === 'designer_category' ? eq(quotes.categoryId, item.categoryId) : undefined,
  );

  const [[figures], comparables] = await Promise.all([
    db
      .select({
        sales: sql<number>`count(*)::int`,
        buyouts: sql<number>`(count(*) filter (where ${isBuyout}))::int`,
        medianPrice: median(sql`${commissions.purchasePriceCents}`),
        minPrice: sql<number | null>`min(${commissions.purchasePriceCents})`,
        maxPrice: sql<number | null>`max(${commissions.purchasePriceCents})`,
        medianBuyout: sql<
          number | null
        >`percentile_cont(0.5) within group (order by ${commissions.purchasePriceCents}) filter (where ${isBuyout})`,
        medianDays: sql<
          number | null
        >`percentile_cont(0.5) within group (order by extract(epoch from ${commissions.createdAt} - ${listedAt}) / 86400) filter (where not ${isBuyout})`,
      })
      .from(commissions)
      .innerJoin(quotes, eq(quotes.id, commissions.quoteId))
      .where(inBasis),
    db
      .select({
        quoteId: quotes.id,
        name: quotes.name,
        category: categories.name,
        photoKey: firstPhotoKey,
        soldAt: commissions.createdAt,
        priceCents: commissions.purchasePriceCents,
        isBuyout,
      })
      .from(commissions)
      .innerJoin(quotes, eq(quotes.id, commissions.quoteId))
      .innerJoin(categories, eq(categories.id, quotes.categoryId))
      .where(inBasis)
      .orderBy(desc(commissions.createdAt), desc(commissions.id))
      .limit(PRICE_GUIDANCE_COMPARABLES),
  ]);

  // An aggregate without GROUP BY answers one row, with nulls when nothing counts.
  if (!figures) throw new Error('the price guidance aggregate returned no row');
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
