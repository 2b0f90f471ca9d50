import type { DesignerDirectoryDocument } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, designerCategories, designers } from '../../db/schema.ts';

/** Every designer with the categories it makes (§3 "Designer directory"), in one query. */
export async function getDesignerDirectory(db: Db): Promise<DesignerDirectoryDocument> {
  const rows = await db
    .select({
      designerId: designers.id,
      designerName: designers.name,
      categoryId: categories.id,
      categoryName: categories.name,
    })
    .from(designers)
    .leftJoin(designerCategories, eq(designerCategories.designerId, designers.id))
    .leftJoin(categories, eq(categories.id, designerCategories.categoryId));
  const data: DesignerDirectoryDocument['data'] = {};
  for (const row of rows) {
    const designer = (data[row.designerId] ??= { name: row.designerName, categories: {} });
    if (row.categoryId !== null && row.categoryName !== null) {
      designer.categories[row.categoryId] = row.categoryName;
    }
  }
  return { data };
}
