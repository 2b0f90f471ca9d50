import {
  AuthenticationStatusSchema,
  DeclineReasonSchema,
  type MoreInfo,
  type QuoteOffers,
  type QuoteResource,
  centsToDollars,
} from '@atelier/contract';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SiteUrls } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
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
  type QuoteStepDetail,
} from '../../db/schema.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { quoteRecordUrl } from '../../lib/admin-links.ts';
import { itemTimeline } from './item-timeline.ts';
import {
  historyColumns,
  imageColumns,
  messageColumns,
  offerColumns,
  quoteColumns,
  saleColumns,
  shipmentColumns,
  type QuoteRecord,
} from './quote-record.ts';

/** What turns stored keys and ids into the URLs a quote carries. */
export interface QuoteLinkDeps {
  storage: Pick<FileStorage, 'urlFor' | 'linkFor'>;
  sites: SiteUrls;
}

function toOffers(record: QuoteRecord): QuoteOffers {
  const amount = (type: (typeof record.offers)[number]['type']) => {
    const offer = record.offers.find((candidate) => candidate.type === type);
    return offer ? centsToDollars(offer.amountCents) : null;
  };
  return {
    consignmentEstimate: amount('consignment'),
    buyoutQuote: amount('buyout'),
    buybackQuote: amount('buyback'),
    acceptedOfferType: record.quote.acceptedOfferType,
  };
}

/** The latest request for more information (its step's detail) and the answer that followed. */
function moreInfoOf(history: QuoteRecord['history']): MoreInfo | null {
  const detailOf = (row: QuoteRecord['history'][number]) => row.detail as QuoteStepDetail | null;
  const asked = history.findLastIndex((row) => detailOf(row)?.request);
  const requestRow = history[asked];
  const request = requestRow && detailOf(requestRow)?.request;
  if (!requestRow || !request) return null;
  const answerRow = history.slice(asked + 1).find((row) => detailOf(row)?.answer);
  const answer = answerRow && detailOf(answerRow)?.answer;
  return {
    request: { ...request, at: requestRow.createdAt.toISOString() },
    answer:
      answerRow && answer
        ? { note: answer.note, imageIds: answer.imageIds, at: answerRow.createdAt.toISOString() }
        : null,
  };
}

/** The one mapping from a quote's rows to the contract's quote resource. */
export function toQuoteResource(
  record: QuoteRecord,
  { storage, sites }: QuoteLinkDeps,
): QuoteResource {
  const viewedFirst = record.quote.offersFirstViewedAt;
  const viewedLast = record.quote.offersLastViewedAt ?? viewedFirst;
  const { quote, shipment } = record;
  const quoteImages = record.images.map((image) => ({
    id: image.id,
    url: storage.urlFor(image.storageKey),
    thumbnailUrl: storage.urlFor(image.thumbnailKey),
  }));
  const authenticationStatus = AuthenticationStatusSchema.safeParse(quote.authenticationStatus);
  return {
    id: quote.id,
    type: 'white-glove-quotes',
    attributes: {
      name: quote.name,
      description: quote.description,
      brand: quote.brand,
      brandId: quote.designerId,
      category: quote.category,
      categoryId: quote.categoryId,
      images: quoteImages,
      thumbnail_url: quoteImages[0]?.thumbnailUrl ?? null,
      image_url: quoteImages[0]?.url ?? null,
      createdAt: quote.createdAt.toISOString(),
      updatedAt: quote.updatedAt.toISOString(),
      status: quote.status,
      pickup_type: quote.pickupType,
      authenticationStatus: authenticationStatus.success ? authenticationStatus.data : null,
      hasPurchaseOffer: record.offers.some((offer) => offer.amountCents > 0),
      isApproved: quote.isApproved,
      barCode: quote.barCode,
      offers: toOffers(record),
      commenter: quote.commenter,
      commentToCustomer: quote.commentToCustomer,
      shipment: shipment && {
        id: shipment.id,
        kind: shipment.kind,
        labelUrl: shipment.labelKey ? storage.urlFor(shipment.labelKey) : null,
        trackingNumber: shipment.trackingNumber,
        shiplistPDFLink: shipment.shiplistKey ? storage.urlFor(shipment.shiplistKey) : null,
        receiptUrl: shipment.receiptKey ? storage.urlFor(shipment.receiptKey) : null,
        shippedDate: shipment.shippedDate.toISOString(),
      },
      statusHistory: record.history.map((step) => ({
        from: step.fromStatus,
        to: step.toStatus,
        actor: step.actorKind,
        note: step.note,
        at: step.createdAt.toISOString(),
      })),
      timeline: itemTimeline(record, record.facts, storage),
      offersExpireAt: quote.offersExpireAt?.toISOString() ?? null,
      offersViewed:
        viewedFirst && viewedLast
          ? { firstAt: viewedFirst.toISOString(), lastAt: viewedLast.toISOString() }
          : null,
      clientMessages: record.facts.messages.map((message) => ({
        kind: message.kind,
        reason: DeclineReasonSchema.safeParse(message.reason).data ?? null,
        text: message.text,
        at: message.createdAt.toISOString(),
      })),
      moreInfo: moreInfoOf(record.history),
    },
    links: { admin: quoteRecordUrl(sites, quote.id) },
  };
}

