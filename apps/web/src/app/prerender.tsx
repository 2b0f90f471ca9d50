/**
 * Build-time only (the `atelier-route-preload` plugin in apps/web/vite.config.ts runs it in
 * Node): the anonymous `/` as the app first renders it, the top bar and the sign-in card, for
 * `sign-in.html` (prerendered-shell.ts). Not part of the app bundle.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { SignInPage } from '../features/auth/sign-in-page.tsx';
import { SESSION_STORAGE_KEY } from '../lib/session-store.ts';
import { DarkLayout } from './layouts/dark-layout.tsx';
import { documentTitle, routes } from './routes.ts';
import { cssVariablesResolver, theme } from './theme.ts';

export const signInTitle = documentTitle(routes.home);
export const sessionKey = SESSION_STORAGE_KEY;

/** The markup of `#root` on the anonymous `/`, with Mantine's theme variables. */
export function renderSignInShell(): string {
  return renderToString(
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="dark"
    >
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[routes.home.path]}>
          <DarkLayout isLoggedIn={false}>
            <SignInPage />
          </DarkLayout>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
