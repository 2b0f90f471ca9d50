import type { AccountSitePage } from '@atelier/contract';
import { Loader, Text, UnstyledButton } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import classes from './account-rows.module.css';
import { openBlankTab, useOpenAccountSite, useSiteLinks } from './account-site-queries.ts';

export const ACCOUNT_SITE_UNAVAILABLE = 'Not available: no account site is connected.';

interface AccountSiteRowProps {
  page: AccountSitePage;
  label: string;
}

/** A "Stylist Account" row that opens the external account site, signed in (§2). */
export function AccountSiteRow({ page, label }: AccountSiteRowProps) {
  const siteLinks = useSiteLinks();
  const open = useOpenAccountSite();
  const isAvailable = siteLinks.data?.hasAccountSite === true;
  const note = open.isPending
    ? 'Opening…'
    : siteLinks.data && !isAvailable
      ? ACCOUNT_SITE_UNAVAILABLE
      : null;

  return (
    <div className={classes.section}>
      <UnstyledButton
        className={classes.row}
        disabled={!isAvailable || open.isPending}
        aria-busy={open.isPending || undefined}
        onClick={() => open.mutate({ page, tab: openBlankTab() })}
      >
        <span>
          <Text span display="block" fw={500}>
            {label}
          </Text>
          {note && (
            <Text span display="block" size="sm" c="dimmed">
              {note}
            </Text>
          )}
        </span>
        {open.isPending ? (
          <Loader size={16} color="gold" />
        ) : (
          <IconExternalLink size={18} className={classes.chevron} stroke={1.6} aria-hidden />
        )}
      </UnstyledButton>
      {open.isError && (
        <Text role="alert" size="sm" c="red.4" className={classes.panel}>
          {open.error.message}
        </Text>
      )}
    </div>
  );
}
