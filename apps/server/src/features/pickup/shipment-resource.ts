import type { ManifestClient, ShipmentDocument, ShipmentResource } from '@atelier/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { clients, quotes, shipments, stylists } from '../../db/schema.ts';
import { toStylistResource } from '../account/account.service.ts';
import { loadQuoteResources, type QuoteLinkDeps } from '../quotes/index.ts';

export type ShipmentRow = typeof shipments.$inferSelect;
type ClientRow = typeof clients.$inferSelect;

/** Clients have no country column: every client ships from the United States. */
const CLIENT_COUNTRY = 'US';

/**
 * The label's PNG is stored beside its PDF under the same name (`labels/{name}.png`), so a
 * shipment needs one key column for both.
 */
export function labelImageKeyOf(labelKey: string): string {
  return labelKey.replace(/\.pdf$/, '.png');
}

/** The one mapping from a shipment row to the contract's shipment resource. */
export function toShipmentResource(
  row: ShipmentRow,
  itemCount: number,
  { storage }: Pick<QuoteLinkDeps, 'storage'>,
): ShipmentResource {
  const urlOf = (key: string | null) => (key ? storage.urlFor(key) : null);
  return {
    id: row.id,
    type: 'shipments',
    attributes: {
      kind: row.kind,
      clientId: row.clientId,
      clientBarCode: row.clientBarCode,
      trackingNumber: row.trackingNumber,
      carrier: row.carrier,
      shippingMethod: row.shippingMethod,
      labelUrl: urlOf(row.labelKey),
      labelImageUrl: urlOf(row.labelKey && labelImageKeyOf(row.labelKey)),
      shiplistPDFLink: urlOf(row.shiplistKey),
      signatureUrl: urlOf(row.signatureKey),
      receiptUrl: urlOf(row.receiptKey),
      shippedDate: row.shippedDate.toISOString(),
      itemCount,
    },
  };
}

function toManifestClient(client: ClientRow, barCode: string): ManifestClient {
  return {
    id: client.id,
    firstName: client.firstName,
    lastName: client.lastName,
    email: client.email,
    phone: client.phone,
    address: client.address,
    city: client.city,
    state: client.state,
    postalCode: client.postalCode,
    country: CLIENT_COUNTRY,
    barCode,
    paymentMethod: client.paymentMethod,
  };
}

/** Which shipment to read; with a stylist, only when it is theirs. */
export interface ShipmentScope {
  shipmentId: number;
  stylistId?: number;
}

/** The shipment with its stylist and client; null when there is none in scope. */
export async function findShipment(db: Db | Tx, { shipmentId, stylistId }: ShipmentScope) {
  const [row] = await db
    .select({ shipment: shipments, stylist: stylists, client: clients })
    .from(shipments)
    .innerJoin(stylists, eq(stylists.id, shipments.stylistId))
    .innerJoin(clients, eq(clients.id, shipments.clientId))
    .where(
      and(
        eq(shipments.id, shipmentId),
        stylistId === undefined ? undefined : eq(shipments.stylistId, stylistId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * A shipment as a manifest reads it: the shipment, its quotes in `included`, and who ships them.
 * The caller has already decided that the reader may see the shipment in `scope`.
 */
export async function loadShipmentDocument(
  db: Db,
  scope: ShipmentScope,
  deps: QuoteLinkDeps,
): Promise<ShipmentDocument | null> {
  const found = await findShipment(db, scope);
  if (!found) return null;
  const { shipment, stylist, client } = found;
  const included = await loadQuoteResources(db, eq(quotes.shipmentId, shipment.id), deps);
  const stylistAttributes = toStylistResource(stylist, deps.storage).attributes;
  return {
    data: toShipmentResource(shipment, included.length, deps),
    included,
    meta: {
      stylistAddress: stylistAttributes.address,
      stylistName: stylistAttributes.name,
      client: toManifestClient(client, shipment.clientBarCode),
    },
  };
}
