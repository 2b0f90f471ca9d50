import type { SiteUrls } from '../config.ts';

/**
 * The spec's admin links (§2): ADMIN_URL's records when it is set, else this server's own office
 * records where it has them (issue 30), else none.
 */
export function clientRecordUrl(sites: SiteUrls, clientId: number): string | null {
  if (sites.adminUrl) return `${sites.adminUrl}/suppliers/${clientId}`;
  return sites.officeUrl ? `${sites.officeUrl}/clients/${clientId}` : null;
}

/** The quote card's "#id" link to the pending-item record, as clientRecordUrl. */
export function quoteRecordUrl(sites: SiteUrls, quoteId: number): string | null {
  if (sites.adminUrl) return `${sites.adminUrl}/pending-items/${quoteId}`;
  return sites.officeUrl ? `${sites.officeUrl}/items/${quoteId}` : null;
}
