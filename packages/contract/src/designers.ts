import { z } from 'zod';

/** §9: the web keeps the designer directory for 24 hours. */
export const DESIGNER_DIRECTORY_CACHE_MS = 24 * 60 * 60 * 1000;

export const DesignerEntrySchema = z.object({
  name: z.string(),
  /** Category id → category name. */
  categories: z.record(z.string(), z.string()),
});

/** GET /api/v2/designer-directory (§3): brand id → {name, categories}. */
export const DesignerDirectoryDocumentSchema = z.object({
  data: z.record(z.string(), DesignerEntrySchema),
});
export type DesignerDirectoryDocument = z.infer<typeof DesignerDirectoryDocumentSchema>;

export interface DesignerCategory {
  readonly id: number;
  readonly name: string;
}

export interface Designer {
  readonly id: number;
  readonly name: string;
  readonly categories: readonly DesignerCategory[];
}

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

function toIdNamePairs(map: Readonly<Record<string, string>>): DesignerCategory[] {
  return Object.entries(map)
    .map(([id, name]) => ({ id: Number(id), name }))
    .filter((entry) => Number.isSafeInteger(entry.id));
}

/** §3: the directory as the web keeps it, a list of designers sorted by name (categories too). */
export function toDesignerList(document: DesignerDirectoryDocument): Designer[] {
  return Object.entries(document.data)
    .map(([id, entry]) => ({
      id: Number(id),
      name: entry.name,
      categories: toIdNamePairs(entry.categories).toSorted(byName),
    }))
    .filter((designer) => Number.isSafeInteger(designer.id))
    .toSorted(byName);
}
