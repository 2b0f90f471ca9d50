import {
  describeDecision,
  OFFICE_QUEUE_PAGE_SIZE,
  OFFICE_STAGES,
  type OfficeQueueDocument,
  type OfficeQueueTab,
  type OfficeQueueRow,
  type OfficeStage,
} from '@atelier/contract';
import {
  and,
  asc,
  count,
  eq,
  inArray,
  isNotNull,
  isNull,
  sql,
  type AnyColumn,
  type SQL,
  type Subquery,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  categories,
  clients,
  commissions,
  designers,
  images,
  officeClaims,
  officeSecondOpinions,
  officeStageCounts,
  quotes,
  shipments,
  stylists,
  users,
} from '../../db/schema.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { stageClock } from './business-hours.ts';
import { liveClaim } from './office-claims.service.ts';
import type { OfficeSettings } from './office-settings.ts';

export interface QueueFilters {
  page: number;
  mine?: boolean | undefined;
  stylistId?: number | undefined;
  designerId?: number | undefined;
  q?: string | undefined;
}

/** A quote's queue, or (null) any queue: a quote in none is done. */
const inQueue = (stage: OfficeStage | null): SQL =>
  stage === null ? isNotNull(quotes.officeStage) : eq(quotes.officeStage, stage);

/**
 * The quotes a search names: a quote id ("123" or "#123"), an item's barcode, or a label's
 * tracking number, as typed or in capitals (as scanners and labels print them). Looked up first,
 * each branch by its index, so the page and counts then read a handful of ids.
 */
async function searchedQuoteIds(db: Db, q: string): Promise<number[]> {
  const text = q.trim();
  const spellings = [...new Set([text, text.toUpperCase()])];
  const id = /^#?(\d{1,9})$/.exec(text)?.[1];
  const rows = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(inArray(quotes.barCode, spellings))
    .unionAll(
      db
        .select({ id: quotes.id })
        .from(quotes)
        .innerJoin(shipments, eq(shipments.id, quotes.shipmentId))
        .where(inArray(shipments.trackingNumber, spellings)),
    )
    .unionAll(
      db
        .select({ id: quotes.id })
        .from(quotes)
        .where(eq(quotes.id, id ? Number(id) : 0)),
    );
  return [...new Set(rows.map((row) => row.id))];
}

function filterConditions(
  db: Db,
  settings: OfficeSettings,
  filters: QueueFilters,
  userId: string | null,
  searched: readonly number[] | null,
): SQL[] {
  const conditions: SQL[] = [];
  if (filters.mine) {
    // The caller's live claims: a handful of rows, read by their user index.
    const mine = db
      .select({ quoteId: officeClaims.quoteId })
      .from(officeClaims)
      .where(and(eq(officeClaims.userId, userId ?? ''), liveClaim(settings)));
    conditions.push(userId ? inArray(quotes.id, mine) : sql`false`);
  }
  if (filters.stylistId !== undefined) conditions.push(eq(quotes.stylistId, filters.stylistId));
  if (filters.designerId !== undefined) conditions.push(eq(quotes.designerId, filters.designerId));
  if (searched)
    conditions.push(searched.length > 0 ? inArray(quotes.id, [...searched]) : sql`false`);
  return conditions;
}

const authors = alias(users, 'authors');

const firstPhoto = sql<
  string | null
>`(select ${images.thumbnailKey} from ${images} where ${images.quoteId} = ${quotes.id} order by ${images.position}, ${images.id} limit 1)`;

/**
 * One page of a queue, answered items first then oldest first, with every queue's count under the same filters: two
 * statements, sent at once (after a search's own lookup). The page's 25 ids are picked from the
 * queue's index first, so a deep page joins 25 rows, not every row before it.
 */
