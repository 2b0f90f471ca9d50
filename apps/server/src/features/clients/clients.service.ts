import {
  DUPLICATE_CLIENT_EMAIL_MESSAGE,
  ownClientEmailMessage,
  type ClientDocument,
  type ClientListDocument,
  type CreateClientBodySchema,
  type UpdateClientBody,
} from '@atelier/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { StylistActor } from '../../auth/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { violatedUniqueConstraint } from '../../db/errors.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { clients, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { shopAccountRow } from '../user-accounts/index.ts';
import { allMatches, listPage, pageOf, pageOfMatches } from './client-list-plan.ts';
import {
  clientColumns,
  toClientResource,
  type ClientResourceDeps,
  type ClientRow,
} from './client-resource.ts';
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
    rows = await allMatches(db, actor, input.search);
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
