import { accountSiteApi, type AccountSiteLink, type AccountSitePage } from '@atelier/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const siteLinksQueryKey = ['site-links'] as const;

/** GET /api/site-links: the FAQ's address and whether the account site exists; set per install. */
export function siteLinksQueryOptions() {
  return queryOptions({
    queryKey: siteLinksQueryKey,
    queryFn: ({ signal }) => api(accountSiteApi.getSiteLinks, { signal }),
    staleTime: Infinity,
  });
}

export function useSiteLinks() {
  return useQuery(siteLinksQueryOptions());
}

export function fetchAccountSiteLink(page: AccountSitePage): Promise<AccountSiteLink> {
  return api(accountSiteApi.createAccountSiteLink, { body: { page } });
}

/**
 * Opens a page of the external account site with a fresh one-minute hand-off link. The tab is
 * opened by the click itself, empty, and pointed at the link once it arrives: a tab opened after
 * an await is a popup the browser blocks.
 */
export function useOpenAccountSite() {
  return useMutation({
    mutationFn: async ({ page, tab }: { page: AccountSitePage; tab: Window | null }) => {
      try {
        const { url } = await fetchAccountSiteLink(page);
        if (tab) tab.location.href = url;
        else window.location.assign(url);
      } catch (error) {
        tab?.close();
        throw error;
      }
    },
  });
}

/** A blank tab for `useOpenAccountSite`, cut off from this page (no `window.opener`). */
export function openBlankTab(): Window | null {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  return tab;
}
