import { z } from 'zod';
import { endpoints } from './endpoint.ts';
import { ErrorBodySchema } from './errors.ts';

/** The text content keys of §3, edited through the back office. */
export const CONTENT_KEYS = [
  'addClient.successMessage',
  'addClient.loginButton',
  'addClient.addAnotherButton',
  'dashboard.withClients',
  'dashboard.noClients',
  'whiteGlove.success',
  'client.commentPlaceholder',
  'paymentSetting.overview',
  'paymentSetting.paypal',
] as const;
export type ContentKey = (typeof CONTENT_KEYS)[number];

/** The prefix of the translation keys the portal keeps (§3). */
export const STYLIST_CONTENT_PREFIX = 'stylist.';

/** GET /api/i18n: every text by locale, keyed as stored (bare and `stylist.`-prefixed). */
export const I18nDocumentSchema = z.object({ en: z.record(z.string(), z.string()) });
export type I18nDocument = z.infer<typeof I18nDocumentSchema>;

/** POST /api/snippets: one text, looked up as `{category}.{key}`. */
export const SnippetBodySchema = z.strictObject({
  category: z.enum(['stylist'], { error: 'Category must be stylist' }),
  key: z
    .string({ error: 'Enter a key' })
    .trim()
    .min(1, 'Enter a key')
    .max(200, 'Keys are at most 200 characters'),
});
export type SnippetBody = z.infer<typeof SnippetBodySchema>;

export const SnippetSchema = z.object({ key: z.string(), value: z.string() });
export type Snippet = z.infer<typeof SnippetSchema>;

/** The portal's texts: the `stylist.`-prefixed translations with the prefix removed (§3). */
export function stylistTexts(document: I18nDocument): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [key, value] of Object.entries(document.en)) {
    if (key.startsWith(STYLIST_CONTENT_PREFIX))
      texts[key.slice(STYLIST_CONTENT_PREFIX.length)] = value;
  }
  return texts;
}

export const contentApi = endpoints('content', {
  listTexts: {
    method: 'GET',
    path: '/api/i18n',
    summary: 'Every English text of the portal',
    responses: { 200: I18nDocumentSchema },
  },
  getSnippet: {
    method: 'POST',
    path: '/api/snippets',
    summary: 'One text, looked up as `{category}.{key}`',
    body: SnippetBodySchema,
    responses: { 200: SnippetSchema, 404: ErrorBodySchema },
  },
});
