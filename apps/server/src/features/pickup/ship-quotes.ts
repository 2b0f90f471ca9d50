import crypto from 'node:crypto';
import {
  ErrorCode,
  MANIFEST_LINK_TTL_DAYS,
  statusLabel,
  type LifecycleStatus,
} from '@atelier/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { StylistActor } from '../../auth/actor.ts';
import type { Tx } from '../../db/client.ts';
import { quotes, stylists } from '../../db/schema.ts';
import type {
  LabelRequest,
  PostalAddress,
  PurchasedLabel,
  ShippingProvider,
} from '../../integrations/shipping/shipping-provider.ts';
import { ShippingProviderError } from '../../integrations/shipping/shipping-provider.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { AppError } from '../../lib/app-error.ts';
import { createAccessLink } from '../links/index.ts';
import { applyTransition } from '../quotes/index.ts';
import { labelImageKeyOf } from './shipment-resource.ts';

/** The field a request names its items in, which errors are reported under. */
export type ItemsField = 'quoteIds' | 'item_ids';

/** Where the parcel goes and how the route learns what a failed purchase left behind. */
export interface ShippingDeps {
  provider: ShippingProvider;
  warehouse: PostalAddress;
  log: { warn(detail: object, message: string): void };
}

export interface LockedQuote {
  id: number;
  status: LifecycleStatus;
  clientId: number;
  shipmentId: number | null;
}

const QUOTE_NOT_FOUND = 'Quote not found';
/** A rough parcel weight: a handbag or a pair of shoes with its packing. */
const OUNCES_PER_ITEM = 32;

/**
 * Locks the signed-in stylist's quotes among `ids`, in id order so that two requests never wait
 * on each other. One that is missing or another stylist's answers 404, naming nothing.
 */
export async function lockOwnQuotes(
  tx: Tx,
  actor: StylistActor,
  ids: readonly number[],
  field: ItemsField,
  clientId?: number,
): Promise<LockedQuote[]> {
  const locked = await tx
    .select({
      id: quotes.id,
      status: quotes.status,
      clientId: quotes.clientId,
      shipmentId: quotes.shipmentId,
    })
    .from(quotes)
    .where(
      and(
        inArray(quotes.id, [...ids]),
        eq(quotes.stylistId, actor.stylistId),
        clientId === undefined ? undefined : eq(quotes.clientId, clientId),
      ),
    )
    .orderBy(asc(quotes.id))
    .for('update');
  if (locked.length !== new Set(ids).size) {
    throw new AppError(ErrorCode.notFound, QUOTE_NOT_FOUND, 404, { [field]: [QUOTE_NOT_FOUND] });
  }
  return locked;
}

const labelOf = (status: LifecycleStatus) => statusLabel(status) ?? status;

/** A 409 naming every quote that is not waiting to ship, or null when all are. */
export function notAcceptedError(locked: readonly LockedQuote[], field: ItemsField) {
  const lines = locked
    .filter((quote) => quote.status !== 'offer_accepted')
    .map(
      (quote) => `Quote #${quote.id} is ${labelOf(quote.status)}, not ${labelOf('offer_accepted')}`,
    );
  const [first, ...others] = lines;
  if (!first) return null;
  const message =
    others.length === 0
      ? `${first}.`
      : `${lines.length} items are not ${labelOf('offer_accepted')}. Nothing was shipped.`;
  return AppError.conflict(message, { [field]: lines });
}

/** A shipment's items move together, out of the client's hands, with one history note each. */
export async function moveToInTransit(
  tx: Tx,
  actor: StylistActor,
  locked: readonly LockedQuote[],
  move: { shipmentId: number; note: string; pickupType?: 'concierge' },
) {
  for (const quote of locked) {
    await applyTransition(tx, {
      quote,
      to: 'in_transit',
      actor: { kind: 'stylist', userId: actor.userId },
      note: move.note,
      changes: {
        shipmentId: move.shipmentId,
        ...(move.pickupType && { pickupType: move.pickupType }),
      },
    });
  }
}

/** The public manifest link made with every label shipment (docs/decisions/0006); returns its token. */
export function createManifestLink(tx: Tx, shipment: { id: number; clientId: number }) {
  return createAccessLink(tx, {
    clientId: shipment.clientId,
    purpose: 'manifest',
    shipmentId: shipment.id,
    ttlDays: MANIFEST_LINK_TTL_DAYS,
  });
}

/** The stylist's address as a parcel's sender, or null until the stylist has one on file. */
export async function stylistPostalAddress(
  tx: Tx,
  actor: StylistActor,
): Promise<PostalAddress | null> {
  const [stylist] = await tx.select().from(stylists).where(eq(stylists.id, actor.stylistId));
  if (!stylist?.address1 || !stylist.city || !stylist.state || !stylist.postalCode) return null;
  return {
    name: `${stylist.firstName} ${stylist.lastName}`.trim(),
    company: null,
    street1: stylist.address1,
    street2: stylist.address2,
    city: stylist.city,
    state: stylist.state,
    postalCode: stylist.postalCode,
    country: stylist.country,
    phone: null,
    email: null,
  };
}

/** The warehouse on one line, as the label answer shows it. */
export function addressLine(address: PostalAddress): string {
  const street = [address.street1, address.street2].filter(Boolean).join(', ');
  return `${address.name}, ${street}, ${address.city}, ${address.state} ${address.postalCode}`;
}

/**
 * Buys a label for `itemCount` items. A provider failure answers 502 with the provider's
 * message; thrown inside the caller's transaction, it rolls everything back.
 */
export async function buyLabel(
  deps: Pick<ShippingDeps, 'provider' | 'warehouse'>,
  input: { reference: string; from: PostalAddress; itemCount: number },
): Promise<PurchasedLabel> {
  const request: LabelRequest = {
    reference: input.reference,
    from: input.from,
    to: deps.warehouse,
    parcel: { itemCount: input.itemCount, weightOz: input.itemCount * OUNCES_PER_ITEM },
  };
  try {
    return await deps.provider.createLabel(request);
  } catch (error) {
    if (error instanceof ShippingProviderError) {
      throw new AppError(ErrorCode.shippingProviderFailed, error.message, 502);
    }
    throw error;
  }
}

/** Stores a label's PDF and, beside it under the same name, its PNG; returns the PDF's key. */
export async function storeLabel(
  storage: Pick<FileStorage, 'put'>,
  label: PurchasedLabel,
): Promise<string> {
  const labelKey = `labels/${crypto.randomUUID()}.pdf`;
  await storage.put(labelKey, label.labelPdf, 'application/pdf');
  await storage.put(labelImageKeyOf(labelKey), label.labelPng, 'image/png');
  return labelKey;
}

/**
 * Runs `record` (which buys at most one label) and, if it fails after the label was bought, logs
 * what the carrier charged for so that someone can ask for a refund (docs/decisions/0006).
 */
export async function withUnusedLabelLog<T>(
  log: ShippingDeps['log'],
  record: (onBought: (label: PurchasedLabel) => void) => Promise<T>,
): Promise<T> {
  let bought: PurchasedLabel | null = null;
  try {
    return await record((label) => {
      bought = label;
    });
  } catch (error) {
    const label = bought as PurchasedLabel | null;
    if (label?.providerShipmentId) {
      log.warn(
        { providerShipmentId: label.providerShipmentId, trackingNumber: label.trackingNumber },
        'a shipping label was bought but not recorded; ask the carrier for a refund',
      );
    }
    throw error;
  }
}
