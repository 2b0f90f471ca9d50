import {
  SHOP_LOGIN_EXPIRED_MESSAGE,
  SHOP_NOT_CONFIGURED_MESSAGE,
  ErrorCode,
  clientLoginApi,
  endpointUrl,
  type ClientLoginTicket,
  type ShopLoginTarget,
} from '@atelier/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { StylistActor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, clients, stylists } from '../../db/schema.ts';
import type { ShopSignIn, ShopSso } from '../../integrations/shop-sso/shop-sso.ts';
import { AppError } from '../../lib/app-error.ts';
import { createAccessLinkRow, redeemAccessLink } from '../links/index.ts';
import { findOwnClient } from './clients.service.ts';

/** A ticket only has to last from the stylist's click to the new tab's first request. */
export const CLIENT_LOGIN_TICKET_TTL_SECONDS = 60;

/** The audit rows of the shop sign-in: one when a ticket is issued, one when it is used. */
export const SHOP_LOGIN_AUDIT = {
  ticketIssued: 'shop-login.ticket-issued',
  signedIn: 'shop-login.signed-in',
} as const;

export const clientAuditSubject = (clientId: number) => `client:${clientId}`;

/** An unknown account, a used, expired or foreign ticket: all answer alike. */
const ticketNotValid = () => new AppError(ErrorCode.notFound, SHOP_LOGIN_EXPIRED_MESSAGE, 404);

const shopNotConfigured = () => AppError.conflict(SHOP_NOT_CONFIGURED_MESSAGE);

/**
 * Issues the single-use address that signs a browser in to one of the stylist's clients' shop
 * account. The stylist's API is bearer-only, so the new tab cannot carry the stylist's identity;
 * the ticket does, for a minute, once.
 */
export async function issueClientLoginTicket(
  db: Db,
  actor: StylistActor,
  input: { clientId: number; target: ShopLoginTarget },
  deps: { publicUrl: string; shopSso: ShopSso },
  now = new Date(),
): Promise<ClientLoginTicket> {
  return db.transaction(async (tx) => {
    const client = await findOwnClient(tx, actor, input.clientId);
    if (!client) throw AppError.notFound('Client');
    if (!deps.shopSso.isConfigured) throw shopNotConfigured();
    const ticket = await createAccessLinkRow(
      tx,
      {
        clientId: client.id,
        purpose: 'shop-login',
        ttlSeconds: CLIENT_LOGIN_TICKET_TTL_SECONDS,
      },
      now,
    );
    const expiresAt = ticket.expiresAt.toISOString();
    await tx.insert(auditLog).values({
      actorUserId: actor.userId,
      action: SHOP_LOGIN_AUDIT.ticketIssued,
      subject: clientAuditSubject(client.id),
      detail: { clientId: client.id, target: input.target, ticketId: ticket.id, expiresAt },
    });
    const redeem = endpointUrl(
      clientLoginApi.redeemClientLoginTicket,
      { userId: client.userId },
      { ticket: ticket.token, target: input.target },
    );
    return {
      url: `${deps.publicUrl}${redeem}`,
      expiresAt,
    };
  });
}

/**
 * Uses a ticket up: the shop sign-in (token and cookie, or Multipass) for the client whose shop
 * account is `userId`, audited under the stylist who asked for the ticket, who must still be the
 * client's stylist.
 */
export async function redeemClientLoginTicket(
  db: Db,
  input: { userId: string; ticket: string; target: ShopLoginTarget; ipAddress: string },
  shopSso: ShopSso,
  now = new Date(),
): Promise<ShopSignIn> {
  if (!shopSso.isConfigured) throw shopNotConfigured();
  return db.transaction(async (tx) => {
    const [client] = await tx
      .select({
        id: clients.id,
        userId: clients.userId,
        email: clients.email,
        firstName: clients.firstName,
        lastName: clients.lastName,
        shopifyCustomerId: clients.shopifyCustomerId,
        stylistUserId: stylists.userId,
      })
      .from(clients)
      .innerJoin(stylists, eq(stylists.id, clients.stylistId))
      .where(eq(clients.userId, input.userId));
    const ticket = client
      ? await redeemAccessLink(tx, 'shop-login', input.ticket, client.id, now)
      : null;
    if (!client || !ticket) throw ticketNotValid();

    const subject = clientAuditSubject(client.id);
    const [issued] = await tx
      .select({ actorUserId: auditLog.actorUserId })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.subject, subject),
          eq(auditLog.action, SHOP_LOGIN_AUDIT.ticketIssued),
          sql`${auditLog.detail} ->> 'ticketId' = ${String(ticket.id)}`,
        ),
      )
      .limit(1);
    // The client may have moved to another stylist since the ticket was issued.
    if (issued?.actorUserId !== client.stylistUserId) throw ticketNotValid();
    const signIn = await shopSso.signIn(client, input.target, now);
    await tx.insert(auditLog).values({
      actorUserId: issued.actorUserId,
      action: SHOP_LOGIN_AUDIT.signedIn,
      subject,
      detail: {
        clientId: client.id,
        target: input.target,
        ticketId: ticket.id,
        method: signIn.method,
        ipAddress: input.ipAddress,
      },
    });
    return signIn;
  });
}
