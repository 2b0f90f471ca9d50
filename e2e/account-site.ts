/**
 * The external account and help sites of the e2e server (docs/decisions/0010). Nothing listens
 * at these addresses: the journeys answer them with `context.route`, so the browser stays offline.
 */
export const ACCOUNT_SITE_URL = 'http://account.atelier-e2e.test';
export const ACCOUNT_SITE_HANDOFF_SECRET = 'e2e-account-site-handoff-secret-0123456789';
export const HELP_SITE_URL = 'http://help.atelier-e2e.test/faq';
