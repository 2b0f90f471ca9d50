import { centsToDollars } from '@atelier/contract';
import type { CommissionResource } from '@atelier/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { clients, commissions, commissionStatuses } from '../../db/schema.ts';

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

/** A commission with its client's name: what a resource is made from, besides its statuses. */
export const commissionWithClientColumns = {
  commission: commissions,
  firstName: clients.firstName,
  lastName: clients.lastName,
};

export interface CommissionWithClient {
  commission: CommissionRow;
  firstName: string;
  lastName: string;
}

// Ids go in as one array, so each statement's text is the same for any number of them.
const commissionsByIdStatement = preparedStatement(
  (db, name) =>
    db
      .select(commissionWithClientColumns)
      .from(commissions)
      .innerJoin(clients, eq(clients.id, commissions.clientId))
      .where(sql`${commissions.id} = any(${sql.placeholder('ids')})`)
      .prepare(name),
  'commissions_by_id',
);
const statusesStatement = preparedStatement(
  (db, name) =>
    db
      .select({
        commissionId: commissionStatuses.commissionId,
        label: commissionStatuses.label,
        text: commissionStatuses.text,
        createdAt: commissionStatuses.createdAt,
      })
      .from(commissionStatuses)
      .where(sql`${commissionStatuses.commissionId} = any(${sql.placeholder('ids')})`)
      .orderBy(asc(commissionStatuses.createdAt), asc(commissionStatuses.id))
      .prepare(name),
  'commission_statuses_of',
);

function loadStatuses(db: Db | Tx, ids: readonly number[]) {
  return statusesStatement(db).execute({ ids: [...ids] });
}

function toResources(
  rows: readonly CommissionWithClient[],
  statuses: Awaited<ReturnType<typeof loadStatuses>>,
): CommissionResource[] {
  return rows.map((row) =>
    toCommissionResource(
      row.commission,
      `${row.firstName} ${row.lastName}`.trim(),
      statuses.filter((status) => status.commissionId === row.commission.id),
    ),
  );
}

/** Commissions already read with their clients' names, as resources in the same order. */
export async function toCommissionResources(
  db: Db | Tx,
  rows: readonly CommissionWithClient[],
): Promise<CommissionResource[]> {
  if (rows.length === 0) return [];
  return toResources(
    rows,
    await loadStatuses(
      db,
      rows.map((row) => row.commission.id),
    ),
  );
}

/** Commissions by id, as resources, in the order of `ids` (missing ones are left out). */
export async function loadCommissionResources(
  db: Db | Tx,
  ids: readonly number[],
): Promise<CommissionResource[]> {
  if (ids.length === 0) return [];
  const [rows, statuses] = await Promise.all([
    commissionsByIdStatement(db).execute({ ids: [...ids] }),
    loadStatuses(db, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.commission.id, row]));
  return toResources(
    ids.flatMap((id) => byId.get(id) ?? []),
    statuses,
  );
}
