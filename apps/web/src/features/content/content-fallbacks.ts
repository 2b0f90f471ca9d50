import type { ContentKey } from '@atelier/contract';

/**
 * English defaults for the back office's texts (§3), shown while they load, when the call fails or
 * when a key has not been written yet, so no screen waits on them or shows a blank.
 */
export const CONTENT_FALLBACKS: Readonly<Record<ContentKey, string>> = {
  'addClient.successMessage': 'Your new client is ready, with an account on the shop.',
  'addClient.loginButton': 'Log In as Client',
  'addClient.addAnotherButton': 'Add Another Client',
  'dashboard.withClients': 'Here is where your clients, quotes and commissions stand today.',
  'dashboard.noClients': 'You have no clients yet. Add your first client to start a quote.',
  'whiteGlove.success': 'The items are marked as picked up and on their way to our warehouse.',
  'client.commentPlaceholder': 'Sizes, favourite designers, what they are hunting for…',
  'paymentSetting.overview': 'Choose how you receive your commissions.',
  'paymentSetting.paypal': 'Enter the email address of your PayPal account.',
};
