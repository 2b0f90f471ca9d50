import {
  ANSWERABLE_STATUSES,
  SHARE_LINK_TTL_DAYS,
  type ShareAnswer,
  type ShareBody,
  centsToDollars,
} from '@atelier/contract';
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { StylistActor } from '../../auth/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { designers, images, quotes, stylists, users } from '../../db/schema.ts';
import { enqueueEmail } from '../../integrations/outbox/outbox.ts';
import { AppError } from '../../lib/app-error.ts';
import { clientPageUrl } from '../../lib/client-page-urls.ts';
import { findOwnClient } from '../clients/clients.service.ts';
import { createAccessLink, type AccessLinkPurpose } from '../links/index.ts';
import { applyTransition, loadStoredOffers, type StoredOffer } from '../quotes/index.ts';
import { shareEmail, type SharedItem } from './share-email.ts';

/** The client's "Curated For" page for a share token. */
export function clientResponseUrl(publicUrl: string, token: string): string {
  return clientPageUrl(publicUrl, 'curated', token);
}

const PRESENTED_NOTE = 'Offers presented to the client by email.';

/**
 * Moves the client's quotes whose approved offers wait to be presented to "Follow Up with
 * Client", and answers every quote that waits for the client's answer, as the email lists it.
 */
async function presentOffers(tx: Tx, actor: StylistActor, clientId: number) {
  const waiting = await tx
    .select({ id: quotes.id, status: quotes.status, name: quotes.name, brand: designers.name })
    .from(quotes)
    .innerJoin(designers, eq(designers.id, quotes.designerId))
    .where(
      and(
        eq(quotes.clientId, clientId),
        eq(quotes.stylistId, actor.stylistId),
        eq(quotes.isApproved, true),
        inArray(quotes.status, [...ANSWERABLE_STATUSES]),
        // Expired offers wait for the back office to renew them, not for the client.
        or(isNull(quotes.offersExpireAt), gt(quotes.offersExpireAt, sql`now()`)),
      ),
    )
    .orderBy(asc(quotes.id))
    .for('update', { of: quotes });
  for (const quote of waiting) {
    if (quote.status !== 'authenticated_with_offer') continue;
    await applyTransition(tx, {
      quote,
      to: 'offer_pending',
      actor: { kind: 'stylist', userId: actor.userId },
      note: PRESENTED_NOTE,
    });
  }
  const ids = waiting.map((quote) => quote.id);
  const [offers, thumbnails] = await Promise.all([
    loadStoredOffers(tx, ids),
    ids.length === 0
      ? []
      : tx
          .selectDistinctOn([images.quoteId], {
            quoteId: images.quoteId,
            thumbnailKey: images.thumbnailKey,
          })
          .from(images)
          .where(inArray(images.quoteId, ids))
          .orderBy(images.quoteId, asc(images.position), asc(images.id)),
  ]);
  const amount = (quoteId: number, type: StoredOffer['type']) => {
    const offer = offers.find((o) => o.quoteId === quoteId && o.type === type && o.cents > 0);
    return offer ? centsToDollars(offer.cents) : null;
  };
  return waiting.map((quote): SharedItem => ({
    quoteId: quote.id,
    brand: quote.brand,
    name: quote.name,
    buyout: amount(quote.id, 'buyout'),
    consignment: amount(quote.id, 'consignment'),
    thumbnailKey: thumbnails.find((image) => image.quoteId === quote.id)?.thumbnailKey ?? null,
  }));
}

/**
 * Emails one of the stylist's clients new links to their quotes (docs/decisions/0006): "Curated
 * For", "Quote Share", and "Approve White Glove Offers" when a consignment offer waits. Sharing
 * presents the offers: quotes "Present Offers to Client" become "Follow Up with Client". Links,
 * moves and the queued email commit together; earlier links keep working until they expire.
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
      .select({ firstName: stylists.firstName, lastName: stylists.lastName, email: users.email })
      .from(stylists)
      .innerJoin(users, eq(users.id, stylists.userId))
      .where(eq(stylists.id, actor.stylistId));
    if (!stylist) throw AppError.unauthorized();
    const items = await presentOffers(tx, actor, client.id);
    const hasConsignmentOffer = items.some((item) => item.consignment !== null);
    // Each page's link carries its own purpose: the read-only Quote Share may be passed on
    // without the power to answer (docs/decisions/0031); the hub's opens every page.
    const linkTo = (purpose: AccessLinkPurpose) =>
      createAccessLink(tx, { clientId: client.id, purpose, ttlDays: SHARE_LINK_TTL_DAYS });
    const tokens = {
      hub: await linkTo('hub'),
      curated: await linkTo('client-response'),
      quoteShare: await linkTo('quote-share'),
      offerApproval: hasConsignmentOffer ? await linkTo('offer-approval') : null,
    };
    await enqueueEmail(
      tx,
      await shareEmail({
        to: client.email,
        clientFirstName: client.firstName,
        stylist: {
          firstName: stylist.firstName,
          name: `${stylist.firstName} ${stylist.lastName}`.trim(),
          email: stylist.email,
        },
        items,
        link: clientResponseUrl(deps.publicUrl, tokens.curated),
        hubLink: clientPageUrl(deps.publicUrl, 'hub', tokens.hub),
        quoteShareLink: clientPageUrl(deps.publicUrl, 'quoteShare', tokens.quoteShare),
        offerApprovalLink: tokens.offerApproval
          ? clientPageUrl(deps.publicUrl, 'offerApproval', tokens.offerApproval)
          : null,
      }),
    );
    return {
      message: `Sent! ${client.firstName} will get an email with a link to their quotes.`,
    };
  });
}
