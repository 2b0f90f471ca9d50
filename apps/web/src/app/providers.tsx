import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { createRefusedTokenHandler } from '../features/auth/refused-token.ts';
import { sessionStore } from '../lib/session-store.ts';
import { setApiTokenSource, setRefusedTokenHandler } from '../lib/api-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

// The toasts' container and styles load with the first toast, not before the first page: the
// store keeps what was shown meanwhile, and the container shows it once it is mounted.
const Toasts = lazy(() => import('./toasts.tsx').then((m) => ({ default: m.Toasts })));

function ToastsOnDemand() {
  const { notifications, queue } = useNotifications();
  const [isWanted, setIsWanted] = useState(false);
  if (!isWanted && notifications.length + queue.length > 0) setIsWanted(true);
  return isWanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

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
      <ToastsOnDemand />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
