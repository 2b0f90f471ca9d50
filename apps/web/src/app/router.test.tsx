import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderApp } from '../test/render-app.tsx';

describe('router', () => {
  test('opens the client response page without sign-in, as coming soon for now', async () => {
    renderApp('/curated/Tk9uLUd1ZXNzYWJsZS1NYW5pZmVzdC1Ub2tlbi0wMDA');
    const panel = await screen.findByRole('region', { name: 'Curated For' });
    expect(within(panel).getByText('This screen is coming soon.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Atelier | Curated For'));
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
