import {
  AccountDocumentSchema,
  type AccountDocument,
  type PaymentOptionsBody,
} from '@atelier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountQueryKey } from '../auth/account-queries.ts';
import { apiPatch, isApiError } from '../../lib/api-client.ts';

export function savePaymentOptions(body: PaymentOptionsBody): Promise<AccountDocument> {
  return apiPatch('/api/account/payment-options', body, AccountDocumentSchema);
}

/** PATCH /api/account/payment-options (§7); the answer is the account, so it replaces the cache. */
export function useSavePaymentOptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePaymentOptions,
    onSuccess: (account) => queryClient.setQueryData(accountQueryKey, account),
  });
}

/**
 * §7/§8: the messages of the error body's `errors`, for the list under the form. A field's name is
 * dropped ("paypalAddress: Enter…" reads "Enter…"); without field errors the message stands alone.
 */
export function paymentOptionsErrorMessages(error: unknown): string[] {
  if (!(error instanceof Error)) return ['Your payout preference could not be saved.'];
  const fieldMessages = isApiError(error)
    ? Object.entries(error.errors ?? {})
        .flatMap(([field, messages]) =>
          messages.map((message) =>
            message.startsWith(`${field}:`) ? message.slice(field.length + 1).trim() : message,
          ),
        )
        .filter((message) => message.trim() !== '')
    : [];
  return fieldMessages.length > 0 ? [...new Set(fieldMessages)] : [error.message];
}
