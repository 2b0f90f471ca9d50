import { z } from 'zod';
import { endpoints } from './endpoint.ts';
import { ErrorBodySchema } from './errors.ts';

/** A stylist is new, and sees the dashboard's tutorials card, for this many months (§9). */
export const NEW_STYLIST_MONTHS = 2;
/** The category the tutorials select starts on (§2). */
export const DEFAULT_TUTORIAL_CATEGORY = 'Welcome';

/**
 * Whether a stylist created at `createdAt` is still new at `now`: within 2 calendar months, the
 * day clamped to the month's end (created 31 December → new until the end of 28/29 February).
 */
export function isNewStylist(createdAt: Date, now: Date): boolean {
  const year = createdAt.getUTCFullYear();
  const month = createdAt.getUTCMonth() + NEW_STYLIST_MONTHS;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const until = new Date(createdAt);
  until.setUTCDate(1);
  until.setUTCMonth(month);
  until.setUTCDate(Math.min(createdAt.getUTCDate(), lastDay));
  return now.getTime() < until.getTime();
}

const HTTP_URL = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?([/?#]\S*)?$/i;

/**
 * A link the portal shows or plays: an absolute http(s) URL, or a path on this site (`/files/…`).
 * Anything else (`javascript:`, `//host`, `data:`) is refused, since it ends up in an href or src.
 */
export const LinkUrlSchema = z
  .string({ error: 'Enter a URL' })
  .trim()
  .min(1, 'Enter a URL')
  .max(2000, 'URLs are at most 2000 characters')
  .refine(
    (value) =>
      value.startsWith('/')
        ? !value.startsWith('//') && !/[\\\s]/.test(value)
        : HTTP_URL.test(value),
    { error: 'Enter an http(s) URL or a path starting with /' },
  );

/* ---------- Tutorials (§3) ---------- */

export const TutorialSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  order: z.number().int(),
  videoUrl: z.string().nullable(),
  coverImageUrl: z.string().nullable(),
  /** Whether the slide offers its video; false or no videoUrl shows the cover only. */
  showVideo: z.boolean(),
});
export type Tutorial = z.infer<typeof TutorialSchema>;

/** GET /api/stylist/tutorials: ordered by category, then order. */
export const TutorialListDocumentSchema = z.object({
  data: z.array(TutorialSchema),
  meta: z.object({
    /** The categories present, in the list's order. */
    categories: z.array(z.string()),
    /** Created within the last 2 months (§9): the dashboard shows the tutorials card. */
    isNewStylist: z.boolean(),
  }),
});
export type TutorialListDocument = z.infer<typeof TutorialListDocumentSchema>;

const optionalUrl = LinkUrlSchema.nullable();

/** POST /api/admin/tutorials and PUT /api/admin/tutorials/{id}: the whole tutorial. */
export const TutorialBodySchema = z
  .strictObject({
    title: z
      .string({ error: 'Enter a title' })
      .trim()
      .min(1, 'Enter a title')
      .max(120, 'Titles are at most 120 characters'),
    description: z
      .string({ error: 'Enter a description' })
      .trim()
      .min(1, 'Enter a description')
      .max(1000, 'Descriptions are at most 1000 characters'),
    category: z
      .string({ error: 'Enter a category' })
      .trim()
      .min(1, 'Enter a category')
      .max(40, 'Categories are at most 40 characters'),
    order: z
      .number({ error: 'Order must be a number' })
      .int('Order must be a whole number')
      .min(0, 'Order must be 0 or more')
      .max(10_000, 'Order is at most 10000')
      .default(0),
    videoUrl: optionalUrl.default(null),
    coverImageUrl: optionalUrl.default(null),
    showVideo: z.boolean({ error: 'showVideo must be true or false' }).default(false),
  })
  .refine((body) => !body.showVideo || body.videoUrl !== null, {
    error: 'A tutorial that shows its video needs a video URL',
    path: ['videoUrl'],
  });
export type TutorialBody = z.input<typeof TutorialBodySchema>;

export const TutorialIdParamsSchema = z.strictObject({
  id: z.coerce
    .number({ error: 'Tutorial id must be a number' })
    .int('Tutorial id must be a whole number')
    .positive('Tutorial id must be a whole number')
    .max(2_147_483_647, 'No such tutorial'),
});

export const TutorialDocumentSchema = z.object({ data: TutorialSchema });
export type TutorialDocument = z.infer<typeof TutorialDocumentSchema>;

/* ---------- Marketing box (§3) ---------- */

export const MarketingBoxSchema = z.object({
  isEnabled: z.boolean(),
  title: z.string(),
  linkUrl: z.string(),
  imageUrl: z.string(),
});
export type MarketingBox = z.infer<typeof MarketingBoxSchema>;

