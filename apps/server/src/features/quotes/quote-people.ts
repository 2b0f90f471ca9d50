import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { clients, designers, quotes, stylists, users } from '../../db/schema.ts';

/** A quote with the people a message about it names: its client and their stylist. */
const quotePeopleColumns = {
  quoteId: quotes.id,
  name: quotes.name,
  brand: designers.name,
  offersExpireAt: quotes.offersExpireAt,
  clientId: clients.id,
  clientFirstName: clients.firstName,
  clientLastName: clients.lastName,
  clientEmail: clients.email,
  stylistId: stylists.id,
  stylistFirstName: stylists.firstName,
  stylistLastName: stylists.lastName,
  stylistEmail: users.email,
  timeZone: stylists.timeZone,
};

/**
 * Quotes with their client and the client's own stylist, for the caller's `where`: the stylist
 * is the client's, so a quote filed under another stylist is not found.
 */
export function selectQuotePeople(db: Db | Tx) {
  return db
    .select(quotePeopleColumns)
    .from(quotes)
    .innerJoin(designers, eq(designers.id, quotes.designerId))
    .innerJoin(
      clients,
      and(eq(clients.id, quotes.clientId), eq(clients.stylistId, quotes.stylistId)),
    )
    .innerJoin(stylists, eq(stylists.id, clients.stylistId))
    .innerJoin(users, eq(users.id, stylists.userId));
}

export type QuotePeople = Awaited<
  ReturnType<ReturnType<typeof selectQuotePeople>['execute']>
>[number];

/** "Chanel Classic Flap Bag" */
export const quoteTitle = (row: { brand: string; name: string }) =>
  [row.brand, row.name].filter(Boolean).join(' ');
