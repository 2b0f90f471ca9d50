import {
  CLIENTS_PAGE_SIZE,
  DUPLICATE_CLIENT_EMAIL_MESSAGE,
  isWordStartSearch,
  ownClientEmailMessage,
  type ClientDocument,
  type ClientListDocument,
  type CreateClientBodySchema,
  type UpdateClientBody,
} from '@atelier/contract';
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { StylistActor } from '../../auth/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { violatedUniqueConstraint } from '../../db/errors.ts';
import { preparedStatement, reusedStatement } from '../../db/prepared.ts';
import { clients, clientSearchPrefixCounts, stylists, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { shopAccountRow } from '../user-accounts/index.ts';
import {
  clientColumns,
  toClientResource,
  type ClientResourceDeps,
  type ClientRow,
} from './client-resource.ts';
import {
  CLIENT_LIST_ORDER,
  clientSearch,
  SEARCH_KINDS,
  searchConditionOf,
  type SearchKind,
} from './client-search.ts';
import {
  listedStatsSubqueries,
  loadClientStats,
  NO_CLIENT_STATS,
  statsOfRow,
} from './client-stats.ts';

export type NewClient = z.output<typeof CreateClientBodySchema>;
export interface ClientListInput {
  page?: number | undefined;
  search?: string | undefined;
}

const EMAIL_CONSTRAINTS = new Set(['users_email_unique', 'clients_email_unique']);

function clientNotFound() {
  return AppError.notFound('Client');
}

function duplicateEmail(message = DUPLICATE_CLIENT_EMAIL_MESSAGE) {
  return AppError.conflict(message, { email: [message] });
}

async function toClientDocument(
  db: Db,
  actor: StylistActor,
  row: ClientRow,
  deps: ClientResourceDeps,
): Promise<ClientDocument> {
  const stats = await loadClientStats(db, actor.stylistId, [row.id]);
  return {
    data: toClientResource(row, stats.get(row.id) ?? NO_CLIENT_STATS, deps),
  };
}

/**
 * Up to this many matches, a search page is sorted from what the trigram index finds; past it,
 * walking the name index in order reaches a page sooner. Deciding on the real count keeps the
 * planner from walking all of a large client list for a rare term it misjudged as common.
 */
const SORT_MATCHES_UP_TO = 2000;
const MATCHES_FENCE = 2 ** 31 - 1;

/**
 * The ids of a page of the clients `where` selects, by walking the stylist's covering name index:
 * the offset is walked in the index alone (an index-only scan), so only the page's own rows are
 * then read from the table. The stylist is named for the walk's sake. Placeholders: stylistId,
 * offset (and where's).
 */
function pageIdsByName(db: Db | Tx, where?: SQL) {
  return db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.stylistId, sql.placeholder('stylistId')), where))
    .orderBy(...CLIENT_LIST_ORDER)
    .limit(CLIENTS_PAGE_SIZE)
    .offset(sql.placeholder('offset'));
}

/** A page of the clients `where` selects, in list order (`pageIdsByName`). */
function namePageQuery(db: Db | Tx, where: SQL) {
  return db
    .select(clientColumns)
    .from(clients)
    .where(inArray(clients.id, pageIdsByName(db, where)))
    .orderBy(...CLIENT_LIST_ORDER);
}

/**
 * The list without a search, the commonest list there is, in one statement: its page by name
 * (`pageIdsByName`), each client's figures, and how many clients the stylist has (kept, migration
 * 0003). One statement instead of three: on PGlite each statement costs more than its SQL.
 */
const clientPageStatement = preparedStatement((db, name) => {
  const stylistId = sql.placeholder('stylistId');
  const { quoteFigures, commissionFigures, fields } = listedStatsSubqueries(db, clients.id);
  return db
    .select({
      ...clientColumns,
      ...fields,
      clientCount:
        sql<number>`(select ${stylists.clientCount} from ${stylists} where ${stylists.id} = ${stylistId})`.mapWith(
          Number,
        ),
    })
    .from(clients)
    .crossJoinLateral(quoteFigures)
    .crossJoinLateral(commissionFigures)
    .where(inArray(clients.id, pageIdsByName(db)))
    .orderBy(...CLIENT_LIST_ORDER)
    .prepare(name);
}, 'client_page');

