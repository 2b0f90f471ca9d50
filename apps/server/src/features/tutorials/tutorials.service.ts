import {
  isNewStylist,
  type Tutorial,
  type TutorialBodySchema,
  type TutorialDocument,
  type TutorialListDocument,
} from '@atelier/contract';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { StylistActor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { stylists, tutorials } from '../../db/schema.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { AppError } from '../../lib/app-error.ts';

type TutorialRow = typeof tutorials.$inferSelect;
export type TutorialInput = z.output<typeof TutorialBodySchema>;

export function toTutorial(row: TutorialRow): Tutorial {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    order: row.order,
    videoUrl: row.videoUrl,
    coverImageUrl: row.coverImageUrl,
    showVideo: row.showVideo,
  };
}

/**
 * Every tutorial by category, then order, with whether the stylist is still new (§9). Stored
 * covers and videos get fresh signed links; the back office's own answers keep the stored paths.
 */
export async function listTutorials(
  db: Db,
  actor: StylistActor,
  storage: Pick<FileStorage, 'linkFor'>,
  now = new Date(),
): Promise<TutorialListDocument> {
  const rows = await db
    .select()
    .from(tutorials)
    .orderBy(asc(tutorials.category), asc(tutorials.order), asc(tutorials.id));
  const [stylist] = await db
    .select({ createdAt: stylists.createdAt })
    .from(stylists)
    .where(eq(stylists.id, actor.stylistId));
  if (!stylist) throw AppError.unauthorized();
  return {
    data: rows.map((row) => ({
      ...toTutorial(row),
      videoUrl: storage.linkFor(row.videoUrl),
      coverImageUrl: storage.linkFor(row.coverImageUrl),
    })),
    meta: {
      categories: [...new Set(rows.map((row) => row.category))],
      isNewStylist: isNewStylist(stylist.createdAt, now),
    },
  };
}

export async function createTutorial(db: Db, input: TutorialInput): Promise<TutorialDocument> {
  const [row] = await db.insert(tutorials).values(input).returning();
  if (!row) throw new Error('tutorial insert returned no row');
  return { data: toTutorial(row) };
}

/** Replaces a tutorial whole; an unknown id is a 404 and writes nothing. */
export async function updateTutorial(
  db: Db,
  id: number,
  input: TutorialInput,
): Promise<TutorialDocument> {
  const [row] = await db.update(tutorials).set(input).where(eq(tutorials.id, id)).returning();
  if (!row) throw AppError.notFound('Tutorial');
  return { data: toTutorial(row) };
}
