import crypto from 'node:crypto';
import { ACCESS_TOKEN_PATTERN } from '@atelier/contract';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { accessLinks } from '../../db/schema.ts';

export type AccessLinkPurpose = (typeof accessLinks.$inferInsert)['purpose'];
export type AccessLink = typeof accessLinks.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * Makes a link token for a page opened without sign-in (§6). Only its hash is stored, so the
 * token exists once: in the caller's answer or email.
 */
export async function createAccessLink(
  db: Db | Tx,
  link: { clientId: number; purpose: AccessLinkPurpose; shipmentId?: number } & (
    { ttlDays: number } | { ttlSeconds: number }
  ),
  now = new Date(),
): Promise<string> {
  return (await createAccessLinkRow(db, link, now)).token;
}

/** createAccessLink, answering the stored row's id and expiry beside the token. */
export async function createAccessLinkRow(
  db: Db | Tx,
  link: Parameters<typeof createAccessLink>[1],
  now = new Date(),
): Promise<{ token: string; id: number; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const ttlMs = 'ttlDays' in link ? link.ttlDays * DAY_MS : link.ttlSeconds * 1000;
  const [row] = await db
    .insert(accessLinks)
    .values({
      clientId: link.clientId,
      purpose: link.purpose,
      shipmentId: link.shipmentId ?? null,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + ttlMs),
    })
    .returning({ id: accessLinks.id, expiresAt: accessLinks.expiresAt });
  if (!row) throw new Error('access link insert returned no row');
  return { token, ...row };
}

/**
 * The live link a token opens for `purpose` (or any of several), or null: unknown, expired and
 * revoked look alike.
 */
export async function findAccessLink(
  db: Db | Tx,
  purpose: AccessLinkPurpose | readonly AccessLinkPurpose[],
  token: string,
  now = new Date(),
): Promise<AccessLink | null> {
  if (!ACCESS_TOKEN_PATTERN.test(token)) return null;
  const [link] = await db
    .select()
    .from(accessLinks)
    .where(
      and(
        eq(accessLinks.tokenHash, hashToken(token)),
        typeof purpose === 'string'
          ? eq(accessLinks.purpose, purpose)
          : inArray(accessLinks.purpose, [...purpose]),
        isNull(accessLinks.revokedAt),
        gt(accessLinks.expiresAt, now),
      ),
    )
    .limit(1);
  return link ?? null;
}

/**
 * Uses up a single-use link: the live link `token` opens for `purpose` and `clientId` is revoked
 * in the same statement, so two requests with one token cannot both get it. Null otherwise.
 */
export async function redeemAccessLink(
  db: Db | Tx,
  purpose: AccessLinkPurpose,
  token: string,
  clientId: number,
  now = new Date(),
): Promise<AccessLink | null> {
  if (!ACCESS_TOKEN_PATTERN.test(token)) return null;
  const [link] = await db
    .update(accessLinks)
    .set({ revokedAt: now })
    .where(
      and(
        eq(accessLinks.tokenHash, hashToken(token)),
        eq(accessLinks.purpose, purpose),
        eq(accessLinks.clientId, clientId),
        isNull(accessLinks.revokedAt),
        gt(accessLinks.expiresAt, now),
      ),
    )
    .returning();
  return link ?? null;
}

/** Revokes every live link of a client at once; answers how many were revoked. */
export async function revokeClientLinks(
  db: Db | Tx,
  clientId: number,
  now = new Date(),
): Promise<number> {
  const revoked = await db
    .update(accessLinks)
    .set({ revokedAt: now })
    .where(
      and(
        eq(accessLinks.clientId, clientId),
        isNull(accessLinks.revokedAt),
        gt(accessLinks.expiresAt, now),
      ),
    )
    .returning({ id: accessLinks.id });
  return revoked.length;
}
