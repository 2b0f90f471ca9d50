import { SHOP_LOGIN_FAILED_TITLE, clientLoginApi, type ShopLoginTarget } from '@atelier/contract';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/**
 * Opens an empty tab now, inside the click: a tab opened after the ticket's round trip would no
 * longer count as the stylist's own action, and popup blockers would stop it.
 */
export function openBlankTab(): Window | null {
  const tab = window.open('', '_blank');
  // The shop must not be able to reach back into the portal through window.opener.
  if (tab) tab.opener = null;
  return tab;
}

/**
 * The shop single sign-on (§7 client-login): asks for a single-use address, then sends the tab
 * opened by the click there; the server sets the shop's cookie and redirects to the shop.
 */
export function useShopLogin(clientId: number, target: ShopLoginTarget) {
  return useMutation({
    mutationFn: (_tab: Window | null) =>
      api(clientLoginApi.createClientLoginTicket, { params: { clientId }, body: { target } }),
    onSuccess: ({ url }, tab) => {
      if (tab && !tab.closed) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
    },
    onError: (error, tab) => {
      tab?.close();
      notifications.show({ color: 'red', title: SHOP_LOGIN_FAILED_TITLE, message: error.message });
    },
  });
}