/** A reused statement for each kind of search (client-search.ts), built when first used. */
function perSearchKind<T>(build: (kind: SearchKind) => (db: Db) => T) {
  const statements = Object.fromEntries(SEARCH_KINDS.map((kind) => [kind, build(kind)])) as Record<
    SearchKind,
    (db: Db) => T
  >;
  return (kind: SearchKind, db: Db) => statements[kind](db);
}

/**
 * A page of the matches of a search that selects many clients, by walking the name index (see
 * `namePageQuery`).
 */
const searchNamePageStatement = perSearchKind((kind) =>
  reusedStatement((db) => namePageQuery(db, searchConditionOf(kind))),
);

/**
 * A page of the matches of a search that selects few: a subquery with a LIMIT is never merged into
 * the outer query, so PostgreSQL finds the matches by index and sorts them rather than walking
 * the name index in order. (OFFSET 0, the usual fence, is dropped by drizzle.) The limit is above
 * any count that takes this branch.
 */
const searchSortedPageStatement = perSearchKind((kind) =>
  reusedStatement((db) => {
    const matches = db
      .select(clientColumns)
      .from(clients)
      .where(searchConditionOf(kind))
      .limit(MATCHES_FENCE)
      .as('matches');
    return db
      .select()
      .from(matches)
      .orderBy(sql`lower(${matches.lastName})`, sql`lower(${matches.firstName})`, matches.id)
      .limit(CLIENTS_PAGE_SIZE)
      .offset(sql.placeholder('offset'));
  }),
);

/** How many clients a 3+ character search selects. */
const searchCountStatement = perSearchKind((kind) =>
  reusedStatement((db) =>
    db.select({ total: count() }).from(clients).where(searchConditionOf(kind)),
  ),
);

/** All the clients a search selects, in list order (the list without pages). */
const allMatchesStatement = perSearchKind((kind) =>
  reusedStatement((db) =>
    db
      .select(clientColumns)
      .from(clients)
      .where(searchConditionOf(kind))
      .orderBy(...CLIENT_LIST_ORDER),
  ),
);

const clientCountStatement = preparedStatement(
  (db, name) =>
    db
      .select({ total: stylists.clientCount })
      .from(stylists)
      .where(eq(stylists.id, sql.placeholder('stylistId')))
      .prepare(name),
  'stylist_client_count',
);

/** How many clients the stylist has: the count triggers keep on the stylist's row. */
export async function countAllClients(db: Db, actor: StylistActor): Promise<number> {
  const [row] = await clientCountStatement(db).execute({ stylistId: actor.stylistId });
  return row?.total ?? 0;
}

const prefixCountStatement = preparedStatement(
  (db, name) =>
    db
      .select({ total: clientSearchPrefixCounts.clients })
      .from(clientSearchPrefixCounts)
      .where(
        and(
          eq(clientSearchPrefixCounts.stylistId, sql.placeholder('stylistId')),
          eq(clientSearchPrefixCounts.prefix, sql`lower(${sql.placeholder('term')})`),
        ),
      )
      .prepare(name),
  'client_prefix_count',
);

/**
 * Without a search, the kept count; for 1-2 characters, the kept count of the stylist's clients
 * with a word starting so (migration 0008); for longer terms, a count of the matches.
 */
async function countClients(db: Db, actor: StylistActor, search: string | undefined) {
  if (search === undefined) return countAllClients(db, actor);
  if (isWordStartSearch(search)) {
    // A lookup by primary key, whatever the term: the same plan for any value.
    const [kept] = await prefixCountStatement(db).execute({
      stylistId: actor.stylistId,
      term: search,
    });
    return kept?.total ?? 0;
  }
  const { kind, values } = clientSearch(actor.stylistId, search);
  const [counted] = await searchCountStatement(kind, db).execute(values);
  return counted?.total ?? 0;
}

