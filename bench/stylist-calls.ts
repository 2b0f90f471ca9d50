/** A stylist call the benches measure: its name in their tables and its URL. */
export interface StylistCall {
  name: string;
  url: string;
}

/**
 * The stylist calls of issue 19, in the order the benches print them: clients page 1, a client's
 * detail and quotes (when `clientId` is given), a 3+ and a 1-2 character search, the dashboard
 * and the commissions list.
 */
export function stylistCalls(options: {
  clientId?: number | string;
  search: string;
  shortSearch: string;
}): StylistCall[] {
  const { clientId, search, shortSearch } = options;
  const searchCall = (term: string) => ({
    name: `search "${term}"`,
    url: `/api/stylist/clients?page=1&search=${encodeURIComponent(term)}`,
  });
  return [
    { name: 'clients page 1', url: '/api/stylist/clients?page=1' },
    ...(clientId === undefined
      ? []
      : [
          { name: 'client detail', url: `/api/stylist/clients/${clientId}` },
          { name: "a client's quotes", url: `/api/stylist/clients/${clientId}/quotes` },
        ]),
    searchCall(search),
    searchCall(shortSearch),
    { name: 'dashboard', url: '/api/stylist/dashboard' },
    { name: 'commissions list', url: '/api/stylist/commissions' },
  ];
}
