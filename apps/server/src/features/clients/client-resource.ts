import { initials, type ClientLinks, type ClientResource } from '@atelier/contract';
import { getTableColumns } from 'drizzle-orm';
import type { SiteUrls } from '../../config.ts';
import { clients } from '../../db/schema.ts';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { clientRecordUrl } from '../../lib/admin-links.ts';
import type { ClientStats } from './client-stats.ts';

const { searchText: _searchText, ...clientColumnsWithoutSearch } = getTableColumns(clients);
/** What the API reads of a client: every column but the search text. */
export const clientColumns = clientColumnsWithoutSearch;
export type ClientRow = Omit<typeof clients.$inferSelect, 'searchText'>;

export function clientLinks(sites: SiteUrls, clientId: number): ClientLinks {
  const { shopUrl } = sites;
  return {
    admin: clientRecordUrl(sites, clientId),
    shopAccount: shopUrl ? `${shopUrl}/account` : null,
    shopQuotes: shopUrl ? `${shopUrl}/account/quotes` : null,
    shopShipList: shopUrl ? `${shopUrl}/account/ship-list` : null,
  };
}

/** What a client resource's links are made from: the other sites, and the signed photo link. */
export interface ClientResourceDeps {
  sites: SiteUrls;
  storage: Pick<FileStorage, 'linkFor'>;
}

/** The one mapping from a client row to the contract's client resource. */
export function toClientResource(
  row: ClientRow,
  stats: ClientStats,
  { sites, storage }: ClientResourceDeps,
): ClientResource {
  return {
    id: row.id,
    type: 'clients',
    attributes: {
      firstName: row.firstName,
      lastName: row.lastName,
      name: `${row.firstName} ${row.lastName}`.trim(),
      initials: initials(row.firstName, row.lastName),
      email: row.email,
      phone: row.phone,
      address: row.address,
      city: row.city,
      state: row.state,
      postalCode: row.postalCode,
      thumbnailUrl: storage.linkFor(row.thumbnailUrl),
      comment: row.comment,
      shopifyCustomerId: row.shopifyCustomerId,
      paymentMethod: row.paymentMethod,
      userId: row.userId,
      createdAt: row.createdAt.toISOString(),
      commissions: [stats.commissions],
      pendingItems: [stats.pendingItems],
    },
    links: clientLinks(sites, row.id),
  };
}