/** A page of the clients a search selects and how many it selects in all. */
async function pageOfMatches(
  db: Db,
  actor: StylistActor,
  input: { search: string; page: number },
): Promise<{ total: number; rows: ClientRow[] }> {
  const offset = (input.page - 1) * CLIENTS_PAGE_SIZE;
  const total = await countClients(db, actor, input.search);
  if (offset >= total) return { total, rows: [] };
  const { kind, values } = clientSearch(actor.stylistId, input.search);
  const statement =
    total > SORT_MATCHES_UP_TO ? searchNamePageStatement : searchSortedPageStatement;
  return {
    total,
    rows: await statement(kind, db).execute({ ...values, offset }),
  };
}

function pageOf(page: number, total: number): ClientListDocument['meta']['pagination'] {
  return {
    current_page: page,
    total_pages: Math.max(1, Math.ceil(total / CLIENTS_PAGE_SIZE)),
    per_page: CLIENTS_PAGE_SIZE,
    total,
  };
}

/** A page of the list without a search: the page, its figures and the count in one statement. */
async function listPage(
  db: Db,
  actor: StylistActor,
  page: number,
  deps: ClientResourceDeps,
): Promise<ClientListDocument> {
  const found = await clientPageStatement(db).execute({
    stylistId: actor.stylistId,
    offset: (page - 1) * CLIENTS_PAGE_SIZE,
  });
  // Past the last page no row carries the count.
  const total = found[0]?.clientCount ?? (await countAllClients(db, actor));
  return {
    data: found.map((row) => toClientResource(row, statsOfRow(row), deps)),
    meta: { pagination: pageOf(page, total) },
  };
}

/** The signed-in stylist's clients by name, one page of CLIENTS_PAGE_SIZE or (without a page) all. */
export async function listClients(
  db: Db,
  actor: StylistActor,
  input: ClientListInput,
  deps: ClientResourceDeps,
): Promise<ClientListDocument> {
  let rows: ClientRow[];
  let pagination: ClientListDocument['meta']['pagination'];
  if (input.page === undefined) {
    const { kind, values } = clientSearch(actor.stylistId, input.search);
    rows = await allMatchesStatement(kind, db).execute(values);
    pagination = { current_page: 1, total_pages: 1, per_page: rows.length, total: rows.length };
  } else if (input.search === undefined) {
    return listPage(db, actor, input.page, deps);
  } else {
    const page = await pageOfMatches(db, actor, { search: input.search, page: input.page });
    rows = page.rows;
    pagination = pageOf(input.page, page.total);
  }

  const stats = await loadClientStats(
    db,
    actor.stylistId,
    rows.map((row) => row.id),
  );
  return {
    data: rows.map((row) => toClientResource(row, stats.get(row.id) ?? NO_CLIENT_STATS, deps)),
    meta: { pagination },
  };
}

/**
 * Registers a client for the signed-in stylist together with the client's shop account, in one
 * transaction. The shop account is global, so an email already used by any client or any account
 * (in any letter case) is refused.
 */
