import { accountApi, type AccountDocument, type PaymentOptionsBody } from '@atelier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountQueryKey } from '../auth/index.ts';
import { api, isApiError } from '../../lib/api-client.ts';

export function savePaymentOptions(body: PaymentOptionsBody): Promise<AccountDocument> {
  return api(accountApi.updatePaymentOptions, { body });
}

/** PATCH /api/account/payment-options (§7); the answer is the account, so it replaces the cache. */
export function useSavePaymentOptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePaymentOptions,
    onSuccess: (account) => queryClient.setQueryData(accountQueryKey, account),
  });
}

export interface PaymentOptionsErrors {
  /** Under the PayPal address field. */
  paypalAddress: string[];
  /** In the list under the form: other fields' messages, or the message alone. */
  other: string[];
}

/**
 * §7/§8: the messages of the error body's `errors`. The PayPal address's go under its field, the
 * rest in the list under the form; a field's name is dropped ("paypalAddress: Enter…" reads
 * "Enter…"); without field errors the message stands alone.
 */
export function paymentOptionsErrors(error: unknown): PaymentOptionsErrors {
  if (!(error instanceof Error)) {
    return { paypalAddress: [], other: ['Your payout preference could not be saved.'] };
  }
  const byField = Object.entries((isApiError(error) && error.errors) || {}).map(
    ([field, messages]) =>
      [
        field,
        [
          ...new Set(
            messages
              .map((message) =>
                message.startsWith(`${field}:`) ? message.slice(field.length + 1).trim() : message,
              )
              .filter((message) => message.trim() !== ''),
          ),
        ],
      ] as const,
  );
  const paypalAddress = byField.flatMap(([field, messages]) =>
    field === 'paypalAddress' ? messages : [],
  );
  const other = [
    ...new Set(byField.flatMap(([field, messages]) => (field === 'paypalAddress' ? [] : messages))),
  ];
  if (paypalAddress.length === 0 && other.length === 0) other.push(error.message);
  return { paypalAddress, other };
}
