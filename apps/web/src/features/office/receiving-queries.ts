import { officeApi } from '@atelier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { officeKeys } from './office-queries.ts';

/** "Scan to receive": whatever it received (or not), the queues and their counts are read anew. */
export function useReceiveScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api(officeApi.receiveScan, { body: { code } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: officeKeys.all }),
  });
}
