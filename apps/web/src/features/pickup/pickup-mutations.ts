import {
  failureLines,
  pickupApi,
  shareApi,
  type CompletePickupBody,
  type QuoteView,
  type ShareBody,
  type ShippingLabel,
  type ShippingLabelBody,
} from '@atelier/contract';
import { useMutation } from '@tanstack/react-query';
import { NETWORK_ERROR_CODE, api, isApiError } from '../../lib/api-client.ts';

type QuoteId = QuoteView['id'];

export interface CompletePickupInput {
  quoteIds: readonly QuoteId[];
  /** The client's signature as signature_pad's PNG data URL. */
  signature: string;
}

/** §7 complete: the stylist collected the items in person, with the client's signature. */
export function useCompletePickup() {
  return useMutation({
    mutationFn: ({ quoteIds, signature }: CompletePickupInput) => {
      // The stylist carries the items themselves: no label for the pickup (docs/decisions/0006).
      const body: CompletePickupBody = {
        quoteIds: quoteIds.join(','),
        signature,
        generateShippingLabel: false,
      };
      return api(pickupApi.recordPickup, { body });
    },
  });
}

export interface CreateShippingLabelInput {
  itemIds: readonly QuoteId[];
  emailClientShiplist: boolean;
}

/** §7 shipping-label: buys one label for the items, optionally emailing the client the ship list. */
export function useCreateShippingLabel(clientId: number) {
  return useMutation({
    mutationFn: async ({
      itemIds,
      emailClientShiplist,
    }: CreateShippingLabelInput): Promise<ShippingLabel> => {
      const body: ShippingLabelBody = { item_ids: [...itemIds], emailClientShiplist };
      const answer = await api(pickupApi.buyShippingLabel, { params: { clientId }, body });
      return answer.data;
    },
  });
}

/** §7 share: emails the client a link to answer their quotes. */
export function useShareQuotes() {
  return useMutation({
    mutationFn: (clientId: number) => {
      const body: ShareBody = { clientId };
      return api(shareApi.shareQuotes, { body });
    },
  });
}

/** The server's message when it sent one; a lost connection says so instead of a blank fallback. */
function failureBody(error: unknown): unknown {
  if (!isApiError(error)) return null;
  if (error.body) return error.body;
  return error.code === NETWORK_ERROR_CODE ? { message: error.message } : null;
}

/** §8: the lines a failed pickup or label shows, through the contract's one rule. */
export function failureLinesOf(error: unknown, fallback: string): string[] {
  return failureLines(failureBody(error), fallback);
}

/** §8 pickup failure toast: the server's message, or the fallback. */
export function failureMessageOf(error: unknown, fallback: string): string {
  const body = failureBody(error);
  return body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
    ? body.message
    : fallback;
}