function groupBy<T extends { quoteId: number | null }>(rows: readonly T[]) {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    if (row.quoteId === null) continue;
    const group = groups.get(row.quoteId);
    if (group) group.push(row);
    else groups.set(row.quoteId, [row]);
  }
  return groups;
}

/**
 * The quotes `where` selects, newest first, as resources. Five queries whatever their number:
 * the quotes, then their offers, images, history and shipments each in one set-based query.
 */
export async function loadQuoteResources(
  db: Db,
  where: SQL | undefined,
  deps: QuoteLinkDeps,
): Promise<QuoteResource[]> {
  const rows = await db
    .select(quoteColumns)
    .from(quotes)
    .innerJoin(designers, eq(designers.id, quotes.designerId))
    .innerJoin(categories, eq(categories.id, quotes.categoryId))
    .where(where)
    .orderBy(desc(quotes.createdAt), desc(quotes.id));
  return withQuoteDetails(db, rows, deps);
}

const clientQuotesStatement = preparedStatement(
  (db, name) =>
    db
      .select(quoteColumns)
      .from(quotes)
      .innerJoin(designers, eq(designers.id, quotes.designerId))
      .innerJoin(categories, eq(categories.id, quotes.categoryId))
      .where(
        and(
          eq(quotes.clientId, sql.placeholder('clientId')),
          eq(quotes.stylistId, sql.placeholder('stylistId')),
        ),
      )
      .orderBy(desc(quotes.createdAt), desc(quotes.id))
      .prepare(name),
  'client_quotes',
);

/** The quotes of one of the stylist's clients, newest first (the quotes list). */
export async function loadClientQuoteResources(
  db: Db,
  input: { stylistId: number; clientId: number },
  deps: QuoteLinkDeps,
): Promise<QuoteResource[]> {
  return withQuoteDetails(db, await clientQuotesStatement(db).execute(input), deps);
}

// The quotes' ids go in as one array, so each statement's text is the same for any number.
const offersStatement = preparedStatement(
  (db, name) =>
    db
      .select(offerColumns)
      .from(quoteOffers)
      .where(sql`${quoteOffers.quoteId} = any(${sql.placeholder('ids')})`)
      .prepare(name),
  'quote_offers_of',
);
const imagesStatement = preparedStatement(
  (db, name) =>
    db
      .select(imageColumns)
      .from(images)
      .where(sql`${images.quoteId} = any(${sql.placeholder('ids')})`)
      .orderBy(asc(images.position), asc(images.id))
      .prepare(name),
  'quote_images_of',
);
const messagesStatement = preparedStatement(
  (db, name) =>
    db
      .select(messageColumns)
      .from(clientMessages)
      .where(sql`${clientMessages.quoteId} = any(${sql.placeholder('ids')})`)
      .orderBy(asc(clientMessages.createdAt), asc(clientMessages.id))
      .prepare(name),
  'quote_messages_of',
);
const salesStatement = preparedStatement(
  (db, name) =>
    db
      .select(saleColumns)
      .from(commissions)
      .innerJoin(clients, eq(clients.id, commissions.clientId))
      .where(sql`${commissions.quoteId} = any(${sql.placeholder('ids')})`)
      .prepare(name),
  'quote_sales_of',
);
const historyStatement = preparedStatement(
  (db, name) =>
    db
      .select(historyColumns)
      .from(quoteStatusHistory)
      .where(sql`${quoteStatusHistory.quoteId} = any(${sql.placeholder('ids')})`)
      .orderBy(asc(quoteStatusHistory.createdAt), asc(quoteStatusHistory.id))
      .prepare(name),
  'quote_history_of',
);

async function withQuoteDetails(
  db: Db,
  rows: QuoteRecord['quote'][],
  deps: QuoteLinkDeps,
): Promise<QuoteResource[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const shipmentIds = [...new Set(rows.flatMap((row) => row.shipmentId ?? []))];
  const [offerRows, imageRows, historyRows, messageRows, saleRows, shipmentRows] =
    await Promise.all([
      offersStatement(db).execute({ ids }),
      imagesStatement(db).execute({ ids }),
      historyStatement(db).execute({ ids }),
      messagesStatement(db).execute({ ids }),
      salesStatement(db).execute({ ids }),
      shipmentIds.length === 0
        ? Promise.resolve([])
        : db.select(shipmentColumns).from(shipments).where(inArray(shipments.id, shipmentIds)),
    ]);
  const offersByQuote = groupBy(offerRows);
  const imagesByQuote = groupBy(imageRows);
  const historyByQuote = groupBy(historyRows);
  const messagesByQuote = groupBy(messageRows);
  const saleByQuote = new Map(saleRows.map((sale) => [sale.quoteId, sale]));
  const shipmentById = new Map(shipmentRows.map((shipment) => [shipment.id, shipment]));
  return rows.map((quote) =>
    toQuoteResource(
      {
        quote,
        offers: offersByQuote.get(quote.id) ?? [],
        images: imagesByQuote.get(quote.id) ?? [],
        shipment: quote.shipmentId === null ? null : (shipmentById.get(quote.shipmentId) ?? null),
        history: historyByQuote.get(quote.id) ?? [],
        facts: {
          messages: messagesByQuote.get(quote.id) ?? [],
          sale: saleByQuote.get(quote.id) ?? null,
        },
      },
      deps,
    ),
  );
}