/** GET /api/stylist/marketing-box: the box when it is enabled, else null (§2). */
export const MarketingBoxDocumentSchema = z.object({ data: MarketingBoxSchema.nullable() });
export type MarketingBoxDocument = z.infer<typeof MarketingBoxDocumentSchema>;

/** PUT /api/admin/marketing-box: the one box, whole. */
export const MarketingBoxBodySchema = z.strictObject({
  isEnabled: z.boolean({ error: 'isEnabled must be true or false' }),
  title: z
    .string({ error: 'Enter a title' })
    .trim()
    .min(1, 'Enter a title')
    .max(120, 'Titles are at most 120 characters'),
  linkUrl: LinkUrlSchema,
  imageUrl: LinkUrlSchema,
});
export type MarketingBoxBody = z.input<typeof MarketingBoxBodySchema>;

/** The answer of PUT /api/admin/marketing-box: the box as stored, enabled or not. */
export const AdminMarketingBoxDocumentSchema = z.object({ data: MarketingBoxSchema });

/* ---------- Other sites: help (FAQ) and the account site's hand-off (§2) ---------- */

/** GET /api/site-links: what the "Stylist Account" modal may link to on this installation. */
export const SiteLinksSchema = z.object({
  /** The FAQ; null when no help site is configured. */
  helpUrl: z.string().nullable(),
  /** Whether personal info, security and terms can open the account site. */
  hasAccountSite: z.boolean(),
});
export type SiteLinks = z.infer<typeof SiteLinksSchema>;

export const ACCOUNT_SITE_PAGES = ['personal-info', 'security', 'terms'] as const;
export const AccountSitePageSchema = z.enum(ACCOUNT_SITE_PAGES, {
  error: `Page must be one of ${ACCOUNT_SITE_PAGES.join(', ')}`,
});
export type AccountSitePage = z.infer<typeof AccountSitePageSchema>;

/** Seconds a hand-off token is valid: long enough to open a tab, too short to be worth stealing. */
export const ACCOUNT_SITE_HANDOFF_TTL_SECONDS = 60;

/** POST /api/stylist/account-site-link */
export const AccountSiteLinkBodySchema = z.strictObject({ page: AccountSitePageSchema });
export type AccountSiteLinkBody = z.infer<typeof AccountSiteLinkBodySchema>;

/** `{ACCOUNT_SITE_URL}/{page}?handoff={token}`, to open at once. */
export const AccountSiteLinkSchema = z.object({ url: z.string() });
export type AccountSiteLink = z.infer<typeof AccountSiteLinkSchema>;

export const accountSiteApi = endpoints('account', {
  getSiteLinks: {
    method: 'GET',
    path: '/api/site-links',
    summary:
      'What the account modal links to here: the help site, and whether an account site exists',
    responses: { 200: SiteLinksSchema },
  },
  createAccountSiteLink: {
    method: 'POST',
    path: '/api/stylist/account-site-link',
    summary: 'A one-minute signed link to a page of the external account site',
    body: AccountSiteLinkBodySchema,
    responses: { 200: AccountSiteLinkSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
  },
});

export const tutorialsApi = endpoints('tutorials', {
  listTutorials: {
    method: 'GET',
    path: '/api/stylist/tutorials',
    summary: 'Every tutorial by category, then order; meta says whether the stylist is new',
    responses: { 200: TutorialListDocumentSchema },
  },
});

/** The back office's tutorials: a separate object, so the web's bundle does not carry them. */
export const adminTutorialsApi = endpoints('back office', {
  createTutorial: {
    method: 'POST',
    path: '/api/admin/tutorials',
    summary: 'Add a tutorial',
    access: 'admin',
    body: TutorialBodySchema,
    responses: { 201: TutorialDocumentSchema, 400: ErrorBodySchema },
  },
  replaceTutorial: {
    method: 'PUT',
    path: '/api/admin/tutorials/:id',
    summary: 'Replace a tutorial',
    access: 'admin',
    params: TutorialIdParamsSchema,
    body: TutorialBodySchema,
    responses: { 200: TutorialDocumentSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
  },
});

export const marketingBoxApi = endpoints('content', {
  getMarketingBox: {
    method: 'GET',
    path: '/api/stylist/marketing-box',
    summary: 'The marketing box when it is enabled, else null',
    responses: { 200: MarketingBoxDocumentSchema },
  },
});

export const adminMarketingBoxApi = endpoints('back office', {
  getStoredMarketingBox: {
    method: 'GET',
    path: '/api/admin/marketing-box',
    summary: 'The marketing box as stored, enabled or not; null before one was ever set',
    access: 'admin',
    responses: { 200: MarketingBoxDocumentSchema },
  },
  setMarketingBox: {
    method: 'PUT',
    path: '/api/admin/marketing-box',
    summary: 'Set the marketing box: enabled or not, title, link and image',
    access: 'admin',
    body: MarketingBoxBodySchema,
    responses: { 200: AdminMarketingBoxDocumentSchema, 400: ErrorBodySchema },
  },
});
