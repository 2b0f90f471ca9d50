import crypto from 'node:crypto';
import {
  clientBarCode,
  ErrorCode,
  type CompletePickupBodySchema,
  type ShipmentDocument,
} from '@atelier/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { StylistActor } from '../../auth/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { violatedUniqueConstraint } from '../../db/errors.ts';
import { shipments } from '../../db/schema.ts';
import { enqueueEmail } from '../../integrations/outbox/outbox.ts';
import type { PurchasedLabel } from '../../integrations/shipping/shipping-provider.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { AppError } from '../../lib/app-error.ts';
import { findOwnClient } from '../clients/clients.service.ts';
import type { QuoteLinkDeps } from '../quotes/index.ts';
import { pickupReceiptEmail } from './pickup-receipt-email.ts';
import { pickupMoment, renderPickupReceipt } from './pickup-receipt-pdf.ts';
import {
  buyLabel,
  lockOwnQuotes,
  moveToInTransit,
  notAcceptedError,
  storeLabel,
  stylistPostalAddress,
  withUnusedLabelLog,
  type LockedQuote,
  type ShippingDeps,
} from './ship-quotes.ts';
import { clientAddressLines, loadShipmentItems, loadShipmentStylist } from './shipment-details.ts';
import { loadShipmentDocument } from './shipment-resource.ts';
import { prepareSignature, storeSignature } from './signature.ts';

export type PickupInput = z.output<typeof CompletePickupBodySchema>;
export type PickupDeps = QuoteLinkDeps & ShippingDeps & { storage: FileStorage };

const IDEMPOTENCY_CONSTRAINT = 'shipments_idempotency_key_unique';
const PICKUP_NOTE = 'Picked up in person; signed by the client';
const PICKUP_METHOD = 'Concierge Pickup';
const MIXED_CLIENTS = 'All items of one pickup must belong to the same client.';
const NO_STYLIST_ADDRESS = 'Add your address to your account before creating a label for a pickup.';

/** The pickup that already holds every one of `locked`, if there is one: a repeated submit. */
async function existingPickup(tx: Tx, actor: StylistActor, locked: readonly LockedQuote[]) {
  const shipmentIds = new Set(locked.map((quote) => quote.shipmentId));
  const [shipmentId] = shipmentIds;
  if (shipmentIds.size !== 1 || shipmentId === null || shipmentId === undefined) return null;
  const [row] = await tx
    .select({ id: shipments.id })
    .from(shipments)
    .where(
      and(
        eq(shipments.id, shipmentId),
        eq(shipments.stylistId, actor.stylistId),
        eq(shipments.kind, 'pickup'),
      ),
    );
  return row?.id ?? null;
}

function onlyClientOf(locked: readonly LockedQuote[]): number {
  const clientIds = new Set(locked.map((quote) => quote.clientId));
  const [clientId] = clientIds;
  if (clientIds.size !== 1 || clientId === undefined) {
    throw new AppError(ErrorCode.badRequest, MIXED_CLIENTS, 400, { quoteIds: [MIXED_CLIENTS] });
  }
  return clientId;
}

/**
 * Renders and stores the signed receipt of a pickup (issue 20); returns its storage key and the
 * email that gives it to the client, for the caller to queue with the pickup.
 */
async function prepareReceipt(
  tx: Tx,
  actor: StylistActor,
  pickup: {
    clientId: number;
    quoteIds: readonly number[];
    pickedUpAt: Date;
    signature: Buffer;
    storage: FileStorage;
  },
) {
  const client = await findOwnClient(tx, actor, pickup.clientId);
  if (!client) throw AppError.notFound('Client');
  const stylist = await loadShipmentStylist(tx, actor.stylistId);
  const items = await loadShipmentItems(tx, pickup.storage, pickup.quoteIds);
  const clientName = `${client.firstName} ${client.lastName}`.trim();
  const pdf = await renderPickupReceipt({
    pickedUpAt: pickup.pickedUpAt,
    timeZone: stylist.timeZone,
    stylistName: stylist.name,
    client: { name: clientName, addressLines: clientAddressLines(client) },
    items,
    signature: pickup.signature,
  });
  const key = `receipts/${crypto.randomUUID()}.pdf`;
  await pickup.storage.put(key, pdf, 'application/pdf');
  return {
    key,
    email: await pickupReceiptEmail({
      to: client.email,
      clientFirstName: client.firstName,
      stylist,
      pickedUpAt: pickupMoment(pickup.pickedUpAt, stylist.timeZone),
      items,
      receiptKey: key,
    }),
  };
}