export async function listQueue(
  db: Db,
  input: { stage: OfficeQueueTab; filters: QueueFilters; userId: string | null },
  deps: { storage: Pick<FileStorage, 'urlFor'>; settings: OfficeSettings },
  now = new Date(),
): Promise<OfficeQueueDocument> {
  const { stage, filters, userId } = input;
  const { settings } = deps;
  const searched = filters.q ? await searchedQuoteIds(db, filters.q) : null;
  const conditions = filterConditions(db, settings, filters, userId, searched);

  // Without a filter but the stylist, the counts are kept rows (migration 0012); else counted.
  const keptCounts = !filters.mine && filters.designerId === undefined && !filters.q;
  const counting = db
    .select({ stage: quotes.officeStage, count: sql<number>`count(*)::int` })
    .from(quotes);
  const counted = keptCounts
    ? db
        .select({
          stage: officeStageCounts.stage,
          count: sql<number>`sum(${officeStageCounts.items})::int`,
        })
        .from(officeStageCounts)
        .where(
          filters.stylistId === undefined
            ? undefined
            : eq(officeStageCounts.stylistId, filters.stylistId),
        )
        .groupBy(officeStageCounts.stage)
    : counting.where(and(inQueue(null), ...conditions)).groupBy(quotes.officeStage);

  const waiting = isNull(officeSecondOpinions.resolvedAt);
  const unanswered = sql<boolean>`(${quotes.answeredAt} is null)`;
  // Second opinions are paged by when they were asked for, every other tab by its queue's clock.
  const page = (
    stage === 'second_opinion'
      ? db
          .select({ id: quotes.id, sortKey: officeSecondOpinions.createdAt })
          .from(officeSecondOpinions)
          .innerJoin(quotes, eq(quotes.id, officeSecondOpinions.quoteId))
          .where(and(waiting, ...conditions))
          .orderBy(asc(officeSecondOpinions.createdAt), asc(quotes.id))
      : // Answered items first (false sorts first), then oldest: the order of the queue's index.
        db
          .select({ id: quotes.id, sortKey: quotes.stageEnteredAt })
          .from(quotes)
          .where(and(inQueue(stage), ...conditions))
          .orderBy(unanswered, asc(quotes.stageEnteredAt), asc(quotes.id))
  )
    .limit(OFFICE_QUEUE_PAGE_SIZE)
    .offset((filters.page - 1) * OFFICE_QUEUE_PAGE_SIZE)
    .as('page');

  const [rows, countRows, [waitingCount]] = await Promise.all([
    queueRows(
      db,
      page,
      { sortKey: page.sortKey, id: page.id, answeredFirst: stage !== 'second_opinion' },
      deps,
      now,
    ),
    counted,
    db
      .select({ count: count() })
      .from(officeSecondOpinions)
      .innerJoin(quotes, eq(quotes.id, officeSecondOpinions.quoteId))
      .where(and(waiting, ...conditions)),
  ]);

  const counts = Object.fromEntries(OFFICE_STAGES.map((s) => [s, 0])) as Record<
    OfficeStage,
    number
  >;
  for (const row of countRows) if (row.stage) counts[row.stage] = row.count;
  const waitingSecondOpinions = waitingCount?.count ?? 0;
  const total = stage === 'second_opinion' ? waitingSecondOpinions : counts[stage];

  return {
    data: rows,
    meta: {
      stage,
      counts,
      waitingSecondOpinions,
      pagination: {
        page: filters.page,
        perPage: OFFICE_QUEUE_PAGE_SIZE,
        total,
        totalPages: Math.max(1, Math.ceil(total / OFFICE_QUEUE_PAGE_SIZE)),
      },
    },
  };
}

/**
 * The rows of one page, in its order: `page` is a subquery of quote ids (`order.id`) and what
 * sorts them (`order.sortKey`), each row joined with its people, photo, label and holder.
 */
