import {
  ACCESS_TOKEN_PATTERN,
  CURATED_ANSWER_FIELD,
  ClientAnswerConflictSchema,
  clientPagesApi,
  hubApi,
  type ClientResponse,
  type HubDocument,
  type HubQuoteAction,
  type NewLinkBody,
  type RefusedAnswer,
  type CuratedAnswerBody,
  type CuratedDocument,
  type OfferApprovalDocument,
  type QuoteShareDocument,
  type ReviewResponseItem,
} from '@atelier/contract';
import {
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useParams } from 'react-router';
import { api, isApiError } from '../../lib/api-client.ts';
import { freshWhileFileLinksWork } from '../../lib/file-link-freshness.ts';

/**
 * The link token of a client page, or null when the address holds no well-formed one: such a link
 * is reported as not valid without asking the server. The curated route names it `:token`, the
 * quote-share and offer-approval routes `:id` (§2).
 */
export function useClientPageToken(): string | null {
  const { token, id } = useParams();
  const value = token ?? id ?? '';
  return ACCESS_TOKEN_PATTERN.test(value) ? value : null;
}

export const clientPageKeys = {
  all: ['client-page'] as const,
  curated: (token: string | null) => [...clientPageKeys.all, 'curated', token] as const,
  quoteShare: (token: string | null) => [...clientPageKeys.all, 'quote-share', token] as const,
  offerApproval: (token: string | null) =>
    [...clientPageKeys.all, 'offer-approval', token] as const,
  hub: (token: string | null) => [...clientPageKeys.all, 'hub', token] as const,
};

// The client reads a page once and answers it; a refetch on every focus would only move the cards.
const CLIENT_PAGE_STALE_TIME_MS = 5 * 60 * 1000;

export function curatedQueryOptions(token: string | null) {
  return queryOptions<CuratedDocument>({
    queryKey: clientPageKeys.curated(token),
    queryFn: token
      ? ({ signal }) => api(clientPagesApi.getCuratedPage, { params: { token }, signal })
      : skipToken,
    staleTime: freshWhileFileLinksWork(CLIENT_PAGE_STALE_TIME_MS),
  });
}

export function quoteShareQueryOptions(token: string | null) {
  return queryOptions<QuoteShareDocument>({
    queryKey: clientPageKeys.quoteShare(token),
    queryFn: token
      ? ({ signal }) => api(clientPagesApi.getQuoteSharePage, { params: { token }, signal })
      : skipToken,
    staleTime: freshWhileFileLinksWork(CLIENT_PAGE_STALE_TIME_MS),
  });
}

export function offerApprovalQueryOptions(token: string | null) {
  return queryOptions<OfferApprovalDocument>({
    queryKey: clientPageKeys.offerApproval(token),
    queryFn: token
      ? ({ signal }) => api(clientPagesApi.getOfferApprovalPage, { params: { token }, signal })
      : skipToken,
    staleTime: freshWhileFileLinksWork(CLIENT_PAGE_STALE_TIME_MS),
  });
}

export function hubQueryOptions(token: string | null) {
  return queryOptions<HubDocument>({
    queryKey: clientPageKeys.hub(token),
    queryFn: token ? ({ signal }) => api(hubApi.getHub, { params: { token }, signal }) : skipToken,
    staleTime: freshWhileFileLinksWork(CLIENT_PAGE_STALE_TIME_MS),
  });
}

export function useCuratedDocument(token: string | null) {
  return useQuery(curatedQueryOptions(token));
}

export function useQuoteShareDocument(token: string | null) {
  return useQuery(quoteShareQueryOptions(token));
}

export function useOfferApprovalDocument(token: string | null) {
  return useQuery(offerApprovalQueryOptions(token));
}

export function useHubDocument(token: string | null) {
  return useQuery(hubQueryOptions(token));
}

/** A 404: the link is unknown, expired or revoked (§7), which retrying cannot fix. */
export function isLinkNotValid(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** A 409: the quotes on screen were answered elsewhere or no longer await an answer. */
export function isOutOfDate(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}

/** The quotes a 409 refused, each with the answer recorded before (§2 Curated For), or null. */
export function refusedAnswers(error: unknown): RefusedAnswer[] | null {
  if (!isApiError(error) || error.status !== 409) return null;
  return ClientAnswerConflictSchema.safeParse(error.payload).data?.refused ?? null;
}

export type CuratedAnswers = Readonly<Record<number, ClientResponse>>;

/** §7: the answers go as multipart, the JSON in the one field `data`. */
export function curatedAnswerForm(answers: CuratedAnswers): FormData {
  const body: CuratedAnswerBody = {
    pendingItems: Object.entries(answers).map(([id, clientResponse]) => ({
      id: Number(id),
      clientResponse,
    })),
  };
  const form = new FormData();
  form.append(CURATED_ANSWER_FIELD, JSON.stringify(body));
  return form;
}

/** "confirm quotes" (§2): records the Yes/No answers; the answer is the page anew. */
export function useConfirmCuratedAnswers(token: string) {
  const queryClient = useQueryClient();
  const queryKey = clientPageKeys.curated(token);
  return useMutation({
    mutationFn: (answers: CuratedAnswers) =>
      api(clientPagesApi.answerCuratedPage, {
        params: { token },
        body: curatedAnswerForm(answers),
      }),
    onSuccess: (document) => queryClient.setQueryData(queryKey, document),
    // The page on screen is out of date (answered elsewhere): show it as the server has it.
    onError: (error) => {
      if (isOutOfDate(error)) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** "Submit Responses": the client's answer to each offer (§4), in the stylist modal's payload. */
export function useApproveOffers(token: string) {
  const queryClient = useQueryClient();
  const queryKey = clientPageKeys.offerApproval(token);
  return useMutation({
    mutationFn: (items: ReviewResponseItem[]) =>
      api(clientPagesApi.answerOfferApprovalPage, { params: { token }, body: { data: items } }),
    onSuccess: (document) => queryClient.setQueryData(queryKey, document),
    onError: (error) => {
      if (isOutOfDate(error)) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** One item's answer or question on the hub. */
export interface HubItemAction {
  quoteId: number;
  action: HubQuoteAction;
}

/** Accept, decline or ask about one item of the hub; the answer is the hub anew. */
export function useHubItemAction(token: string) {
  const queryClient = useQueryClient();
  const queryKey = clientPageKeys.hub(token);
  return useMutation({
    mutationFn: ({ quoteId, action }: HubItemAction) =>
      api(hubApi.actOnHubQuote, { params: { token, quoteId }, body: action }),
    onSuccess: (document) => queryClient.setQueryData(queryKey, document),
    // An offer expired or answered elsewhere: show the item as the server has it now.
    onError: (error) => {
      if (isOutOfDate(error)) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** "Send me a new link": the answer is the same whether or not the address is a client's. */
export function useRequestNewLink() {
  return useMutation({
    mutationFn: (body: NewLinkBody) => api(hubApi.requestHubLink, { body }),
  });
}
