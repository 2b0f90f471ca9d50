import { CLIENTS_PAGE_SIZE, isWordStartSearch, type ClientListDocument } from '@atelier/contract';
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { StylistActor } from '../../auth/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { preparedStatement, reusedStatement } from '../../db/prepared.ts';
import { clients, clientSearchPrefixCounts, stylists } from '../../db/schema.ts';
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
import { listedStatsSubqueries, statsOfRow } from './client-stats.ts';

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

/** All the clients a search (or none) selects, in list order. */
export async function allMatches(db: Db, actor: StylistActor, search: string | undefined) {
  const { kind, values } = clientSearch(actor.stylistId, search);
  return allMatchesStatement(kind, db).execute(values);
}

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
export async function pageOfMatches(
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

export function pageOf(page: number, total: number): ClientListDocument['meta']['pagination'] {
  return {
    current_page: page,
    total_pages: Math.max(1, Math.ceil(total / CLIENTS_PAGE_SIZE)),
    per_page: CLIENTS_PAGE_SIZE,
    total,
  };
}

/** A page of the list without a search: the page, its figures and the count in one statement. */
export async function listPage(
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
