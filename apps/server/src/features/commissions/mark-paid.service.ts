import { formatCents, type MarkPaidAnswer } from '@atelier/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { commissions, commissionStatuses, quotes, stylists } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { createNotifications } from '../notifications/index.ts';

type Stylist = Pick<typeof stylists.$inferSelect, 'paymentMethod' | 'paypalAddress'>;

/** The Paid status update's text, from the stylist's payout preference at the time of payment. */
export function paidText(stylist: Stylist | undefined) {
  return stylist?.paymentMethod === 'paypal' && stylist.paypalAddress
    ? `Commission paid by PayPal to ${stylist.paypalAddress}`
    : 'Commission paid by check';
}

/**
 * Pays out commissions in bulk: each unpaid one gets its payment date, a Paid status update and a
 * notification to its stylist; ones paid already are reported and left alone. Any unknown id
 * answers 404 and nothing is paid.
 */
export async function markCommissionsPaid(
  db: Db,
  commissionIds: readonly number[],
): Promise<MarkPaidAnswer> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: commissions.id,
        stylistId: commissions.stylistId,
        productName: commissions.productName,
        amountCents: commissions.amountCents,
        paidAt: commissions.paidAt,
      })
      .from(commissions)
      .where(inArray(commissions.id, [...commissionIds]))
      .for('update');
    const byId = new Map(rows.map((row) => [row.id, row]));
    const missing = commissionIds.filter((id) => !byId.has(id));
    if (missing.length > 0) {
      throw AppError.notFound(
        `${missing.length === 1 ? 'Commission' : 'Commissions'} ${missing.join(', ')}`,
      );
    }
    const unpaid = commissionIds.flatMap((id) => {
      const row = byId.get(id);
      return row && row.paidAt === null ? [row] : [];
    });
    const alreadyPaid = commissionIds.filter((id) => byId.get(id)?.paidAt !== null);
    if (unpaid.length === 0) return { paid: [], alreadyPaid };

    const paidAt = new Date();
    const stylistIds = [...new Set(unpaid.map((row) => row.stylistId))];
    const payees = await tx
      .select({
        id: stylists.id,
        paymentMethod: stylists.paymentMethod,
        paypalAddress: stylists.paypalAddress,
      })
      .from(stylists)
      .where(inArray(stylists.id, stylistIds));
    const payeeById = new Map(payees.map((payee) => [payee.id, payee]));

    await tx
      .update(commissions)
      .set({ paidAt })
      .where(
        inArray(
          commissions.id,
          unpaid.map((row) => row.id),
        ),
      );
    // A paid sale leaves the office's "Sold" queue.
    await tx
      .update(quotes)
      .set({ commissionPaidAt: paidAt })
      .where(
        inArray(
          quotes.id,
          tx
            .select({ id: commissions.quoteId })
            .from(commissions)
            .where(
              inArray(
                commissions.id,
                unpaid.map((row) => row.id),
              ),
            ),
        ),
      );
    await tx.insert(commissionStatuses).values(
      unpaid.map((row) => ({
        commissionId: row.id,
        label: 'Paid',
        text: paidText(payeeById.get(row.stylistId)),
        createdAt: paidAt,
      })),
    );
    await createNotifications(
      tx,
      unpaid.map((row) => ({
        stylistId: row.stylistId,
        kind: 'commission_paid' as const,
        text: `Your ${formatCents(row.amountCents)} commission for ${row.productName} was paid.`,
        link: `/commission/${row.id}`,
      })),
    );
    return { paid: unpaid.map((row) => row.id), alreadyPaid };
  });
}
