import {
  SHARE_LINK_TTL_DAYS,
  type ClientLinkAnswer,
  type ClientLinkPage,
  type RevokedLinksAnswer,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clients } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { clientPageUrl, type ClientPage } from '../../lib/client-page-urls.ts';
import { createAccessLinkRow, revokeClientLinks, type AccessLinkPurpose } from './access-links.ts';

/** Any stylist's client, for the back office; a missing one is 404. */
async function existingClient(db: Db, clientId: number) {
  const [client] = await db
    .select({ id: clients.id, firstName: clients.firstName, lastName: clients.lastName })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!client) throw AppError.notFound('Client');
  return client;
}

/** Ends every live link of the client (client pages, manifests) at once. */
export async function revokeLinksOfClient(db: Db, clientId: number): Promise<RevokedLinksAnswer> {
  const client = await existingClient(db, clientId);
  const revoked = await revokeClientLinks(db, client.id);
  return { clientId: client.id, firstName: client.firstName, lastName: client.lastName, revoked };
}

const LINK_PAGES = {
  curated: { purpose: 'client-response', page: 'curated' },
  quotes: { purpose: 'quote-share', page: 'quoteShare' },
  'quote-offer': { purpose: 'offer-approval', page: 'offerApproval' },
} as const satisfies Record<ClientLinkPage, { purpose: AccessLinkPurpose; page: ClientPage }>;

/** A new link to one of the client's pages, good for SHARE_LINK_TTL_DAYS. */
export async function createClientLink(
  db: Db,
  publicUrl: string,
  input: { clientId: number; page: ClientLinkPage },
): Promise<ClientLinkAnswer> {
  const client = await existingClient(db, input.clientId);
  const { purpose, page } = LINK_PAGES[input.page];
  const { token, expiresAt } = await createAccessLinkRow(db, {
    clientId: client.id,
    purpose,
    ttlDays: SHARE_LINK_TTL_DAYS,
  });
  return { url: clientPageUrl(publicUrl, page, token), expiresAt: expiresAt.toISOString() };
}
