import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { sessionStore } from '../features/auth/session-store.ts';
import { setApiTokenSource } from '../lib/api-client.ts';
import { theme } from './theme.ts';

// Every API call carries the session's bearer token when one exists (§7).
setApiTokenSource(() => sessionStore.getToken());

interface AppProvidersProps {
  queryClient: QueryClient;
  /** 'test' turns off Mantine transitions and portals. */
  mantineEnv?: 'default' | 'test';
  children: ReactNode;
}

export function AppProviders({ queryClient, mantineEnv = 'default', children }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} forceColorScheme="dark" env={mantineEnv}>
      <Notifications position="top-center" />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
