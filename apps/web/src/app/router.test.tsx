import { CLIENT_PAGE_TEXT } from '@atelier/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { mockFetch } from '../test/fetch-mock.ts';
import { renderApp } from '../test/render-app.tsx';

describe('router', () => {
  test('opens the client response page without sign-in', async () => {
    const { requests } = mockFetch({});
    renderApp('/curated/not-a-link-token');
    expect(await screen.findByText(CLIENT_PAGE_TEXT.linkNotValid)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Atelier | Curated For'));
    // A token that cannot be one is refused before any call.
    expect(requests).toEqual([]);
  });

  test('opens the manifest print page without sign-in', async () => {
    renderApp('/quotes/not-a-link/print');
    expect(await screen.findByText('This manifest link is not valid.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Atelier | Print Manifest'));
  });

  test('sends a visitor without a session from the manifest and label pages home', async () => {
    const { router } = renderApp('/quotes/manifest/12');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
