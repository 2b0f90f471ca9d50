import { HUB_CHANGE_EVENT, endpointUrl, hubApi } from '@atelier/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useEventSource } from '../../lib/use-event-source.ts';
import { clientPageKeys } from './client-page-queries.ts';

/**
 * Keeps an open hub live: one EventSource on the hub's stream (its link is its only key), and each
 * change to the client's items (offers made, a status, an answer given elsewhere) reads the hub
 * again; so does a stream back after a gap, as changes sent meanwhile were missed.
 */
export function useHubStream(token: string): void {
  const queryClient = useQueryClient();
  const handlers = useMemo(() => {
    const refresh = () =>
      void queryClient.invalidateQueries({ queryKey: clientPageKeys.hub(token) });
    return {
      onOpen: (isAfterGap: boolean) => {
        if (isAfterGap) refresh();
      },
      events: { [HUB_CHANGE_EVENT]: refresh },
    };
  }, [queryClient, token]);
  useEventSource(endpointUrl(hubApi.streamHub, { token }), handlers);
}
