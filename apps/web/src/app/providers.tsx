import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { createRefusedTokenHandler } from '../features/auth/refused-token.ts';
import { sessionStore } from '../features/auth/session-store.ts';
import { setApiTokenSource, setRefusedTokenHandler } from '../lib/api-client.ts';
import classes from './providers.module.css';
import { cssVariablesResolver, theme } from './theme.ts';

// Every API call carries the session's bearer token when one exists (§7).
setApiTokenSource(() => sessionStore.getToken());

interface AppProvidersProps {
  queryClient: QueryClient;
  /** 'test' turns off Mantine transitions and portals. */
  mantineEnv?: 'default' | 'test';
  children: ReactNode;
}

export function AppProviders({ queryClient, mantineEnv = 'default', children }: AppProvidersProps) {
  // A refused token: renew it from the session cookie, or sign out when the session has ended.
  useEffect(() => {
    setRefusedTokenHandler(createRefusedTokenHandler(queryClient));
    return () => setRefusedTokenHandler(() => {});
  }, [queryClient]);

  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="dark"
      env={mantineEnv}
    >
      <Notifications position="top-center" classNames={{ root: classes.toasts }} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
