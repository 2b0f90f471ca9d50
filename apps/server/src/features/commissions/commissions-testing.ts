import type { Db } from '../../db/client.ts';
import { commissions } from '../../db/schema.ts';
import type { App } from '../../app.ts';
import { insertClients } from '../../test/fixtures.ts';
import { createTestAccount, tokenFor } from '../../test/test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** mulberry32: a small seeded generator, so that every run sees the same commissions. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A commission as inserted, with its client's name, for the tests' brute-force answers. */
export interface Generated {
  id: number;
  clientId: number;
  clientName: string;
  productId: string;
  productName: string;
  brand: string;
  titleWithoutBrand: string;
  productThumbnailUrl: string | null;
  amountCents: number;
  purchasePriceCents: number;
  orderId: string | null;
  createdAt: Date;
  paidAt: Date | null;
}

export type Seed = Omit<Generated, 'id' | 'clientName'> & { stylistId: number };

export async function insertGenerated(
  db: Db,
  seeds: Seed[],
  names: Map<number, string>,
): Promise<Generated[]> {
  const rows = await db.insert(commissions).values(seeds).returning();
  return rows.map((row) => ({
    id: row.id,
    clientId: row.clientId,
    clientName: names.get(row.clientId) ?? '?',
    productId: row.productId,
    productName: row.productName,
    brand: row.brand,
    titleWithoutBrand: row.titleWithoutBrand,
    productThumbnailUrl: row.productThumbnailUrl,
    amountCents: row.amountCents,
    purchasePriceCents: row.purchasePriceCents,
    orderId: row.orderId,
    createdAt: row.createdAt,
    paidAt: row.paidAt,
  }));
}

/** Commissions created over the 14 months from September 2025, plus some on the edges of March 2026. */
export function generateSeeds(
  random: () => number,
  count: number,
  stylistId: number,
  clientIds: number[],
): Seed[] {
  const from = Date.UTC(2025, 8, 1);
  const to = Date.UTC(2026, 10, 1);
  const created = Array.from(
    { length: count },
    () => new Date(from + Math.floor(random() * (to - from))),
  );
  const tie = new Date('2026-01-15T12:00:00.000Z');
  created.push(
    new Date('2026-03-01T00:00:00.000Z'),
    new Date('2026-03-31T23:59:59.999Z'),
    new Date('2026-04-01T00:00:00.000Z'),
    new Date('2026-02-28T23:59:59.999Z'),
    tie,
    tie,
    tie,
  );
  return created.map((createdAt, index) => {
    const isPaid = random() < 0.4;
    const brand = `Brand ${index % 5}`;
    return {
      stylistId,
      clientId: clientIds[index % clientIds.length] ?? 0,
      productId: `P-${stylistId}-${index}`,
      productName: `${brand} Bag ${index}`,
      brand,
      titleWithoutBrand: `Bag ${index}`,
      productThumbnailUrl: index % 3 ? `https://cdn.test/p${index}.jpg` : null,
      amountCents: 1 + Math.floor(random() * 50_000),
      purchasePriceCents: 100 + Math.floor(random() * 500_000),
      orderId: index % 4 ? null : `ORD-${String(index).padStart(6, '0')}`,
      createdAt,
      paidAt: isPaid ? new Date(createdAt.getTime() + Math.floor(random() * 30) * DAY_MS) : null,
    };
  });
}

/**
 * Two stylists: the signed-in one with `people` as clients, and another with one client of their
 * own; `names` maps every client id to the name a commission row shows.
 */
export async function twoStylistsWithClients(
  app: App,
  people: readonly { firstName: string; lastName: string }[],
) {
  const db = app.database.db;
  const stylist = await createTestAccount(app);
  const other = await createTestAccount(app);
  if (stylist.stylistId == null || other.stylistId == null) {
    throw new Error('test accounts must be stylists');
  }
  const token = await tokenFor(app, stylist.email);
  const mine = await insertClients(db, stylist.stylistId, people);
  const theirs = await insertClients(db, other.stylistId, [{ firstName: 'Sam', lastName: 'S' }]);
  const names = new Map<number, string>([
    ...mine.map((row, i): [number, string] => [
      row.id,
      `${people[i]?.firstName} ${people[i]?.lastName}`,
    ]),
    ...theirs.map((row): [number, string] => [row.id, 'Sam S']),
  ]);
  return { db, stylist, other, token, mine, theirs, names };
}