async function recordPickup(
  tx: Tx,
  actor: StylistActor,
  input: { ids: readonly number[]; idempotencyKey: string; signature: Buffer; withLabel: boolean },
  deps: PickupDeps,
  onBought: (label: PurchasedLabel) => void,
): Promise<number> {
  const locked = await lockOwnQuotes(tx, actor, input.ids, 'quoteIds');
  const replayed = await existingPickup(tx, actor, locked);
  if (replayed !== null) return replayed;
  const clientId = onlyClientOf(locked);
  const refusal = notAcceptedError(locked, 'quoteIds');
  if (refusal) throw refusal;

  let label: PurchasedLabel | null = null;
  let labelKey: string | null = null;
  if (input.withLabel) {
    const from = await stylistPostalAddress(tx, actor);
    if (!from) {
      throw new AppError(ErrorCode.badRequest, NO_STYLIST_ADDRESS, 400, {
        generateShippingLabel: [NO_STYLIST_ADDRESS],
      });
    }
    label = await buyLabel(deps, {
      reference: `${clientBarCode(clientId)} - pickup of ${locked.length}`,
      from,
      itemCount: locked.length,
    });
    onBought(label);
    labelKey = await storeLabel(deps.storage, label);
  }
  const signatureKey = await storeSignature(deps.storage, input.signature);
  const pickedUpAt = new Date();
  const receipt = await prepareReceipt(tx, actor, {
    clientId,
    quoteIds: locked.map((quote) => quote.id),
    pickedUpAt,
    signature: input.signature,
    storage: deps.storage,
  });

  const [shipment] = await tx
    .insert(shipments)
    .values({
      stylistId: actor.stylistId,
      clientId,
      kind: 'pickup',
      carrier: label?.carrier ?? null,
      shippingMethod: label?.service ?? PICKUP_METHOD,
      trackingNumber: label?.trackingNumber ?? null,
      labelKey,
      signatureKey,
      receiptKey: receipt.key,
      clientBarCode: clientBarCode(clientId),
      idempotencyKey: input.idempotencyKey,
      shippedDate: pickedUpAt,
    })
    .returning({ id: shipments.id, clientId: shipments.clientId });
  if (!shipment) throw new Error('shipment insert returned no row');
  await moveToInTransit(tx, actor, locked, {
    shipmentId: shipment.id,
    note: label ? `${PICKUP_NOTE}. Shipping label ${label.trackingNumber}` : PICKUP_NOTE,
    pickupType: 'concierge',
  });
  // Queued with the pickup: sent only if it commits, and never by a replay (which returned above).
  await enqueueEmail(tx, receipt.email);
  return shipment.id;
}

/** The shipment a committed pickup recorded under `idempotencyKey`, if any. */
async function findByIdempotencyKey(db: Db, actor: StylistActor, idempotencyKey: string) {
  const [row] = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(
      and(eq(shipments.idempotencyKey, idempotencyKey), eq(shipments.stylistId, actor.stylistId)),
    );
  return row?.id ?? null;
}

/**
 * Records that the stylist collected items from a client in person, with the client's signature
 * (docs/decisions/0006), and emails the client the signed receipt (issue 20). Idempotent: when
 * every item already sits in one pickup, that pickup is the answer and nothing is written or sent.
 */
export async function completePickup(
  db: Db,
  actor: StylistActor,
  input: PickupInput,
  deps: PickupDeps,
): Promise<ShipmentDocument> {
  const signature = await prepareSignature(input.signature);
  const ids = [...input.quoteIds].sort((a, b) => a - b);
  const idempotencyKey = `pickup:${actor.stylistId}:${ids.join(',')}`;
  let shipmentId: number;
  try {
    shipmentId = await withUnusedLabelLog(deps.log, (onBought) =>
      db.transaction((tx) =>
        recordPickup(
          tx,
          actor,
          { ids, idempotencyKey, signature, withLabel: input.generateShippingLabel },
          deps,
          onBought,
        ),
      ),
    );
  } catch (error) {
    // A submit that committed the same pickup between our lock and our insert won the race.
    if (violatedUniqueConstraint(error) !== IDEMPOTENCY_CONSTRAINT) throw error;
    const winner = await findByIdempotencyKey(db, actor, idempotencyKey);
    if (winner === null) throw error;
    shipmentId = winner;
  }
  const document = await loadShipmentDocument(db, { shipmentId, stylistId: actor.stylistId }, deps);
  if (!document) throw new Error(`shipment ${shipmentId} vanished after commit`);
  return document;
}
