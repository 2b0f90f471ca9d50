import type { Dashboard } from '@atelier/contract';
import { eq, isNotNull, isNull } from 'drizzle-orm';
import type { StylistActor } from '../../auth/auth.plugin.ts';
import type { Db } from '../../db/client.ts';
import { commissions, quotes } from '../../db/schema.ts';
import { countAllClients } from '../clients/clients.service.ts';
import {
  centsToDollars,
  countWhere,
  needsMoreInfo,
  pendingItemsColumns,
  sumCents,
} from '../clients/client-stats.ts';

/** The dashboard's figures over all of the signed-in stylist's clients: two aggregates and the kept client count. */
export async function getDashboard(db: Db, actor: StylistActor): Promise<Dashboard> {
  const { stylistId } = actor;
  const [[money], [work], clientCount] = await Promise.all([
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
    countAllClients(db, actor),
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
    clientCount,
  };
}
