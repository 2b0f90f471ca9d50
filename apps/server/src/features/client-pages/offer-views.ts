import { pluralize } from '@atelier/contract';
import { and, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { quotes } from '../../db/schema.ts';
import { createNotification } from '../notifications/index.ts';
import { isAwaitingClient, type ClientPage } from './client-page-resource.ts';

/** Views closer together than this count as one: a reload does not write again. */
const VIEW_GRAIN = sql`interval '1 minute'`;

/**
 * Records that the client opened a page showing open offers (decision 0029): the first and last
 * time, for the stylist's "Viewed". The first view of any of them tells the stylist at once.
 */
export async function recordOffersViewed(db: Db, page: ClientPage): Promise<void> {
  const ids = page.quotes
    .filter((entry) => isAwaitingClient(entry, page.now))
    .map((entry) => entry.quote.id);
  if (ids.length === 0) return;
  await db.transaction(async (tx) => {
    const viewed = await tx
      .update(quotes)
      .set({
        offersFirstViewedAt: sql`coalesce(${quotes.offersFirstViewedAt}, now())`,
        offersLastViewedAt: sql`now()`,
        // A view is not a change of the quote.
        updatedAt: sql`${quotes.updatedAt}`,
      })
      .where(
        and(
          inArray(quotes.id, ids),
          or(
            isNull(quotes.offersLastViewedAt),
            lt(quotes.offersLastViewedAt, sql`now() - ${VIEW_GRAIN}`),
          ),
        ),
      )
      .returning({ first: sql<boolean>`${quotes.offersFirstViewedAt} = now()` });
    const firsts = viewed.filter((row) => row.first).length;
    if (firsts === 0) return;
    const { firstName, lastName } = page.meta.client;
    await createNotification(tx, {
      stylistId: page.stylistId,
      kind: 'offers_viewed',
      text: `${`${firstName} ${lastName}`.trim()} opened your offers for ${firsts} ${pluralize(firsts, 'item')}.`,
      link: `/quotes/pickup/${page.clientId}`,
    });
  });
}
