import type { ClientMessage, PaymentMethod } from '@atelier/contract';
import { getTableColumns } from 'drizzle-orm';
import {
  categories,
  clientMessages,
  clients,
  commissions,
  designers,
  images,
  quoteOffers,
  quotes,
  quoteStatusHistory,
  shipments,
} from '../../db/schema.ts';

/*
 * What a quote's resource and its timeline are built from: the columns read for it, and their
 * shape. Its own module, so that quote-resource.ts (which reads them) and item-timeline.ts
 * (which reads the record) depend on it and not on each other.
 */

/** What a client wrote about the quote (client_messages). */
export interface TimelineMessage {
  kind: ClientMessage['kind'];
  reason: string | null;
  text: string;
  createdAt: Date;
}

/** The sale of the item and the client's payout (commissions). */
export interface TimelineSale {
  paidAt: Date | null;
  payoutCents: number;
  paymentMethod: PaymentMethod | null;
}

export interface TimelineFacts {
  /** Oldest first. */
  messages: readonly TimelineMessage[];
  sale: TimelineSale | null;
}

export const quoteColumns = {
  ...getTableColumns(quotes),
  brand: designers.name,
  category: categories.name,
};
export const offerColumns = {
  quoteId: quoteOffers.quoteId,
  type: quoteOffers.type,
  amountCents: quoteOffers.amountCents,
};
export const imageColumns = {
  id: images.id,
  quoteId: images.quoteId,
  storageKey: images.storageKey,
  thumbnailKey: images.thumbnailKey,
};
export const historyColumns = {
  quoteId: quoteStatusHistory.quoteId,
  fromStatus: quoteStatusHistory.fromStatus,
  toStatus: quoteStatusHistory.toStatus,
  actorKind: quoteStatusHistory.actorKind,
  note: quoteStatusHistory.note,
  detail: quoteStatusHistory.detail,
  createdAt: quoteStatusHistory.createdAt,
};
export const shipmentColumns = {
  id: shipments.id,
  kind: shipments.kind,
  labelKey: shipments.labelKey,
  shiplistKey: shipments.shiplistKey,
  trackingNumber: shipments.trackingNumber,
  receiptKey: shipments.receiptKey,
  shippedDate: shipments.shippedDate,
};
export const messageColumns = {
  quoteId: clientMessages.quoteId,
  kind: clientMessages.kind,
  reason: clientMessages.reason,
  text: clientMessages.text,
  createdAt: clientMessages.createdAt,
};
export const saleColumns = {
  quoteId: commissions.quoteId,
  paidAt: commissions.paidAt,
  payoutCents: commissions.purchasePriceCents,
  paymentMethod: clients.paymentMethod,
};

/** A quote and everything its resource shows. */
export interface QuoteRecord {
  quote: typeof quotes.$inferSelect & { brand: string; category: string };
  offers: readonly Pick<typeof quoteOffers.$inferSelect, keyof typeof offerColumns>[];
  /** In display order. */
  images: readonly Pick<typeof images.$inferSelect, keyof typeof imageColumns>[];
  shipment: Pick<typeof shipments.$inferSelect, keyof typeof shipmentColumns> | null;
  /** Oldest first. */
  history: readonly Pick<typeof quoteStatusHistory.$inferSelect, keyof typeof historyColumns>[];
  /** What the client wrote about the quote, and its sale: the timeline's other facts. */
  facts: TimelineFacts;
}
