import {
  CLIENT_RESPONSE_ROUTE,
  SHARE_LINK_TTL_DAYS,
  type ShareAnswer,
  type ShareBody,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import type { StylistActor } from '../../auth/auth.plugin.ts';
import type { Db } from '../../db/client.ts';
import { stylists } from '../../db/schema.ts';
import { enqueueEmail } from '../../integrations/outbox/outbox.ts';
import { AppError } from '../../lib/app-error.ts';
import { loadClientStats } from '../clients/client-stats.ts';
import { findOwnClient } from '../clients/clients.service.ts';
import { createAccessLink } from '../links/access-links.ts';
import { shareEmail } from './share-email.ts';

/** The client's page for a share token, on the site the client opens. */
export function clientResponseUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/${CLIENT_RESPONSE_ROUTE}/${token}`;
}

/**
 * Emails one of the stylist's clients a new link to their quotes (docs/decisions/0006). The link
 * and the queued email commit together; earlier links keep working until they expire.
 */
export async function shareWithClient(
  db: Db,
  actor: StylistActor,
  input: ShareBody,
  deps: { publicUrl: string },
): Promise<ShareAnswer> {
  return db.transaction(async (tx) => {
    const client = await findOwnClient(tx, actor, input.clientId);
    if (!client) throw AppError.notFound('Client');
    const [stylist] = await tx
      .select({ firstName: stylists.firstName, lastName: stylists.lastName })
      .from(stylists)
      .where(eq(stylists.id, actor.stylistId));
    if (!stylist) throw AppError.unauthorized();
    const stats = await loadClientStats(tx, actor.stylistId, [client.id]);
    const token = await createAccessLink(tx, {
      clientId: client.id,
      purpose: 'client-response',
      ttlDays: SHARE_LINK_TTL_DAYS,
    });
    await enqueueEmail(
      tx,
      shareEmail({
        to: client.email,
        clientFirstName: client.firstName,
        stylistFirstName: stylist.firstName,
        stylistName: `${stylist.firstName} ${stylist.lastName}`.trim(),
        awaitingAnswer: stats.get(client.id)?.pendingItems.pendingReviewTotal ?? 0,
        link: clientResponseUrl(deps.publicUrl, token),
      }),
    );
    return {
      message: `Sent! ${client.firstName} will get an email with a link to their quotes.`,
    };
  });
}
