import crypto from 'node:crypto';
import {
  statusLabel,
  type CommissionDocument,
  type LifecycleStatus,
  type RecordSaleBodySchema,
} from '@atelier/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import {
  commissions,
  commissionStatuses,
  designers,
  images,
  quoteOffers,
  quotes,
  quoteStatusHistory,
} from '../../db/schema.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { AppError } from '../../lib/app-error.ts';
import { applyTransition, type QuoteActorRef } from '../quotes/index.ts';
import { loadCommissionResources } from './commission-resource.ts';

export type RecordSale = z.output<typeof RecordSaleBodySchema>;

export const CONSIGNMENT_HAS_NO_ORDER = 'A consignment sale has no order';
export const PURCHASE_PRICE_REQUIRED =
  'The client accepted no offer with an amount: give the payout to the client';

const toCents = (dollars: number) => Math.round(dollars * 100);

/** A shop order id for a buyout recorded without one: "ORD-" and six random digits. */
export function newOrderId() {
  return `ORD-${crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')}`;
}

/** When the quote last moved to `status`, from its history. */
async function reachedAt(tx: Tx, quoteId: number, status: LifecycleStatus) {
  const [row] = await tx
    .select({ at: quoteStatusHistory.createdAt })
    .from(quoteStatusHistory)
    .where(and(eq(quoteStatusHistory.quoteId, quoteId), eq(quoteStatusHistory.toStatus, status)))
    .orderBy(desc(quoteStatusHistory.createdAt), desc(quoteStatusHistory.id))
    .limit(1);
  return row?.at ?? null;
}

/**
 * A converted quote's item sold (consignment) or was bought outright (buyout): moves the quote
 * to sold and creates the stylist's commission with its status updates, all or nothing.
 */
export async function recordSale(
  db: Db,
  actor: QuoteActorRef,
  input: { quoteId: number; sale: RecordSale },
  deps: { storage: Pick<FileStorage, 'pathOf'> },
): Promise<CommissionDocument> {
  const commissionId = await db.transaction((tx) => recordSaleIn(tx, actor, input, deps));
  const [data] = await loadCommissionResources(db, [commissionId]);
  if (!data) throw new Error(`commission ${commissionId} vanished after its sale`);
  return { data, included: [] };
}

/** `recordSale` in the caller's transaction; answers the new commission's id. */
export async function recordSaleIn(
  tx: Tx,
  actor: QuoteActorRef,
  input: { quoteId: number; sale: RecordSale },
  deps: { storage: Pick<FileStorage, 'pathOf'> },
): Promise<number> {
  const { quoteId, sale } = input;
  const [quote] = await tx
    .select({
      id: quotes.id,
      status: quotes.status,
      stylistId: quotes.stylistId,
      clientId: quotes.clientId,
      designerId: quotes.designerId,
      name: quotes.name,
      acceptedOfferType: quotes.acceptedOfferType,
    })
    .from(quotes)
    .where(eq(quotes.id, quoteId))
    .for('update');
  if (!quote) throw AppError.notFound('Quote');
  if (quote.status !== 'converted') {
    throw AppError.conflict(
      `Only a converted quote can be sold; this one is "${statusLabel(quote.status) ?? quote.status}".`,
    );
  }

  const isPurchase = quote.acceptedOfferType === 'buyout';
  if (!isPurchase && sale.orderId !== undefined) {
    throw AppError.validation({ orderId: [CONSIGNMENT_HAS_NO_ORDER] });
  }
  const offers = await tx
    .select({ type: quoteOffers.type, amountCents: quoteOffers.amountCents })
    .from(quoteOffers)
    .where(eq(quoteOffers.quoteId, quote.id));
  const offerCents = (type: (typeof offers)[number]['type']) =>
    offers.find((offer) => offer.type === type)?.amountCents;
  const defaultCents = isPurchase
    ? (offerCents('buyout') ?? offerCents('buyback'))
    : offerCents('consignment');
  const purchasePriceCents =
    sale.purchasePrice === undefined ? defaultCents : toCents(sale.purchasePrice);
  if (purchasePriceCents === undefined) {
    throw AppError.validation({ purchasePrice: [PURCHASE_PRICE_REQUIRED] });
  }
  const orderId = isPurchase ? (sale.orderId ?? newOrderId()) : null;

  const receivedAt = await reachedAt(tx, quote.id, 'received');
  const convertedAt = await reachedAt(tx, quote.id, 'converted');
  await applyTransition(tx, {
    quote,
    to: 'sold',
    actor,
    note: isPurchase ? `Purchased, order ${orderId}` : 'Sold',
  });

  const [designer] = await tx
    .select({ name: designers.name })
    .from(designers)
    .where(eq(designers.id, quote.designerId));
  const brand = designer?.name ?? '';
  const [image] = await tx
    .select({ thumbnailKey: images.thumbnailKey })
    .from(images)
    .where(eq(images.quoteId, quote.id))
    .orderBy(asc(images.position), asc(images.id))
    .limit(1);
  const soldAt = new Date();
  const [commission] = await tx
    .insert(commissions)
    .values({
      stylistId: quote.stylistId,
      clientId: quote.clientId,
      quoteId: quote.id,
      productId: `P${quote.id}`,
      productName: `${brand} ${quote.name}`.trim(),
      brand,
      titleWithoutBrand: quote.name,
      productThumbnailUrl: image ? deps.storage.pathOf(image.thumbnailKey) : null,
      amountCents: toCents(sale.commission),
      purchasePriceCents,
      orderId,
      createdAt: soldAt,
    })
    .returning({ id: commissions.id });
  if (!commission) throw new Error('the commission insert returned no row');

  const statuses = [
    { label: 'Received', text: 'Item received at warehouse', createdAt: receivedAt ?? soldAt },
    ...(isPurchase
      ? [
          {
            label: 'Purchased',
            text: `Bought outright by Atelier, order ${orderId}`,
            createdAt: soldAt,
          },
        ]
      : [
          {
            label: 'Listed',
            text: 'Photographed and listed for sale',
            createdAt: convertedAt ?? soldAt,
          },
          { label: 'Sold', text: 'Sold to a buyer', createdAt: soldAt },
        ]),
  ];
  await tx
    .insert(commissionStatuses)
    .values(statuses.map((status) => ({ ...status, commissionId: commission.id })));
  return commission.id;
}
