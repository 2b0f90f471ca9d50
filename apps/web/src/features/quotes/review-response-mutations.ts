import { quotesApi, type ReviewResponseItem } from '@atelier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api-client.ts';
import { quoteKeys, tryRefreshClientQuotes } from './quote-queries.ts';

export interface RecordedResponses {
  isListRefreshed: boolean;
}

export function recordResponsesKey(clientId: number) {
  return [...quoteKeys.all, 'record-responses', clientId] as const;
}

/** The client's answers to offers (§4), recorded all or nothing, then the list fetched anew. */
export function useRecordResponses(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: recordResponsesKey(clientId),
    mutationFn: async (items: ReviewResponseItem[]): Promise<RecordedResponses> => {
      await api(quotesApi.recordClientAnswers, { params: { clientId }, body: { data: items } });
      return { isListRefreshed: await tryRefreshClientQuotes(queryClient, clientId) };
    },
    // A 409 means the list on screen is out of date (a quote was answered elsewhere): fetch it anew.
    onError: (error) => {
      if (isApiError(error) && error.status === 409)
        void tryRefreshClientQuotes(queryClient, clientId);
    },
  });
}
