import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { logout } from '../features/auth/logout.ts';
import { sessionStore } from '../features/auth/session-store.ts';
import { setApiTokenSource, setSessionEndedHandler } from '../lib/api-client.ts';
import { theme } from './theme.ts';

// Every API call carries the session's bearer token when one exists (§7).
setApiTokenSource(() => sessionStore.getToken());

interface AppProvidersProps {
  queryClient: QueryClient;
  /** 'test' turns off Mantine transitions and portals. */
  mantineEnv?: 'default' | 'test';
  children: ReactNode;
}

export const SESSION_ENDED_NOTICE = 'Your session has ended. Please sign in again.';

export function AppProviders({ queryClient, mantineEnv = 'default', children }: AppProvidersProps) {
  // A refused token means the server ended the session: sign out here too, and say why.
  useEffect(() => {
    setSessionEndedHandler(() => {
      if (sessionStore.getSnapshot().session)
        void logout(queryClient, { notice: SESSION_ENDED_NOTICE });
    });
    return () => setSessionEndedHandler(() => {});
  }, [queryClient]);

  return (
    <MantineProvider theme={theme} forceColorScheme="dark" env={mantineEnv}>
      <Notifications position="top-center" />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
