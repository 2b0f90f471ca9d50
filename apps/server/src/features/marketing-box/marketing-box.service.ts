import type { MarketingBox, MarketingBoxBodySchema, MarketingBoxDocument } from '@atelier/contract';
import { asc, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { marketingBoxes } from '../../db/schema.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';

type MarketingBoxRow = typeof marketingBoxes.$inferSelect;
export type MarketingBoxInput = z.output<typeof MarketingBoxBodySchema>;

export function toMarketingBox(row: MarketingBoxRow): MarketingBox {
  return {
    isEnabled: row.isEnabled,
    title: row.title,
    linkUrl: row.linkUrl,
    imageUrl: row.imageUrl,
  };
}

/**
 * The box the dashboard shows (§2): the enabled one, or null when the back office turned it off.
 * A stored image gets a fresh signed link; the back office's own answers keep the stored path.
 */
export async function getEnabledMarketingBox(
  db: Db,
  storage: Pick<FileStorage, 'linkFor'>,
): Promise<MarketingBoxDocument> {
  const [row] = await db
    .select()
    .from(marketingBoxes)
    .where(eq(marketingBoxes.isEnabled, true))
    .orderBy(desc(marketingBoxes.updatedAt), desc(marketingBoxes.id))
    .limit(1);
  return {
    data: row ? { ...toMarketingBox(row), imageUrl: storage.linkFor(row.imageUrl) } : null,
  };
}

/** The box the back office edits, enabled or not; null before one was ever set. */
export async function getMarketingBox(db: Db): Promise<MarketingBox | null> {
  const [row] = await db.select().from(marketingBoxes).orderBy(asc(marketingBoxes.id)).limit(1);
  return row ? toMarketingBox(row) : null;
}

/**
 * Sets the one marketing box whole: the first row is replaced and any other removed, so "the
 * enabled box" never has two candidates.
 */
export async function putMarketingBox(
  db: Db,
  input: MarketingBoxInput,
): Promise<{ data: MarketingBox }> {
  return db.transaction(async (tx) => {
    const [first] = await tx
      .select({ id: marketingBoxes.id })
      .from(marketingBoxes)
      .orderBy(asc(marketingBoxes.id))
      .limit(1);
    let row: MarketingBoxRow | undefined;
    if (first) {
      [row] = await tx
        .update(marketingBoxes)
        .set(input)
        .where(eq(marketingBoxes.id, first.id))
        .returning();
      await tx.delete(marketingBoxes).where(ne(marketingBoxes.id, first.id));
    } else {
      [row] = await tx.insert(marketingBoxes).values(input).returning();
    }
    if (!row) throw new Error('marketing box write returned no row');
    return { data: toMarketingBox(row) };
  });
}