export async function createClient(
  db: Db,
  actor: StylistActor,
  input: NewClient,
  deps: ClientResourceDeps,
): Promise<ClientDocument> {
  const email = input.email.toLowerCase();
  let row: ClientRow;
  try {
    row = await db.transaction(async (tx) => {
      // Every writer of users stores the email lower-cased, so the unique index answers this.
      const [takenByAccount] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      const [takenByClient] = await tx
        .select({
          stylistId: clients.stylistId,
          firstName: clients.firstName,
          lastName: clients.lastName,
        })
        .from(clients)
        .where(sql`lower(${clients.email}) = ${email}`)
        .limit(1);
      if (takenByClient?.stylistId === actor.stylistId) {
        throw duplicateEmail(
          ownClientEmailMessage(`${takenByClient.firstName} ${takenByClient.lastName}`),
        );
      }
      if (takenByAccount || takenByClient) throw duplicateEmail();

      const account = shopAccountRow(input);
      await tx.insert(users).values(account);
      const [inserted] = await tx
        .insert(clients)
        .values({
          stylistId: actor.stylistId,
          userId: account.id,
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone,
          address: input.address,
          city: input.city,
          state: input.state,
          postalCode: input.postalCode,
        })
        .returning(clientColumns);
      if (!inserted) throw new Error('client insert returned no row');
      return inserted;
    });
  } catch (error) {
    // Two registrations of one address at once: the loser's insert breaks a unique index.
    const constraint = violatedUniqueConstraint(error);
    if (constraint !== null && EMAIL_CONSTRAINTS.has(constraint)) throw duplicateEmail();
    throw error;
  }
  return { data: toClientResource(row, NO_CLIENT_STATS, deps) };
}

/** The client `clientId` when it is the stylist `stylistId`'s (placeholders). */
const isOwnClient = and(
  eq(clients.id, sql.placeholder('clientId')),
  eq(clients.stylistId, sql.placeholder('stylistId')),
);

/** One of the signed-in stylist's clients, or null; other features scope their records through it. */
export async function findOwnClient(db: Db | Tx, actor: StylistActor, clientId: number) {
  const [row] = await ownClientStatement(db).execute({ clientId, stylistId: actor.stylistId });
  return row ?? null;
}

const ownClientStatement = preparedStatement(
  (db, name) => db.select(clientColumns).from(clients).where(isOwnClient).prepare(name),
  'find_own_client',
);

/** One of the stylist's clients with their figures, in one statement. */
const ownClientWithStatsStatement = preparedStatement((db, name) => {
  const { quoteFigures, commissionFigures, fields } = listedStatsSubqueries(db, clients.id);
  return db
    .select({ ...clientColumns, ...fields })
    .from(clients)
    .crossJoinLateral(quoteFigures)
    .crossJoinLateral(commissionFigures)
    .where(isOwnClient)
    .prepare(name);
}, 'own_client_with_stats');

/** One of the signed-in stylist's clients with stats; another stylist's client is as missing as an unknown one. */
export async function getClient(
  db: Db,
  actor: StylistActor,
  clientId: number,
  deps: ClientResourceDeps,
): Promise<ClientDocument> {
  const [row] = await ownClientWithStatsStatement(db).execute({
    clientId,
    stylistId: actor.stylistId,
  });
  if (!row) throw clientNotFound();
  return { data: toClientResource(row, statsOfRow(row), deps) };
}

/** Saves the stylist's notes on a client. */
export async function updateClient(
  db: Db,
  actor: StylistActor,
  input: { clientId: number } & UpdateClientBody,
  deps: ClientResourceDeps,
): Promise<ClientDocument> {
  const [row] = await db
    .update(clients)
    .set({ comment: input.comment })
    .where(and(eq(clients.id, input.clientId), eq(clients.stylistId, actor.stylistId)))
    .returning(clientColumns);
  if (!row) throw clientNotFound();
  return toClientDocument(db, actor, row, deps);
}

/** The client whose shop account is `userId`, if the signed-in stylist owns that client. */
export async function findOwnClientByUserId(
  db: Db,
  actor: StylistActor,
  userId: string,
): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.userId, userId), eq(clients.stylistId, actor.stylistId)));
  return row ?? null;
}

/** Sets a client's photo; false when the client is not the stylist's (any more). */
export async function setClientThumbnail(
  db: Db,
  actor: StylistActor,
  input: { clientId: number; thumbnailUrl: string },
): Promise<boolean> {
  const updated = await db
    .update(clients)
    .set({ thumbnailUrl: input.thumbnailUrl })
    .where(and(eq(clients.id, input.clientId), eq(clients.stylistId, actor.stylistId)))
    .returning({ id: clients.id });
  return updated.length > 0;
}
