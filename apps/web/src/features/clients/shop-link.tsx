import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

export const SHOP_NOT_CONNECTED_MESSAGE = "The shop isn't connected yet";

interface ShopLinkProps extends ButtonProps {
  /** The shop or admin address from the client's `links`; null when that site is not configured. */
  href: string | null;
  children: ReactNode;
}

/**
 * A button that opens an outside site in a new tab. Without an address it stays visible but
 * disabled, and says why, rather than leading nowhere.
 */
export function ShopLink({ href, children, ...buttonProps }: ShopLinkProps) {
  if (href) {
    return (
      <Button component="a" href={href} target="_blank" rel="noopener noreferrer" {...buttonProps}>
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
