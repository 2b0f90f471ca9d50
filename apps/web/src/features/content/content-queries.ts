import { contentApi, stylistTexts, type ContentKey } from '@atelier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { CONTENT_FALLBACKS } from './content-fallbacks.ts';

export const contentQueryKey = ['content', 'i18n'] as const;

/** The portal's texts (§3): the `stylist.` translations, prefix removed; they change rarely. */
export function contentQueryOptions() {
  return queryOptions({
    queryKey: contentQueryKey,
    queryFn: async ({ signal }) => stylistTexts(await api(contentApi.listTexts, { signal })),
    staleTime: 60 * 60_000,
  });
}

export function useContentTexts() {
  return useQuery(contentQueryOptions());
}

/** One text; undefined while loading or when the back office has not written it. */
export function useContentText(key: ContentKey): string | undefined {
  return useContentTexts().data?.[key];
}

/** One text ready to show: the back office's, or its English fallback while loading or if blank. */
export function useDisplayText(key: ContentKey): string {
  const text = useContentText(key);
  return text?.trim() ? text : CONTENT_FALLBACKS[key];
}
