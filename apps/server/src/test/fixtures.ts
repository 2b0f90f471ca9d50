import crypto from 'node:crypto';
import type { OfferKind } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  categories,
  clients,
  commissions,
  designerCategories,
  designers,
  images,
  quoteOffers,
  quotes,
  shipments,
  users,
} from '../db/schema.ts';
import { shopAccountRow } from '../features/user-accounts/shop-account.ts';

export interface ClientSeed {
  firstName: string;
  lastName: string;
  email?: string;
  phone?: string;
}

/** Inserts clients (with their shop accounts) straight into the database, for tests that need many. */
export async function insertClients(db: Db, stylistId: number, people: readonly ClientSeed[]) {
  const rows = people.map((person) => ({
    ...person,
    email: person.email ?? `${crypto.randomBytes(6).toString('hex')}@clients.test`,
    phone: person.phone ?? '(555) 000-0000',
  }));
  const accounts = rows.map((row) => shopAccountRow(row));
  await db.insert(users).values(accounts);
  return db
    .insert(clients)
    .values(
      rows.map((row, index) => ({
        stylistId,
        userId: accounts[index]!.id!,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        phone: row.phone,
        address: '1 Main St',
        city: 'New York',
        state: 'NY',
        postalCode: '10001',
      })),
    )
    .returning({ id: clients.id, userId: clients.userId, email: clients.email });
}

const directories = new WeakMap<Db, { designerId: number; categoryId: number }>();

async function directoryOf(db: Db) {
  const known = directories.get(db);
  if (known) return known;
  const [designer] = await db
    .insert(designers)
    .values({ name: `Designer ${crypto.randomUUID()}` })
    .returning({ id: designers.id });
  const [category] = await db
    .insert(categories)
    .values({ name: `Category ${crypto.randomUUID()}` })
    .returning({ id: categories.id });
  const entry = { designerId: designer!.id, categoryId: category!.id };
  directories.set(db, entry);
  return entry;
}

type QuoteInsert = typeof quotes.$inferInsert;

export async function insertQuote(
  db: Db,
  quote: Pick<QuoteInsert, 'stylistId' | 'clientId'> & Partial<QuoteInsert>,
) {
  const { designerId, categoryId } = await directoryOf(db);
  const [row] = await db
    .insert(quotes)
    .values({
      designerId,
      categoryId,
      name: 'Test bag',
      barCode: `Q-${crypto.randomUUID()}`,
      ...quote,
    })
    .returning({ id: quotes.id });
  return row!.id;
}

export async function insertShipment(db: Db, owner: { stylistId: number; clientId: number }) {
  const [row] = await db
    .insert(shipments)
    .values({ ...owner, kind: 'label', clientBarCode: `C-${crypto.randomUUID()}` })
    .returning({ id: shipments.id });
  return row!.id;
}

export async function insertCommission(
  db: Db,
  commission: {
    stylistId: number;
    clientId: number;
    amountCents: number;
    paidAt?: Date | null;
    quoteId?: number;
  },
) {
  await db.insert(commissions).values({
    productId: `P-${crypto.randomUUID()}`,
    productName: 'Test Designer Test bag',
    brand: 'Test Designer',
    titleWithoutBrand: 'Test bag',
    purchasePriceCents: 100_00,
    ...commission,
  });
  // As a payout does: a paid sale leaves the office's "Sold" queue.
  if (commission.quoteId !== undefined && commission.paidAt) {
    await db
      .update(quotes)
      .set({ commissionPaidAt: commission.paidAt })
      .where(eq(quotes.id, commission.quoteId));
  }
}

/** A designer making the given number of new categories, as the new item form lists them. */
export async function insertDesigner(db: Db, categoryCount = 1) {
  const [designer] = await db
    .insert(designers)
    .values({ name: `Designer ${crypto.randomUUID()}` })
    .returning({ id: designers.id, name: designers.name });
  const made = await db
    .insert(categories)
    .values(
      Array.from({ length: categoryCount }, () => ({ name: `Category ${crypto.randomUUID()}` })),
    )
    .returning({ id: categories.id, name: categories.name });
  await db
    .insert(designerCategories)
    .values(made.map((category) => ({ designerId: designer!.id, categoryId: category.id })));
  return { ...designer!, categories: made };
}

/** Offers on a quote, in cents. */
export async function insertOffers(
  db: Db,
  quoteId: number,
  offers: Partial<Record<OfferKind, number>>,
) {
  await db.insert(quoteOffers).values(
    Object.entries(offers).map(([type, amountCents]) => ({
      quoteId,
      type: type as keyof typeof offers,
      amountCents,
    })),
  );
}

/** An image row (no stored file) of a stylist, on a quote or not. */
export async function insertImage(
  db: Db,
  image: { stylistId: number; quoteId?: number | null; position?: number },
) {
  const name = crypto.randomUUID();
  const [row] = await db
    .insert(images)
    .values({
      storageKey: `quote-images/${name}.webp`,
      thumbnailKey: `quote-images/${name}-thumb.webp`,
      contentType: 'image/webp',
      width: 10,
      height: 10,
      bytes: 100,
      ...image,
    })
    .returning({ id: images.id });
  return row!.id;
}
