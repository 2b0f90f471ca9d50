import { commissionsApi, type CommissionDocument } from '@atelier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** Under the commissions feature's root key, so invalidating ['commissions'] refreshes it too. */
export function commissionDetailKey(commissionId: number) {
  return ['commissions', 'detail', commissionId] as const;
}

export function fetchCommission(
  commissionId: number,
  signal?: AbortSignal,
): Promise<CommissionDocument> {
  return api(commissionsApi.getCommission, {
    params: { commissionId },
    query: { include: 'product' },
    ...(signal ? { signal } : {}),
  });
}

/** One commission with its product (§7, `getCommission` with include=product). */
export function commissionDetailQueryOptions(commissionId: number) {
  return queryOptions({
    queryKey: commissionDetailKey(commissionId),
    queryFn: ({ signal }) => fetchCommission(commissionId, signal),
  });
}

export function useCommission(commissionId: number) {
  return useQuery(commissionDetailQueryOptions(commissionId));
}
