import {
  hasOfficeRight,
  OFFICE_RECORD_CLIENTS,
  OFFICE_RECORD_COMMISSIONS,
  OFFICE_RECORD_ITEMS_PER_STAGE,
  OFFICE_RECORD_LINKS,
  OFFICE_STAGES,
  type OfficeClientRecordDocument,
  type OfficeRecordCommissions,
  type OfficeRecordStage,
  type OfficeRevokedLinksDocument,
  type OfficeStage,
  type OfficeStylistRecordDocument,
} from '@atelier/contract';
import { and, asc, count, desc, eq, gt, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  accessLinks,
  clients,
  commissions,
  designers,
  quotes,
  stylists,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { revokeLinksOfClient } from '../links/admin-client-links.service.ts';
import { hoursInStage, stageClock } from './business-hours.ts';
import type { OfficeSettings } from './office-settings.ts';
import type { OfficeActor } from './second-opinions.ts';

type Clock = Pick<OfficeSettings, 'slaHours' | 'timeZone'>;

const fullName = (first: string, last: string) => `${first} ${last}`;

/**
 * The items `where` selects, by stage in the queues' order and then those done: each stage's
 * count, and its oldest items (a window per stage, so a stylist's thousands are not all read out).
 */
async function itemsByStage(
  db: Db,
  where: SQL,
  settings: Clock,
  now: Date,
): Promise<OfficeRecordStage[]> {
  const ranked = db
    .select({
      quoteId: quotes.id,
      name: quotes.name,
      designer: sql<string>`${designers.name}`.as('designer'),
      status: quotes.status,
      stage: quotes.officeStage,
      enteredAt: quotes.stageEnteredAt,
      rank: sql<number>`row_number() over (partition by ${quotes.officeStage} order by ${quotes.stageEnteredAt}, ${quotes.id})`.as(
        'rank',
      ),
    })
    .from(quotes)
    .innerJoin(designers, eq(designers.id, quotes.designerId))
    .where(where)
    .as('ranked');
  const [counts, rows] = await Promise.all([
    db
      .select({ stage: quotes.officeStage, count: count() })
      .from(quotes)
      .where(where)
      .groupBy(quotes.officeStage),
    db
      .select()
      .from(ranked)
      .where(lte(ranked.rank, OFFICE_RECORD_ITEMS_PER_STAGE))
      .orderBy(asc(ranked.enteredAt), asc(ranked.quoteId)),
  ]);
  const order = [...OFFICE_STAGES, null];
  return counts
    .sort((a, b) => order.indexOf(a.stage) - order.indexOf(b.stage))
    .map(({ stage, count: total }) => ({
      stage,
      count: total,
      items: rows
        .filter((row) => row.stage === stage)
        .map((row) => {
          const clock = stage
            ? stageClock(row.enteredAt, stage as OfficeStage, settings, now)
            : null;
          return {
            quoteId: row.quoteId,
            name: row.name,
            designer: row.designer,
            status: row.status,
            enteredAt: row.enteredAt.toISOString(),
            businessHours:
              clock?.businessHours ?? hoursInStage(row.enteredAt, now, settings.timeZone),
            sla: clock?.sla.state ?? null,
          };
        }),
    }));
}

/** The commissions `where` selects: pending and paid totals, and the newest. */
async function commissionsOf(
  db: Db,
  where: SQL,
  withClient: boolean,
): Promise<OfficeRecordCommissions> {
  const [totals, latest] = await Promise.all([
    db
      .select({
        paid: sql<boolean>`${commissions.paidAt} is not null`,
        count: count(),
        totalCents: sql<number>`coalesce(sum(${commissions.amountCents}), 0)::int`,
      })
      .from(commissions)
      .where(where)
      .groupBy(sql`${commissions.paidAt} is not null`),
    db
      .select({
        id: commissions.id,
        quoteId: commissions.quoteId,
        productName: commissions.productName,
        brand: commissions.brand,
        amountCents: commissions.amountCents,
        createdAt: commissions.createdAt,
        paidAt: commissions.paidAt,
        clientId: clients.id,
        clientFirst: clients.firstName,
        clientLast: clients.lastName,
      })
      .from(commissions)
      .innerJoin(clients, eq(clients.id, commissions.clientId))
      .where(where)
      .orderBy(desc(commissions.createdAt), desc(commissions.id))
      .limit(OFFICE_RECORD_COMMISSIONS),
  ]);
  const total = (paid: boolean) => {
    const row = totals.find((candidate) => candidate.paid === paid);
    return { count: row?.count ?? 0, totalCents: row?.totalCents ?? 0 };
  };
  return {
    pending: total(false),
    paid: total(true),
    latest: latest.map((row) => ({
      id: row.id,
      quoteId: row.quoteId,
      productName: row.productName,
      brand: row.brand,
      amountCents: row.amountCents,
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
      ...(withClient && {
        client: { id: row.clientId, name: fullName(row.clientFirst, row.clientLast) },
      }),
    })),
  };
}

/**
 * The client's access links: how many are live, and the newest with their state. The shop's
 * one-minute sign-in tickets are left out: they are the shop's hand-off, never sent to the client.
 */
async function linksOf(db: Db, clientId: number, now: Date) {
  const mine = and(eq(accessLinks.clientId, clientId), ne(accessLinks.purpose, 'shop-login'));
  const [[live], [all], latest] = await Promise.all([
    db
      .select({ count: count() })
      .from(accessLinks)
      .where(and(mine, isNull(accessLinks.revokedAt), gt(accessLinks.expiresAt, now))),
    db.select({ count: count() }).from(accessLinks).where(mine),
    db
      .select({
        id: accessLinks.id,
        purpose: accessLinks.purpose,
        createdAt: accessLinks.createdAt,
        expiresAt: accessLinks.expiresAt,
        revokedAt: accessLinks.revokedAt,
      })
      .from(accessLinks)
      .where(mine)
      .orderBy(desc(accessLinks.createdAt), desc(accessLinks.id))
      .limit(OFFICE_RECORD_LINKS),
  ]);
  return {
    live: live?.count ?? 0,
    total: all?.count ?? 0,
    latest: latest.flatMap(({ purpose, ...link }) =>
      purpose === 'shop-login'
        ? []
        : [
            {
              id: link.id,
              purpose,
              state: link.revokedAt
                ? ('revoked' as const)
                : link.expiresAt <= now
                  ? ('expired' as const)
                  : ('live' as const),
              createdAt: link.createdAt.toISOString(),
              expiresAt: link.expiresAt.toISOString(),
              revokedAt: link.revokedAt?.toISOString() ?? null,
            },
          ],
    ),
  };
}

/** A client's record (the §2 "admin supplier record"); 404 for an unknown client. */
export async function getClientRecord(
  db: Db,
  clientId: number,
  settings: Clock,
  now = new Date(),
): Promise<OfficeClientRecordDocument> {
  const [[client], stages, links, commissionTotals] = await Promise.all([
    db
      .select({
        id: clients.id,
        firstName: clients.firstName,
        lastName: clients.lastName,
        email: clients.email,
        phone: clients.phone,
        address: clients.address,
        city: clients.city,
        state: clients.state,
        postalCode: clients.postalCode,
        erasedAt: clients.erasedAt,
        createdAt: clients.createdAt,
        stylistId: stylists.id,
        stylistFirst: stylists.firstName,
        stylistLast: stylists.lastName,
        stylistEmail: users.email,
      })
      .from(clients)
      .innerJoin(stylists, eq(stylists.id, clients.stylistId))
      .innerJoin(users, eq(users.id, stylists.userId))
      .where(eq(clients.id, clientId)),
    itemsByStage(db, eq(quotes.clientId, clientId), settings, now),
    linksOf(db, clientId, now),
    commissionsOf(db, eq(commissions.clientId, clientId), false),
  ]);
  if (!client) throw AppError.notFound('Client');
  return {
    data: {
      client: {
        id: client.id,
        name: fullName(client.firstName, client.lastName),
        email: client.email,
        phone: client.phone,
        address: client.address,
        city: client.city,
        state: client.state,
        postalCode: client.postalCode,
        erasedAt: client.erasedAt?.toISOString() ?? null,
        createdAt: client.createdAt.toISOString(),
      },
      stylist: {
        id: client.stylistId,
        name: fullName(client.stylistFirst, client.stylistLast),
        email: client.stylistEmail,
      },
      stages,
      links,
      commissions: commissionTotals,
    },
  };
}

/** A stylist's record: contact, clients, items by stage, commissions; 404 for an unknown stylist. */
export async function getStylistRecord(
  db: Db,
  stylistId: number,
  settings: Clock,
  now = new Date(),
): Promise<OfficeStylistRecordDocument> {
  const [[stylist], clientRows, stages, commissionTotals] = await Promise.all([
    db
      .select({
        id: stylists.id,
        firstName: stylists.firstName,
        lastName: stylists.lastName,
        email: users.email,
        address1: stylists.address1,
        address2: stylists.address2,
        city: stylists.city,
        state: stylists.state,
        postalCode: stylists.postalCode,
        paymentMethod: stylists.paymentMethod,
        paypalAddress: stylists.paypalAddress,
        clientCount: stylists.clientCount,
        createdAt: stylists.createdAt,
      })
      .from(stylists)
      .innerJoin(users, eq(users.id, stylists.userId))
      .where(eq(stylists.id, stylistId)),
    // The clients list's own order, so the page reads the stylist's name index.
    db
      .select({
        id: clients.id,
        firstName: clients.firstName,
        lastName: clients.lastName,
        email: clients.email,
      })
      .from(clients)
      .where(eq(clients.stylistId, stylistId))
      .orderBy(sql`lower(${clients.lastName})`, sql`lower(${clients.firstName})`, clients.id)
      .limit(OFFICE_RECORD_CLIENTS),
    itemsByStage(db, eq(quotes.stylistId, stylistId), settings, now),
    commissionsOf(db, eq(commissions.stylistId, stylistId), true),
  ]);
  if (!stylist) throw AppError.notFound('Stylist');
  const street = [stylist.address1, stylist.address2].filter(Boolean).join(', ');
  const place = [stylist.city, [stylist.state, stylist.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return {
    data: {
      stylist: {
        id: stylist.id,
        name: fullName(stylist.firstName, stylist.lastName),
        email: stylist.email,
        address: [street, place].filter(Boolean).join(', ') || null,
        payoutMethod: stylist.paymentMethod,
        paypalAddress: stylist.paymentMethod === 'paypal' ? stylist.paypalAddress : null,
        createdAt: stylist.createdAt.toISOString(),
      },
      clients: {
        total: stylist.clientCount,
        list: clientRows.map((row) => ({
          id: row.id,
          name: fullName(row.firstName, row.lastName),
          email: row.email,
        })),
      },
      stages,
      commissions: commissionTotals,
    },
  };
}

/**
 * "Revoke links" on a client's record: every live access link of the client ended at once, by the
 * links feature's own service. Operations' call (the reassign right, which only the lead holds).
 */
export async function revokeRecordLinks(
  db: Db,
  actor: OfficeActor,
  clientId: number,
): Promise<OfficeRevokedLinksDocument> {
  if (!hasOfficeRight(actor.role, 'reassign')) {
    throw AppError.forbidden('Only operations may revoke a client’s links.');
  }
  const answer = await revokeLinksOfClient(db, clientId);
  return { data: { clientId: answer.clientId, revoked: answer.revoked } };
}
