import { centsToDollars } from '@atelier/contract';
import type { Dashboard } from '@atelier/contract';
import { eq, sql } from 'drizzle-orm';
import type { StylistActor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { stylists, stylistTotals } from '../../db/schema.ts';

const dashboardStatement = preparedStatement(
  (db, name) =>
    db
      .select({
        clientCount: stylists.clientCount,
        paidCents: stylistTotals.paidCents,
        unpaidCents: stylistTotals.unpaidCents,
        pendingReview: stylistTotals.pendingReview,
        pendingShipment: stylistTotals.pendingShipment,
        needsMoreInfo: stylistTotals.needsMoreInfo,
      })
      .from(stylists)
      .leftJoin(stylistTotals, eq(stylistTotals.stylistId, stylists.id))
      .where(eq(stylists.id, sql.placeholder('stylistId')))
      .prepare(name),
  'dashboard',
);

/**
 * The dashboard's figures over all of the signed-in stylist's clients: one row, the kept client
 * count and the totals triggers keep on every change to commissions and quotes (migration 0008).
 */
export async function getDashboard(db: Db, actor: StylistActor): Promise<Dashboard> {
  const [row] = await dashboardStatement(db).execute({ stylistId: actor.stylistId });
  const pendingReviewTotal = row?.pendingReview ?? 0;
  const pendingShipmentTotal = row?.pendingShipment ?? 0;
  return {
    commissions: [
      {
        total: centsToDollars(row?.paidCents ?? 0),
        pending: centsToDollars(row?.unpaidCents ?? 0),
      },
    ],
    pendingItems: [{ pendingReviewTotal, pendingShipmentTotal }],
    taskCount: pendingReviewTotal + pendingShipmentTotal + (row?.needsMoreInfo ?? 0),
    clientCount: row?.clientCount ?? 0,
  };
}
