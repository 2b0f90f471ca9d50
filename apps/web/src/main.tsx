import './app/mantine-styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers.tsx';
import { preloadSignedInParts } from './app/layouts/dark-layout.tsx';
import { PRERENDERED_ATTRIBUTE, SPA_ATTRIBUTE } from './app/prerendered-shell.ts';
import { createAppRouter } from './app/router.tsx';
import { sessionStore } from './lib/session-store.ts';
import { createQueryClient } from './lib/query-client.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = container;

// A stylist's visit needs the header's bell and profile: fetched beside the page, not after it.
const { status } = sessionStore.getSnapshot();
if (status !== 'anonymous' && status !== 'office') preloadSignedInParts();

const queryClient = createQueryClient();
const router = createAppRouter();

function render(): void {
  root.removeAttribute(PRERENDERED_ATTRIBUTE);
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

// sign-in.html's prerendered card (app/prerendered-shell.ts) is not this visit's page.
if (document.documentElement.hasAttribute(SPA_ATTRIBUTE)) root.replaceChildren();

if (root.hasChildNodes() && !router.state.initialized) {
  // The anonymous `/` painted from sign-in.html: React replaces that markup with its own, the
  // same, in its first commit. Rendered once the router has the page's code, so that commit is
  // the page and not the loading fallback; the sign-in form carries over what was typed meanwhile
  // (features/auth/prerendered-sign-in.ts).
  const stop = router.subscribe(({ initialized }) => {
    if (initialized) {
      stop();
      render();
    }
  });
} else {
  render();
}
