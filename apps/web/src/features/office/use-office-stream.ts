import {
  OFFICE_CHANGE_EVENT,
  OfficeChangeEventSchema,
  STREAM_TOKEN_PARAM,
  endpointUrl,
  officeApi,
  type OfficeChangeEvent,
} from '@atelier/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useEventSource } from '../../lib/use-event-source.ts';
import { useSession } from '../../lib/use-session.ts';
import { officeKeys } from './office-queries.ts';

export function officeStreamUrl(token: string): string {
  return endpointUrl(officeApi.streamOffice, undefined, { [STREAM_TOKEN_PARAM]: token });
}

/**
 * What a change makes stale: every queue and its counts (an item may have entered, left or moved
 * within any of them), and the changed item's workspace; a change naming no item (many at once),
 * every item.
 */
export function invalidateOfficeChange(queryClient: QueryClient, change: OfficeChangeEvent) {
  void queryClient.invalidateQueries({ queryKey: officeKeys.queues() });
  void queryClient.invalidateQueries({
    queryKey: change.quoteId === null ? officeKeys.items() : officeKeys.item(change.quoteId),
  });
}

/**
 * Keeps the office's queues and open item live (issue 30 item 12): one EventSource on the staff
 * stream while an office page is open, opened again with the fresh token whenever it is refreshed
 * (lib/use-event-source.ts). Each change refetches what it concerns; a stream back after a gap
 * refetches everything of the office, as changes sent meanwhile were missed.
 */
export function useOfficeStream(): void {
  const { status, session } = useSession();
  // A staff member's session is 'office' once the account was checked as staff.
  const token = status === 'office' ? (session?.token ?? null) : null;
  const queryClient = useQueryClient();
  const handlers = useMemo(
    () => ({
      onOpen: (isAfterGap: boolean) => {
        if (isAfterGap) void queryClient.invalidateQueries({ queryKey: officeKeys.all });
      },
      events: {
        [OFFICE_CHANGE_EVENT]: (data: unknown) => {
          const parsed = OfficeChangeEventSchema.safeParse(data);
          if (parsed.success) invalidateOfficeChange(queryClient, parsed.data);
        },
      },
    }),
    [queryClient],
  );
  useEventSource(token ? officeStreamUrl(token) : null, handlers);
}
