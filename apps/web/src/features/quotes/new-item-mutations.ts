import { quotesApi, type CreateQuoteBody, type QuoteDocument } from '@atelier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, upload } from '../../lib/api-client.ts';
import { tryRefreshClientQuotes } from './quote-queries.ts';

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
