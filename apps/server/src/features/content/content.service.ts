import { ErrorCode, type I18nDocument, type Snippet, type SnippetBody } from '@atelier/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contentTexts } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

const LOCALE = 'en';

/** Every English text, keyed as stored (bare and `stylist.`-prefixed). */
export async function getTranslations(db: Db): Promise<I18nDocument> {
  const rows = await db
    .select({ key: contentTexts.key, value: contentTexts.value })
    .from(contentTexts)
    .where(eq(contentTexts.locale, LOCALE));
  return { en: Object.fromEntries(rows.map((row) => [row.key, row.value])) };
}

/** One text, stored under `{category}.{key}`. */
export async function getSnippet(db: Db, input: SnippetBody): Promise<Snippet> {
  const storedKey = `${input.category}.${input.key}`;
  const [row] = await db
    .select({ value: contentTexts.value })
    .from(contentTexts)
    .where(and(eq(contentTexts.key, storedKey), eq(contentTexts.locale, LOCALE)));
  if (!row) throw new AppError(ErrorCode.notFound, `No text for ${storedKey}`, 404);
  return { key: input.key, value: row.value };
}
