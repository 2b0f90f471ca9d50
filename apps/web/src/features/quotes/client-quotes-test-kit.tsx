import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { routes } from '../../app/routes.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { ClientQuotesPage } from './client-quotes-page.tsx';
import {
  quoteResource,
  withStatus,
  type AnyStatusQuoteResource,
  type QuoteOverrides,
} from './quotes-test-data.ts';

/** The client quotes page's tests: rendering it at a width, its quotes and how to find its parts. */

// Full-page renders are slow on a busy machine; the default 5 s is too tight for them.
export const UI_TEST_TIMEOUT_MS = 30_000;
export const QUOTES_PATH = 'GET /api/stylist/clients/7/quotes';
export const DESKTOP_WIDTH = 1280;
export const PHONE_WIDTH = 375;

/** jsdom has no layout: the width drives innerWidth and the width media queries Mantine reads. */
export function setViewportWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const max = /max-width:\s*([\d.]+)(em|px)/.exec(query);
    const min = /min-width:\s*([\d.]+)(em|px)/.exec(query);
    const toPx = (match: RegExpExecArray) => Number(match[1]) * (match[2] === 'em' ? 16 : 1);
    const matches =
      (max !== null || min !== null) &&
      (max === null || width <= toPx(max)) &&
      (min === null || width >= toPx(min));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    };
  });
}

export type Handlers = Parameters<typeof mockFetch>[0];

export function renderClientQuotesPage(
  handlers: Handlers,
  { path = '/quotes/pickup/7', width = DESKTOP_WIDTH } = {},
) {
  setViewportWidth(width);
  const fetchMock = mockFetch(handlers);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [{ path: routes.clientQuotes.path, element: <ClientQuotesPage /> }],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={queryClient} mantineEnv="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...fetchMock, user, router, queryClient };
}

/** Renders the page and waits for Ann's quotes. */
export async function showQuotes(handlers: Handlers, options?: { path?: string; width?: number }) {
  const rendered = renderClientQuotesPage(handlers, options);
  await screen.findByRole('heading', { name: "Ann's Quotes" });
  return rendered;
}

const SHIPMENT = {
  id: 1,
  kind: 'label' as const,
  labelUrl: null,
  trackingNumber: '1Z999',
  shiplistPDFLink: null,
  receiptUrl: null,
  shippedDate: '2026-05-10T10:00:00.000Z',
};

/** A sane quote of any status: the statuses §5 checks get the offers or shipment they need. */
export function quote(
  id: number,
  status: string | null,
  overrides: QuoteOverrides['attributes'] = {},
): AnyStatusQuoteResource {
  const needs =
    status === 'offer_pending'
      ? { offers: { consignmentEstimate: 500 } }
      : status === 'in_transit'
        ? { shipment: SHIPMENT }
        : {};
  return withStatus(
    quoteResource({ id, attributes: { name: `Item ${id}`, ...needs, ...overrides } }),
    status,
  );
}

export function checkboxFor(id: number): HTMLElement {
  return screen.getByRole('checkbox', { name: new RegExp(`^#${id} `) });
}

export function selectionBar(): HTMLElement {
  return screen.getByRole('region', { name: 'Selection' });
}

export function barButtons(): string[] {
  return within(selectionBar())
    .getAllByRole('button')
    .map((button) => button.textContent ?? '');
}
