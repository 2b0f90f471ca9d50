import { SHOP_NOT_CONFIGURED_MESSAGE, type ShopLoginTarget } from '@atelier/contract';
import { Button, Tooltip, VisuallyHidden, type ButtonProps } from '@mantine/core';
import { useId, type ReactNode } from 'react';
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
  const reasonId = useId();
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
  // aria-disabled instead of disabled: the button stays focusable, so keyboard and touch users
  // reach the reason too; it shows on hover, focus and touch and is the button's description.
  return (
    <>
      <Tooltip
        label={SHOP_NOT_CONNECTED_MESSAGE}
        events={{ hover: true, focus: true, touch: true }}
        multiline
        maw={260}
      >
        <Button
          {...buttonProps}
          data-disabled
          aria-disabled="true"
          aria-describedby={reasonId}
          onClick={(event) => event.preventDefault()}
        >
          {children}
        </Button>
      </Tooltip>
      <VisuallyHidden id={reasonId}>{SHOP_NOT_CONNECTED_MESSAGE}</VisuallyHidden>
    </>
  );
}
