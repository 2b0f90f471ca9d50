import './app/mantine-styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers.tsx';
import { preloadSignedInParts } from './app/layouts/dark-layout.tsx';
import { createAppRouter } from './app/router.tsx';
import { sessionStore } from './features/auth/session-store.ts';
import { createQueryClient } from './lib/query-client.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A signed-in visit needs the header's bell and profile: fetched beside the page, not after it.
if (sessionStore.getSnapshot().status !== 'anonymous') preloadSignedInParts();

const queryClient = createQueryClient();
const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
