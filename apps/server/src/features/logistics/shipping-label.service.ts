import crypto from 'node:crypto';
import {
  clientBarCode,
  DEFAULT_TIME_ZONE,
  type ShippingLabelBodySchema,
  type ShippingLabelDocument,
} from '@atelier/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { StylistActor } from '../../auth/auth.plugin.ts';
import type { Db, Tx } from '../../db/client.ts';
import { designers, images, quotes, shipments, stylists } from '../../db/schema.ts';
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
import { renderShipList, type ShipListInput } from './ship-list-pdf.ts';
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

/** The stylist's name and the zone their ship lists are dated in. */
async function stylistOf(tx: Tx, actor: StylistActor) {
  const [row] = await tx
    .select({
      firstName: stylists.firstName,
      lastName: stylists.lastName,
      timeZone: stylists.timeZone,
    })
    .from(stylists)
    .where(eq(stylists.id, actor.stylistId));
  return {
    name: row ? `${row.firstName} ${row.lastName}`.trim() : '',
    timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

/** The items as the ship list prints them, each with its first photo (the thumbnail serves). */
async function shipListItems(
  tx: Tx,
  storage: Pick<FileStorage, 'get'>,
  ids: readonly number[],
): Promise<ShipListInput['items']> {
  const rows = await tx
    .select({ id: quotes.id, brand: designers.name, name: quotes.name, barCode: quotes.barCode })
    .from(quotes)
    .innerJoin(designers, eq(designers.id, quotes.designerId))
    .where(inArray(quotes.id, [...ids]))
    .orderBy(asc(quotes.id));
  const photos = await tx
    .select({ quoteId: images.quoteId, thumbnailKey: images.thumbnailKey })
    .from(images)
    .where(inArray(images.quoteId, [...ids]))
    .orderBy(asc(images.position), asc(images.id));
  const firstPhotoKey = new Map<number, string>();
  for (const photo of photos) {
    if (photo.quoteId !== null && !firstPhotoKey.has(photo.quoteId)) {
      firstPhotoKey.set(photo.quoteId, photo.thumbnailKey);
    }
  }
  return Promise.all(
    rows.map(async (row) => {
      const key = firstPhotoKey.get(row.id);
      const file = key ? await storage.get(key) : null;
      return { ...row, image: file?.body ?? null };
    }),
  );
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
  const stylist = await stylistOf(tx, actor);
  const shipList = await renderShipList({
    shippedDate,
    timeZone: stylist.timeZone,
    stylistName: stylist.name,
    client: {
      name: `${client.firstName} ${client.lastName}`.trim(),
      email: client.email,
      addressLines: [client.address, `${client.city}, ${client.state} ${client.postalCode}`],
      barCode,
    },
    trackingNumber: label.trackingNumber,
    carrier: label.carrier,
    service: label.service,
    items: await shipListItems(
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
