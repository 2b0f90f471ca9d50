import { officeApi } from '@atelier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { officeKeys } from './office-queries.ts';

export const recordKeys = {
  client: (clientId: number) => [...officeKeys.all, 'client-record', clientId] as const,
  stylist: (stylistId: number) => [...officeKeys.all, 'stylist-record', stylistId] as const,
};

// A missing record is not retried: it stays missing.
const retryUnlessMissing = (count: number, error: Error) =>
  count < 2 && !('status' in error && error.status === 404);

/** A client's record: contact, stylist, items by stage, links and commissions. */
export function useClientRecord(clientId: number) {
  return useQuery({
    queryKey: recordKeys.client(clientId),
    queryFn: ({ signal }) => api(officeApi.getClientRecord, { params: { clientId }, signal }),
    enabled: clientId > 0,
    retry: retryUnlessMissing,
  });
}

/** A stylist's record: contact, clients, items by stage and commissions. */
export function useStylistRecord(stylistId: number) {
  return useQuery({
    queryKey: recordKeys.stylist(stylistId),
    queryFn: ({ signal }) => api(officeApi.getStylistRecord, { params: { stylistId }, signal }),
    enabled: stylistId > 0,
    retry: retryUnlessMissing,
  });
}

/** "Revoke links": the record is read again to show every link's new state. */
export function useRevokeClientLinks(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(officeApi.revokeClientRecordLinks, { params: { clientId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordKeys.client(clientId) }),
  });
}
