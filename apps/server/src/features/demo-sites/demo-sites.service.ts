import { formatDate, statusDisplayText } from '@atelier/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ROLES } from '../../auth/auth.ts';
import { findLiveSession } from '../../auth/sessions.ts';
import type { Db } from '../../db/client.ts';
import { categories, clients, designers, quotes, stylists, users } from '../../db/schema.ts';

/** A back-office record as the stand-in shows it: what it is, and its fields. */
export interface BackOfficeRecord {
  heading: string;
  rows: [name: string, value: string][];
}

/** Who opened a back-office page: the portal session of this browser. */
export interface Viewer {
  isAdmin: boolean;
  /** Their stylist profile; null for anyone who has none. */
  stylistId: number | null;
}

/** The viewer of a live, unbanned portal session, with their role and stylist profile as they are now. */
export async function findViewer(
  db: Db,
  session: { sessionId: string; userId: string },
): Promise<Viewer | null> {
  const live = await findLiveSession(db, session.sessionId, session.userId);
  if (!live) return null;
  return { isAdmin: live.role === ROLES.admin, stylistId: live.stylistId };
}

/** The account site's view of a user: the name and email it knows them by. */
export async function findPerson(db: Db, userId: string) {
  const [row] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Admin staff see every record; a stylist only their own clients' (else as missing as an unknown id). */
function visibleTo(viewer: Viewer): SQL | undefined {
  if (viewer.isAdmin) return undefined;
  return viewer.stylistId === null ? sql`false` : eq(clients.stylistId, viewer.stylistId);
}

const PAYMENT_METHODS = { check: 'Check', paypal: 'PayPal' } as const;

const stylistName = sql<string>`${stylists.firstName} || ' ' || ${stylists.lastName}`;
const clientName = sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`;

/** The back office's supplier record of a client (the client detail modal's admin link), read-only. */
export async function findSupplierRecord(
  db: Db,
  viewer: Viewer,
  clientId: number,
): Promise<BackOfficeRecord | null> {
  const [row] = await db
    .select({
      id: clients.id,
      name: clientName,
      email: clients.email,
      phone: clients.phone,
      address: sql<string>`${clients.address} || ', ' || ${clients.city} || ', ' || ${clients.state} || ' ' || ${clients.postalCode}`,
      paymentMethod: clients.paymentMethod,
      createdAt: clients.createdAt,
      stylist: stylistName,
      stylistTimeZone: stylists.timeZone,
      quoteCount: sql<number>`(select count(*)::int from ${quotes} where ${quotes.clientId} = ${clients.id})`,
    })
    .from(clients)
    .innerJoin(stylists, eq(stylists.id, clients.stylistId))
    .where(and(eq(clients.id, clientId), visibleTo(viewer)));
  if (!row) return null;
  return {
    heading: `Supplier ${row.id}: ${row.name}`,
    rows: [
      ['Email', row.email],
      ['Phone', row.phone],
      ['Address', row.address],
      ['Payment', row.paymentMethod ? PAYMENT_METHODS[row.paymentMethod] : 'Not chosen'],
      ['Stylist', row.stylist],
      ['Items quoted', String(row.quoteCount)],
      ['Supplier since', formatDate(row.createdAt, row.stylistTimeZone ?? 'UTC')],
    ],
  };
}

/** The back office's pending-item record of a quote (the quote card's id link), read-only. */
export async function findPendingItemRecord(
  db: Db,
  viewer: Viewer,
  quoteId: number,
): Promise<BackOfficeRecord | null> {
  const [row] = await db
    .select({
      id: quotes.id,
      name: quotes.name,
      brand: designers.name,
      category: categories.name,
      status: quotes.status,
      barCode: quotes.barCode,
      createdAt: quotes.createdAt,
      client: clientName,
      stylist: stylistName,
      stylistTimeZone: stylists.timeZone,
    })
    .from(quotes)
    .innerJoin(clients, eq(clients.id, quotes.clientId))
    .innerJoin(stylists, eq(stylists.id, clients.stylistId))
    .innerJoin(designers, eq(designers.id, quotes.designerId))
    .innerJoin(categories, eq(categories.id, quotes.categoryId))
    .where(and(eq(quotes.id, quoteId), visibleTo(viewer)));
  if (!row) return null;
  return {
    heading: `Pending item ${row.id}: ${row.brand} ${row.name}`,
    rows: [
      ['Status', statusDisplayText(row.status)],
      ['Category', row.category],
      ['Bar code', row.barCode],
      ['Client', row.client],
      ['Stylist', row.stylist],
      ['Submitted', formatDate(row.createdAt, row.stylistTimeZone ?? 'UTC')],
    ],
  };
}
