import {
  ErrorCode,
  hasOfficeRight,
  OFFICE_DECISION_FROM,
  OFFICE_DECISION_RIGHTS,
  statusLabel,
  type LifecycleStatus,
  type MissingItem,
  type OfficeReceipt,
  type OfficeReceiptDocument,
  type ScannedItem,
} from '@atelier/contract';
import { and, asc, eq, inArray, max, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { clients, designers, quotes, quoteStatusHistory, shipments } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { createNotifications } from '../notifications/index.ts';
import { applyQuoteActionIn, type OfferDeps } from '../quotes/admin-quotes.service.ts';
import type { QuoteActorRef } from '../quotes/index.ts';
import { stylistNews, type OfficeActor } from './office-item.service.ts';

/** The action the audit trail names for each item a scan received. */
export const RECEIVE_SCAN_ACTION = 'POST /api/office/receive';

/** Statuses an item reaches only through "Receive": scanning one of them again is a repeat. */
const PAST_RECEIVING: readonly LifecycleStatus[] = ['received', 'converted', 'sold'];

interface FoundItem extends ScannedItem {
  stylistId: number;
  clientId: number;
  shipmentId: number | null;
}

/** The items `where` selects, locked in id order (two scans of one parcel queue, never deadlock). */
function lockItems(tx: Tx, where: SQL | undefined): Promise<FoundItem[]> {
  return tx
    .select({
      quoteId: quotes.id,
      name: quotes.name,
      designer: designers.name,
      barCode: quotes.barCode,
      status: quotes.status,
      stylistId: quotes.stylistId,
      clientId: quotes.clientId,
      shipmentId: quotes.shipmentId,
    })
    .from(quotes)
    .innerJoin(designers, eq(designers.id, quotes.designerId))
    .where(where)
    .orderBy(asc(quotes.id))
    .for('update', { of: quotes });
}

/** The parcels `where` selects, oldest first, with their client's name. */
function findShipments(tx: Tx, where: SQL) {
  return tx
    .select({
      id: shipments.id,
      trackingNumber: shipments.trackingNumber,
      clientFirst: clients.firstName,
      clientLast: clients.lastName,
    })
    .from(shipments)
    .innerJoin(clients, eq(clients.id, shipments.clientId))
    .where(where)
    .orderBy(asc(shipments.id));
}

/** When each of these items was last received. */
async function receivedAtOf(tx: Tx, quoteIds: number[]): Promise<Map<number, Date>> {
  if (quoteIds.length === 0) return new Map();
  const rows = await tx
    .select({ quoteId: quoteStatusHistory.quoteId, at: max(quoteStatusHistory.createdAt) })
    .from(quoteStatusHistory)
    .where(
      and(
        inArray(quoteStatusHistory.quoteId, quoteIds),
        eq(quoteStatusHistory.toStatus, 'received'),
      ),
    )
    .groupBy(quoteStatusHistory.quoteId);
  return new Map(rows.flatMap((row) => (row.at ? [[row.quoteId, row.at] as const] : [])));
}

const itemOf = ({ quoteId, name, designer, barCode, status }: FoundItem): ScannedItem => ({
  quoteId,
  name,
  designer,
  barCode,
  status,
});

/** Why nothing was received, in a sentence for the person at the scanner. */
function nothingToReceive(receipt: OfficeReceipt): string {
  const { missing } = receipt;
  if (receipt.matched === 'item') {
    const [item] = missing;
    if (!item) return `Nothing to receive for ${receipt.code}.`;
    return item.reason === 'already_received'
      ? `${item.name} (#${item.quoteId}) was already received.`
      : `${item.name} (#${item.quoteId}) is not in transit: it is "${statusLabel(item.status) ?? item.status}".`;
  }
  if (missing.length === 0) return `Parcel ${receipt.code} has no items on its manifest.`;
  return missing.every((item) => item.reason === 'already_received')
    ? `Parcel ${receipt.code} was already received: ${missing.length === 1 ? 'its item is' : `all ${missing.length} of its items are`} at the warehouse.`
    : `Nothing on parcel ${receipt.code} is in transit: see why for each item.`;
}

/**
 * "Scan to receive": a parcel's tracking number receives every item in transit on its manifest,
 * an item's barcode that one item. Each is received as the "Receive" decision receives it (its
 * step, the stylist's notification, its "In transit" claim ended, an audit row naming the item),
 * all in one transaction. The items it cannot receive are listed with why; a scan that receives
 * nothing answers 409 with that list, and an unknown code 404, neither writing anything.
 */
export async function receiveScan(
  db: Db,
  actor: OfficeActor,
  input: { code: string; ipAddress: string | null },
  deps: OfferDeps,
): Promise<OfficeReceiptDocument> {
  if (!hasOfficeRight(actor.role, OFFICE_DECISION_RIGHTS.receive)) {
    throw AppError.forbidden('Only operations may receive parcels.');
  }
  const { code } = input;
  // Carriers' numbers and barcodes are in capitals; a code typed in lower case finds them too.
  const codes = [...new Set([code, code.toUpperCase()])];
  const by: QuoteActorRef = { kind: 'admin', userId: actor.userId };

  const receipt = await db.transaction(async (tx) => {
    const parcels = await findShipments(tx, inArray(shipments.trackingNumber, codes));
    const items =
      parcels.length > 0
        ? await lockItems(
            tx,
            inArray(
              quotes.shipmentId,
              parcels.map((parcel) => parcel.id),
            ),
          )
        : await lockItems(tx, inArray(quotes.barCode, codes));
    const [first] = items;
    if (parcels.length === 0 && !first) {
      throw new AppError(
        ErrorCode.notFound,
        `No parcel or item has the code ${code}. Check it and scan again.`,
        404,
      );
    }
    // The parcel scanned (the latest, should a carrier reuse a number), or the scanned item's.
    const [parcel] =
      parcels.length > 0
        ? parcels.slice(-1)
        : first?.shipmentId
          ? await findShipments(tx, eq(shipments.id, first.shipmentId))
          : [];

    const receivable = items.filter((item) => OFFICE_DECISION_FROM.receive.includes(item.status));
    const unreceivable = items.filter((item) => !receivable.includes(item));
    const receivedAt = await receivedAtOf(
      tx,
      unreceivable.map((item) => item.quoteId),
    );
    const missing: MissingItem[] = unreceivable.map((item) => {
      const isRepeat = PAST_RECEIVING.includes(item.status);
      return {
        ...itemOf(item),
        reason: isRepeat ? 'already_received' : 'not_in_transit',
        receivedAt: isRepeat ? (receivedAt.get(item.quoteId)?.toISOString() ?? null) : null,
      };
    });

    for (const item of receivable) {
      await applyQuoteActionIn(
        tx,
        by,
        { quoteId: item.quoteId, action: { action: 'receive' } },
        deps,
      );
      // Its claim in "In transit", if any, ended with the move (migration 0019).
      // The item's own trail names the scan, as a decision's row names the item.
      await writeAudit(tx, {
        actorUserId: actor.userId,
        action: RECEIVE_SCAN_ACTION,
        subject: `quoteId=${item.quoteId}`,
        detail: { code, shipmentId: parcel?.id ?? null },
        ipAddress: input.ipAddress,
      });
    }
    await createNotifications(
      tx,
      receivable.flatMap((item) => {
        const text = stylistNews('receive', item.name);
        return text
          ? [
              {
                stylistId: item.stylistId,
                kind: 'quote_status_changed' as const,
                text,
                link: `/quotes/pickup/${item.clientId}`,
              },
            ]
          : [];
      }),
    );

    const result: OfficeReceipt = {
      code,
      matched: parcels.length > 0 ? 'shipment' : 'item',
      shipment: parcel
        ? {
            id: parcel.id,
            trackingNumber: parcel.trackingNumber,
            client: `${parcel.clientFirst} ${parcel.clientLast}`,
          }
        : null,
      received: receivable.map((item) => ({ ...itemOf(item), status: 'received' })),
      missing,
    };
    // Throwing rolls back: a scan that receives nothing writes nothing.
    if (result.received.length === 0) {
      throw AppError.conflict(nothingToReceive(result), undefined, { receipt: result });
    }
    return result;
  });
  return { data: receipt };
}
