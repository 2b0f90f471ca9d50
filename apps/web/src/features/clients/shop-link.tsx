import { SHOP_NOT_CONFIGURED_MESSAGE, type ShopLoginTarget } from '@atelier/contract';
import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { openBlankTab, useShopLogin } from './shop-login.ts';

export const SHOP_NOT_CONNECTED_MESSAGE = SHOP_NOT_CONFIGURED_MESSAGE;

interface ShopLinkProps extends ButtonProps {
  clientId: number;
  /** The page of the client's shop account to land on. */
  target: ShopLoginTarget;
  /** The client's matching shop link from `links`; null when no shop is configured. */
  href: string | null;
  children: ReactNode;
}

/**
 * A button that opens the client's shop account in a new tab, signed in as the client. Without a
 * shop it stays visible but disabled, and says why, rather than leading nowhere.
 */
export function ShopLink({ clientId, target, href, children, ...buttonProps }: ShopLinkProps) {
  const login = useShopLogin(clientId, target);
  if (href) {
    return (
      <Button
        {...buttonProps}
        loading={login.isPending}
        onClick={() => login.mutate(openBlankTab())}
      >
        {children}
      </Button>
    );
  }
  // data-disabled instead of disabled: a disabled button gets no hover, so the title would never show.
  return (
    <Button
      {...buttonProps}
      data-disabled
      aria-disabled="true"
      title={SHOP_NOT_CONNECTED_MESSAGE}
      onClick={(event) => event.preventDefault()}
    >
      {children}
    </Button>
  );
}
