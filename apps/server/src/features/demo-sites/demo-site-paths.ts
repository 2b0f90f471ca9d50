/** Where this server serves its stand-in of each outside site, under PUBLIC_URL (docs/decisions/0021). */
export const DEMO_SITE_PATHS = {
  shop: '/demo/shop',
  account: '/demo/account',
  help: '/demo/help',
} as const;
