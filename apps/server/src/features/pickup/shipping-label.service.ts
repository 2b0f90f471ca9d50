import crypto from 'node:crypto';
import {
  clientBarCode,
  type ShippingLabelBodySchema,
  type ShippingLabelDocument,
} from '@atelier/contract';
import type { z } from 'zod';
import type { StylistActor } from '../../auth/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { shipments } from '../../db/schema.ts';
import { enqueueEmail } from '../../integrations/outbox/outbox.ts';
import type {
  PostalAddress,
  PurchasedLabel,
} from '../../integrations/shipping/shipping-provider.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { AppError } from '../../lib/app-error.ts';
import { findOwnClient } from '../clients/clients.service.ts';
import {
  addressLine,
  buyLabel,
  createManifestLink,
  lockOwnQuotes,
  moveToInTransit,
  notAcceptedError,
  storeLabel,
  withUnusedLabelLog,
  type ShippingDeps,
} from './ship-quotes.ts';
import { renderShipList } from './ship-list-pdf.ts';
import { clientAddressLines, loadShipmentItems, loadShipmentStylist } from './shipment-details.ts';
import { labelImageKeyOf } from './shipment-resource.ts';
import { shiplistEmail } from './shiplist-email.ts';

export type ShippingLabelInput = { clientId: number } & z.output<typeof ShippingLabelBodySchema>;
export type ShippingLabelDeps = ShippingDeps & {
  storage: FileStorage;
  /** Where the public print link in the client's email points. */
  publicUrl: string;
};

type ClientRow = NonNullable<Awaited<ReturnType<typeof findOwnClient>>>;

/** Clients have no country column: every client ships from the United States. */
const CLIENT_COUNTRY = 'US';

function clientPostalAddress(client: ClientRow): PostalAddress {
  return {
    name: `${client.firstName} ${client.lastName}`.trim(),
    company: null,
    street1: client.address,
    street2: null,
    city: client.city,
    state: client.state,
    postalCode: client.postalCode,
    country: CLIENT_COUNTRY,
    phone: client.phone || null,
    email: client.email || null,
  };
}

async function recordLabel(
  tx: Tx,
  actor: StylistActor,
  input: ShippingLabelInput,
  deps: ShippingLabelDeps,
  onBought: (label: PurchasedLabel) => void,
): Promise<ShippingLabelDocument> {
  const client = await findOwnClient(tx, actor, input.clientId);
  if (!client) throw AppError.notFound('Client');
  const locked = await lockOwnQuotes(tx, actor, input.item_ids, 'item_ids', client.id);
  const refusal = notAcceptedError(locked, 'item_ids');
  if (refusal) throw refusal;

  const barCode = clientBarCode(client.id);
  const label = await buyLabel(deps, {
    reference: `${barCode} - ${locked.length === 1 ? '1 item' : `${locked.length} items`}`,
    from: clientPostalAddress(client),
    itemCount: locked.length,
  });
  onBought(label);
  const labelKey = await storeLabel(deps.storage, label);

  const shippedDate = new Date();
  const stylist = await loadShipmentStylist(tx, actor.stylistId);
  const shipList = await renderShipList({
    shippedDate,
    timeZone: stylist.timeZone,
    stylistName: stylist.name,
    client: {
      name: `${client.firstName} ${client.lastName}`.trim(),
      email: client.email,
      addressLines: clientAddressLines(client),
      barCode,
    },
    trackingNumber: label.trackingNumber,
    carrier: label.carrier,
    service: label.service,
    items: await loadShipmentItems(
      tx,
      deps.storage,
      locked.map((quote) => quote.id),
    ),
  });
  const shiplistKey = `shiplists/${crypto.randomUUID()}.pdf`;
  await deps.storage.put(shiplistKey, shipList, 'application/pdf');

  const [shipment] = await tx
    .insert(shipments)
    .values({
      stylistId: actor.stylistId,
      clientId: client.id,
      kind: 'label',
      carrier: label.carrier,
      shippingMethod: label.service,
      trackingNumber: label.trackingNumber,
      labelKey,
      shiplistKey,
      clientBarCode: barCode,
      shippedDate,
    })
    .returning({ id: shipments.id, clientId: shipments.clientId });
  if (!shipment) throw new Error('shipment insert returned no row');
  await moveToInTransit(tx, actor, locked, {
    shipmentId: shipment.id,
    note: `Shipping label ${label.trackingNumber}`,
  });
  const manifestToken = await createManifestLink(tx, shipment);
  if (input.emailClientShiplist) {
    await enqueueEmail(
      tx,
      await shiplistEmail({
        to: client.email,
        clientFirstName: client.firstName,
        stylistName: stylist.name,
        itemCount: locked.length,
        carrier: label.carrier,
        service: label.service,
        trackingNumber: label.trackingNumber,
        printLink: `${deps.publicUrl}/quotes/${manifestToken}/print`,
        shiplistKey,
      }),
    );
  }
  return {
    data: {
      shipment_id: shipment.id,
      tracking_number: label.trackingNumber,
      carrier: label.carrier,
      shipping_method: label.service,
      warehouse: addressLine(deps.warehouse),
      label_url: deps.storage.urlFor(labelKey),
      label_image_url: deps.storage.urlFor(labelImageKeyOf(labelKey)),
      shiplistPDFLink: deps.storage.urlFor(shiplistKey),
      emailed_client: input.emailClientShiplist,
    },
  };
}

/**
 * Buys a label for some of a client's accepted items and records the parcel, all in one
 * transaction (docs/decisions/0006): a provider failure leaves nothing behind, and the row locks
 * make a double submit find the items already in transit.
 */
export function createShippingLabel(
  db: Db,
  actor: StylistActor,
  input: ShippingLabelInput,
  deps: ShippingLabelDeps,
): Promise<ShippingLabelDocument> {
  return withUnusedLabelLog(deps.log, (onBought) =>
    db.transaction((tx) => recordLabel(tx, actor, input, deps, onBought)),
  );
}
