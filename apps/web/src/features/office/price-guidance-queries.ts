import { officeApi } from '@atelier/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { freshWhileFileLinksWork } from '../../lib/file-link-freshness.ts';
import { officeKeys } from './office-queries.ts';

export const priceGuidanceKey = (quoteId: number) =>
  [...officeKeys.all, 'price-guidance', quoteId] as const;

/** What the company's own sales of an item's designer (and category) fetched. */
export function usePriceGuidance(quoteId: number) {
  return useQuery({
    queryKey: priceGuidanceKey(quoteId),
    queryFn: ({ signal }) => api(officeApi.getPriceGuidance, { params: { quoteId }, signal }),
    // The comparables carry signed photo links; past sales change slowly.
    staleTime: freshWhileFileLinksWork(5 * 60_000),
  });
}
