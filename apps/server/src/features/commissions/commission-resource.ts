import type { CommissionResource } from '@atelier/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { clients, commissions, commissionStatuses } from '../../db/schema.ts';
import { anyOf, centsToDollars } from '../clients/client-stats.ts';

type CommissionRow = typeof commissions.$inferSelect;

/** The one mapper from a commission row (with its client's name and statuses) to the contract. */
export function toCommissionResource(
  row: CommissionRow,
  clientName: string,
  statuses: readonly { label: string; text: string; createdAt: Date }[],
): CommissionResource {
  return {
    id: row.id,
    type: 'commissions',
    attributes: {
      clientId: row.clientId,
      clientName,
      productName: row.productName,
      amount: centsToDollars(row.amountCents),
      orderId: row.orderId,
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
      statuses: statuses.map(({ label, text }) => ({ [label]: text })),
      statusDates: statuses.map(({ createdAt }) => createdAt.toISOString()),
      purchasePrice: centsToDollars(row.purchasePriceCents),
    },
  };
}

/** Commissions by id, as resources, in the order of `ids` (missing ones are left out). */
export async function loadCommissionResources(
  db: Db | Tx,
  ids: readonly number[],
): Promise<CommissionResource[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ commission: commissions, firstName: clients.firstName, lastName: clients.lastName })
    .from(commissions)
    .innerJoin(clients, eq(clients.id, commissions.clientId))
    .where(anyOf(commissions.id, ids));
  const statuses = await db
    .select({
      commissionId: commissionStatuses.commissionId,
      label: commissionStatuses.label,
      text: commissionStatuses.text,
      createdAt: commissionStatuses.createdAt,
    })
    .from(commissionStatuses)
    .where(anyOf(commissionStatuses.commissionId, ids))
    .orderBy(asc(commissionStatuses.createdAt), asc(commissionStatuses.id));
  const byId = new Map(rows.map((row) => [row.commission.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const name = `${row.firstName} ${row.lastName}`.trim();
    return [
      toCommissionResource(
        row.commission,
        name,
        statuses.filter((status) => status.commissionId === id),
      ),
    ];
  });
}
