import {
  OFFICE_QUEUE_PAGE_SIZE,
  OFFICE_STAGES,
  type OfficeQueueDocument,
  type OfficeQueueRow,
  type OfficeStage,
} from '@atelier/contract';
import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  categories,
  clients,
  designers,
  images,
  officeClaims,
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
  filters: QueueFilters,
  userId: string | null,
  searched: readonly number[] | null,
): SQL[] {
  const conditions: SQL[] = [];
  if (filters.mine) {
    conditions.push(userId ? eq(officeClaims.userId, userId) : sql`false`);
  }
  if (filters.stylistId !== undefined) conditions.push(eq(quotes.stylistId, filters.stylistId));
  if (filters.designerId !== undefined) conditions.push(eq(quotes.designerId, filters.designerId));
  if (searched)
    conditions.push(searched.length > 0 ? inArray(quotes.id, [...searched]) : sql`false`);
  return conditions;
}

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
  input: { stage: OfficeStage; filters: QueueFilters; userId: string | null },
  deps: { storage: Pick<FileStorage, 'urlFor'>; settings: OfficeSettings },
  now = new Date(),
): Promise<OfficeQueueDocument> {
  const { stage, filters, userId } = input;
  const { settings } = deps;
  const searched = filters.q ? await searchedQuoteIds(db, filters.q) : null;
  const conditions = filterConditions(filters, userId, searched);
  const needsClaim = Boolean(filters.mine);

  // Without a filter but the stylist, the counts are kept rows (migration 0012); else counted.
  const keptCounts = !filters.mine && filters.designerId === undefined && !filters.q;
  let counting = db
    .select({ stage: quotes.officeStage, count: sql<number>`count(*)::int` })
    .from(quotes)
    .$dynamic();
  if (needsClaim) {
    counting = counting.leftJoin(
      officeClaims,
      and(eq(officeClaims.quoteId, quotes.id), liveClaim(settings)),
    );
  }
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

  // Answered items first (false sorts first), then oldest: the order of the queue's index.
  const unanswered = sql<boolean>`(${quotes.answeredAt} is null)`;
  let paging = db
    .select({
      id: quotes.id,
      unanswered: unanswered.as('unanswered'),
      enteredAt: quotes.stageEnteredAt,
    })
    .from(quotes)
    .$dynamic();
  if (needsClaim) {
    paging = paging.leftJoin(
      officeClaims,
      and(eq(officeClaims.quoteId, quotes.id), liveClaim(settings)),
    );
  }
  const page = paging
    .where(and(inQueue(stage), ...conditions))
    .orderBy(unanswered, asc(quotes.stageEnteredAt), asc(quotes.id))
    .limit(OFFICE_QUEUE_PAGE_SIZE)
    .offset((filters.page - 1) * OFFICE_QUEUE_PAGE_SIZE)
    .as('page');

  const [rows, countRows] = await Promise.all([
    db
      .select({
        quoteId: quotes.id,
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
        unanswered: page.unanswered,
        offersExpireAt: quotes.offersExpireAt,
        trackingNumber: shipments.trackingNumber,
        holderId: officeClaims.userId,
        holderName: users.name,
        claimedAt: officeClaims.claimedAt,
      })
      .from(page)
      .innerJoin(quotes, eq(quotes.id, page.id))
      .innerJoin(designers, eq(designers.id, quotes.designerId))
      .innerJoin(categories, eq(categories.id, quotes.categoryId))
      .innerJoin(stylists, eq(stylists.id, quotes.stylistId))
      .innerJoin(clients, eq(clients.id, quotes.clientId))
      .leftJoin(shipments, eq(shipments.id, quotes.shipmentId))
      .leftJoin(officeClaims, and(eq(officeClaims.quoteId, quotes.id), liveClaim(settings)))
      .leftJoin(users, eq(users.id, officeClaims.userId))
      .orderBy(asc(page.unanswered), asc(page.enteredAt), asc(page.id)),
    counted,
  ]);

  const counts = Object.fromEntries(OFFICE_STAGES.map((s) => [s, 0])) as Record<
    OfficeStage,
    number
  >;
  for (const row of countRows) if (row.stage) counts[row.stage] = row.count;
  const total = counts[stage];

  return {
    data: rows.map((row): OfficeQueueRow => {
      const clock = stageClock(row.enteredAt, stage, settings, now);
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
        answered: !row.unanswered,
      };
    }),
    meta: {
      stage,
      counts,
      pagination: {
        page: filters.page,
        perPage: OFFICE_QUEUE_PAGE_SIZE,
        total,
        totalPages: Math.max(1, Math.ceil(total / OFFICE_QUEUE_PAGE_SIZE)),
      },
    },
  };
}