export async function queueRows(
  db: Db,
  page: Subquery,
  order: {
    id: SQL.Aliased<number> | AnyColumn;
    sortKey: SQL.Aliased<Date> | AnyColumn;
    /** A queue's order: items the stylist answered first (the second opinions': oldest first). */
    answeredFirst: boolean;
  },
  deps: { storage: Pick<FileStorage, 'urlFor'>; settings: OfficeSettings },
  now: Date,
): Promise<OfficeQueueRow[]> {
  const { settings } = deps;
  const rows = await db
    .select({
      quoteId: quotes.id,
      stage: quotes.officeStage,
      name: quotes.name,
      designer: designers.name,
      category: categories.name,
      photoKey: firstPhoto,
      barCode: quotes.barCode,
      status: quotes.status,
      stylistId: stylists.id,
      stylistFirst: stylists.firstName,
      stylistLast: stylists.lastName,
      clientId: clients.id,
      clientFirst: clients.firstName,
      clientLast: clients.lastName,
      enteredAt: quotes.stageEnteredAt,
      answeredAt: quotes.answeredAt,
      offersExpireAt: quotes.offersExpireAt,
      trackingNumber: shipments.trackingNumber,
      holderId: officeClaims.userId,
      holderName: users.name,
      claimedAt: officeClaims.claimedAt,
      commissionId: commissions.id,
      commissionCents: commissions.amountCents,
      paymentMethod: stylists.paymentMethod,
      paypalAddress: stylists.paypalAddress,
      waitingDecision: officeSecondOpinions.decision,
      waitingSince: officeSecondOpinions.createdAt,
      waitingAuthorId: officeSecondOpinions.authorUserId,
      waitingAuthorName: authors.name,
    })
    .from(page)
    .innerJoin(quotes, eq(quotes.id, order.id))
    .innerJoin(designers, eq(designers.id, quotes.designerId))
    .innerJoin(categories, eq(categories.id, quotes.categoryId))
    .innerJoin(stylists, eq(stylists.id, quotes.stylistId))
    .innerJoin(clients, eq(clients.id, quotes.clientId))
    .leftJoin(shipments, eq(shipments.id, quotes.shipmentId))
    .leftJoin(officeClaims, and(eq(officeClaims.quoteId, quotes.id), liveClaim(settings)))
    .leftJoin(users, eq(users.id, officeClaims.userId))
    .leftJoin(
      officeSecondOpinions,
      and(eq(officeSecondOpinions.quoteId, quotes.id), isNull(officeSecondOpinions.resolvedAt)),
    )
    .leftJoin(authors, eq(authors.id, officeSecondOpinions.authorUserId))
    .leftJoin(commissions, eq(commissions.quoteId, quotes.id))
    .orderBy(
      ...(order.answeredFirst ? [sql`${quotes.answeredAt} is null`] : []),
      asc(order.sortKey),
      asc(order.id),
    );
  return rows.map((row): OfficeQueueRow => {
    // Every row is in a queue (the page's ids come from one); the fallback only narrows the type.
    const clock = stageClock(row.enteredAt, row.stage ?? 'to_authenticate', settings, now);
    return {
      quoteId: row.quoteId,
      name: row.name,
      designer: row.designer,
      category: row.category,
      photoUrl: row.photoKey ? deps.storage.urlFor(row.photoKey) : null,
      barCode: row.barCode,
      status: row.status,
      stylist: { id: row.stylistId, name: `${row.stylistFirst} ${row.stylistLast}` },
      client: { id: row.clientId, name: `${row.clientFirst} ${row.clientLast}` },
      enteredAt: row.enteredAt.toISOString(),
      businessHours: clock.businessHours,
      sla: clock.sla,
      holder:
        row.holderId && row.claimedAt
          ? {
              userId: row.holderId,
              name: row.holderName ?? '',
              claimedAt: row.claimedAt.toISOString(),
            }
          : null,
      offersExpireAt: row.offersExpireAt?.toISOString() ?? null,
      trackingNumber: row.trackingNumber,
      answered: row.answeredAt !== null,
      commission:
        row.commissionId !== null && row.commissionCents !== null
          ? {
              id: row.commissionId,
              amountCents: row.commissionCents,
              payoutMethod: row.paymentMethod,
              paypalAddress: row.paymentMethod === 'paypal' ? row.paypalAddress : null,
            }
          : null,
      secondOpinion:
        row.waitingDecision && row.waitingSince && row.waitingAuthorId
          ? {
              summary: describeDecision(row.waitingDecision),
              author: { userId: row.waitingAuthorId, name: row.waitingAuthorName ?? '' },
              createdAt: row.waitingSince.toISOString(),
            }
          : null,
    };
  });
}
