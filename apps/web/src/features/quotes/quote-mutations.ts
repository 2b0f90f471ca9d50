import {
  quotesApi,
  type CreateQuoteBody,
  type QuoteDocument,
  type ReviewResponseItem,
} from '@atelier/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, isApiError, upload } from '../../lib/api-client.ts';
import { quoteKeys, refreshClientQuotes } from './quote-queries.ts';

export interface UploadQuoteImageInput {
  file: File;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** One photo for a new quote (§7 multipart field `image`); several may be under way at once. */
export function useUploadQuoteImage() {
  return useMutation({
    mutationFn: ({ file, onProgress, signal }: UploadQuoteImageInput) => {
      const form = new FormData();
      form.append('image', file);
      return upload(quotesApi.uploadQuoteImage, {
        body: form,
        ...(onProgress && { onProgress }),
        ...(signal && { signal }),
      });
    },
  });
}

/** Whether the client's list was fetched anew after a change, which §8 reports separately. */
async function tryRefreshClientQuotes(queryClient: QueryClient, clientId: number) {
  return refreshClientQuotes(queryClient, clientId).then(
    () => true,
    () => false,
  );
}

export interface CreatedQuote {
  document: QuoteDocument;
  isListRefreshed: boolean;
}

/** Add Item (§2): creates the quote, then fetches the client's list anew, inside one pending state. */
export function useCreateQuote(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Omit<CreateQuoteBody, 'clientId'>): Promise<CreatedQuote> => {
      const document = await api(quotesApi.createQuote, { body: { ...body, clientId } });
      return { document, isListRefreshed: await tryRefreshClientQuotes(queryClient, clientId) };
    },
  });
}

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
