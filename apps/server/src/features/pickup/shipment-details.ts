import { DEFAULT_TIME_ZONE } from '@atelier/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { clients } from '../../db/schema.ts';
import { designers, images, quotes, stylists, users } from '../../db/schema.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import type { PdfItem } from './pdf-layout.ts';

/** What the shipment documents and emails (ship list, pickup receipt) say about the stylist. */
export interface ShipmentStylist {
  firstName: string;
  name: string;
  /** Where the client's answer to an email goes. */
  email: string;
  /** The zone the documents are dated in (docs/decisions/0019). */
  timeZone: string;
}

export async function loadShipmentStylist(tx: Tx, stylistId: number): Promise<ShipmentStylist> {
  const [row] = await tx
    .select({
      firstName: stylists.firstName,
      lastName: stylists.lastName,
      email: users.email,
      timeZone: stylists.timeZone,
    })
    .from(stylists)
    .innerJoin(users, eq(users.id, stylists.userId))
    .where(eq(stylists.id, stylistId));
  if (!row) throw new Error(`stylist ${stylistId} not found`);
  return {
    firstName: row.firstName,
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    timeZone: row.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

/** The client's postal address as printed, one line each. */
export function clientAddressLines(
  client: Pick<typeof clients.$inferSelect, 'address' | 'city' | 'state' | 'postalCode'>,
): string[] {
  return [client.address, `${client.city}, ${client.state} ${client.postalCode}`];
}

export interface ShipmentItem extends PdfItem {
  /** The first picture's thumbnail in the file storage (its bytes are `image`). */
  thumbnailKey: string | null;
}

/** The items as the shipment documents print them, in id order, each with its first photo. */
export async function loadShipmentItems(
  tx: Tx,
  storage: Pick<FileStorage, 'get'>,
  ids: readonly number[],
): Promise<ShipmentItem[]> {
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
      const thumbnailKey = firstPhotoKey.get(row.id) ?? null;
      const file = thumbnailKey ? await storage.get(thumbnailKey) : null;
      return { ...row, thumbnailKey, image: file?.body ?? null };
    }),
  );
}
