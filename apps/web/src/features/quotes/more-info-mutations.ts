import { quotesApi, type AnswerMoreInfoBody } from '@atelier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { quoteKeys } from './quote-queries.ts';

/** The stylist's answer to a request for more information; the open quote lists load anew. */
export function useAnswerMoreInfo(quoteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AnswerMoreInfoBody) => {
      const document = await api(quotesApi.answerMoreInfo, { params: { quoteId }, body });
      await queryClient
        .refetchQueries({ queryKey: quoteKeys.all, type: 'active' })
        .catch(() => undefined);
      return document;
    },
  });
}
