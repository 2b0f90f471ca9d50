import type { OfferType } from '@atelier/contract';
import { CATALOGUE, type CatalogueItem } from './designers.ts';
import { COLORWAYS, type ProductPicture } from './product-art.ts';
import { roundTo, type PlannedQuote } from './quote-plan.ts';
import { digits, type Random, type UniqueCodes } from './random.ts';

const DAY = 86_400_000;

export interface PlannedCommission {
  clientIndex: number;
  /** The sold quote this commission came from, if it came from one. */
  quoteNumber: number | null;
  productId: string;
  item: CatalogueItem;
  /** Drawn for commissions without a quote; a quote's commission reuses the quote's first picture. */
  picture: ProductPicture | null;
  amountCents: number;
  purchasePriceCents: number;
  orderId: string | null;
  createdAt: Date;
  paidAt: Date | null;
  statuses: { label: string; text: string; at: Date }[];
}

interface Sale {
  clientIndex: number;
  quote: PlannedQuote | null;
  item: CatalogueItem;
  isBuyout: boolean;
  soldAt: Date;
}

function monthWindow(now: Date, monthsAgo: number) {
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 1);
  const end = Math.min(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo + 1, 1),
    now.getTime(),
  );
  return { start, end };
}

function toCommission(
  random: Random,
  codes: UniqueCodes,
  now: Date,
  sale: Sale,
  isPaid: boolean,
): PlannedCommission {
  const { item, quote, isBuyout } = sale;
  const offer = (type: OfferType) => quote?.offers.find((o) => o.type === type)?.amountCents;
  const priceCents = roundTo(item.valueCents * random.between(0.92, 1.08), 500);
  const purchasePriceCents = isBuyout
    ? (offer('buyout') ?? roundTo(priceCents * random.between(0.52, 0.6), 500))
    : (offer('consignment') ?? roundTo(priceCents * random.between(0.7, 0.8), 500));
  const rate = isBuyout ? random.between(0.1, 0.13) : random.between(0.12, 0.2);
  const soldAt = sale.soldAt.getTime();
  const history = new Map(quote?.history.map((h) => [h.to, h.at.getTime()]));
  const receivedAt = history.get('received') ?? soldAt - random.between(18, 40) * DAY;
  const listedAt = history.get('converted') ?? receivedAt + random.between(2, 6) * DAY;
  const orderId = isBuyout ? codes.next((r) => `ORD-${digits(r, 6)}`) : null;
  const paidAt = isPaid
    ? Math.min(soldAt + random.between(12, 16) * DAY, now.getTime() - DAY / 2)
    : null;

  const statuses = [
    { label: 'Received', text: 'Item received at warehouse', at: new Date(receivedAt) },
  ];
  if (isBuyout) {
    statuses.push({
      label: 'Purchased',
      text: `Bought outright by Atelier, order ${orderId}`,
      at: new Date(soldAt),
    });
  } else {
    statuses.push(
      { label: 'Listed', text: 'Photographed and listed for sale', at: new Date(listedAt) },
      { label: 'Sold', text: 'Sold to a buyer', at: new Date(soldAt) },
    );
  }
  if (paidAt !== null)
    statuses.push({ label: 'Paid', text: 'Commission paid by check', at: new Date(paidAt) });

  return {
    clientIndex: sale.clientIndex,
    quoteNumber: quote?.number ?? null,
    productId: codes.next((r) => `P-${r.int(1, 9)}${digits(r, 5)}`),
    item,
    picture: quote
      ? null
      : { shape: item.shape, colorway: random.int(0, COLORWAYS.length - 1), view: 'front' },
    amountCents: roundTo(priceCents * rate, 100),
    purchasePriceCents,
    orderId,
    createdAt: sale.soldAt,
    paidAt: paidAt === null ? null : new Date(paidAt),
    statuses,
  };
}

export interface CommissionOptions {
  /** Sales per month before the ones from sold quotes; at least 2 so every month shows on the chart. */
  perMonth: [number, number];
  months: number;
  pendingCount: number;
  /** When each client joined: a client never sells before that. */
  clientSince: readonly Date[];
}

/**
 * A year of sales: the sold quotes' own commissions plus sales spread over every month, newest
 * `pendingCount` still awaiting payout and the rest paid about two weeks after the sale.
 */
export function planCommissions(
  random: Random,
  codes: UniqueCodes,
  now: Date,
  soldQuotes: readonly PlannedQuote[],
  options: CommissionOptions,
): PlannedCommission[] {
  const sales: Sale[] = soldQuotes.map((quote) => ({
    clientIndex: quote.clientIndex,
    quote,
    item: quote.item,
    isBuyout: quote.acceptedOfferType === 'buyout',
    soldAt: quote.history.at(-1)!.at,
  }));
  for (let monthsAgo = 0; monthsAgo < options.months; monthsAgo++) {
    const { start, end } = monthWindow(now, monthsAgo);
    const count = random.int(...options.perMonth);
    for (let i = 0; i < count; i++) {
      const soldAt = new Date(start + random.next() * (end - start));
      const eligible = options.clientSince.flatMap((since, index) =>
        since < soldAt ? [index] : [],
      );
      sales.push({
        clientIndex: eligible.length > 0 ? random.pick(eligible) : 0,
        quote: null,
        item: random.pick(CATALOGUE),
        isBuyout: random.chance(1 / 3),
        soldAt,
      });
    }
  }
  sales.sort((a, b) => a.soldAt.getTime() - b.soldAt.getTime());
  const firstPending = sales.length - options.pendingCount;
  return sales.map((sale, i) => toCommission(random, codes, now, sale, i < firstPending));
}
