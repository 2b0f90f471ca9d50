import type { Dashboard } from '@atelier/contract';
import { count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { StylistActor } from '../../auth/auth.plugin.ts';
import type { Db } from '../../db/client.ts';
import { clients, commissions, quotes } from '../../db/schema.ts';
import {
  centsToDollars,
  countWhere,
  needsMoreInfo,
  pendingItemsColumns,
  sumCents,
} from '../clients/client-stats.ts';

/** The dashboard's figures over all of the signed-in stylist's clients: three aggregate queries. */
export async function getDashboard(db: Db, actor: StylistActor): Promise<Dashboard> {
  const { stylistId } = actor;
  const [[money], [work], [people]] = await Promise.all([
    db
      .select({
        paidCents: sumCents(commissions.amountCents, isNotNull(commissions.paidAt)),
        unpaidCents: sumCents(commissions.amountCents, isNull(commissions.paidAt)),
      })
      .from(commissions)
      .where(eq(commissions.stylistId, stylistId)),
    db
      .select({
        pendingReviewTotal: pendingItemsColumns.pendingReviewTotal,
        pendingShipmentTotal: pendingItemsColumns.pendingShipmentTotal,
        needsMoreInfo: countWhere(needsMoreInfo),
      })
      .from(quotes)
      .where(eq(quotes.stylistId, stylistId)),
    db.select({ clientCount: count() }).from(clients).where(eq(clients.stylistId, stylistId)),
  ]);
  const pendingReviewTotal = work?.pendingReviewTotal ?? 0;
  const pendingShipmentTotal = work?.pendingShipmentTotal ?? 0;
  return {
    commissions: [
      {
        total: centsToDollars(money?.paidCents ?? 0),
        pending: centsToDollars(money?.unpaidCents ?? 0),
      },
    ],
    pendingItems: [{ pendingReviewTotal, pendingShipmentTotal }],
    taskCount: pendingReviewTotal + pendingShipmentTotal + (work?.needsMoreInfo ?? 0),
    clientCount: people?.clientCount ?? 0,
  };
}
