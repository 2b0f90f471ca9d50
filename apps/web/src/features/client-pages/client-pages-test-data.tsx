import type {
  ClientPageMeta,
  ClientQuote,
  CuratedDocument,
  CuratedQuote,
  HubDocument,
  HubItem,
  OfferApprovalDocument,
  QuoteShareDocument,
} from '@atelier/contract';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../app/providers.tsx';

/** A link token as the server makes them: 43 base64url characters. */
export const CLIENT_TOKEN = 'Q2xpZW50LVBhZ2UtTGluay1Ub2tlbi0wMDAwMDAwMDA';

export function clientPageMeta(): ClientPageMeta {
  return {
    client: { firstName: 'Ann', lastName: 'Lee', paymentMethod: 'check' },
    stylist: { firstName: 'Coco', name: 'Coco Laurent', initials: 'CL', thumbnailUrl: null },
    expiresAt: '2026-12-31T00:00:00.000Z',
  };
}

export function curatedQuote(overrides: Partial<CuratedQuote> = {}): CuratedQuote {
  return {
    id: 101,
    name: 'Classic Flap Bag',
    brand: 'Chanel',
    imageUrl: 'https://img.example.com/101.jpg',
    thumbnailUrl: 'https://img.example.com/101-thumb.jpg',
    answer: null,
    buyoutQuote: 1234.5,
    ...overrides,
  };
}

export function curatedDocument(
  data: CuratedQuote[],
  answered: CuratedQuote[] = [],
): CuratedDocument {
  return { data, meta: { ...clientPageMeta(), answered } };
}

export function clientQuote(overrides: Partial<ClientQuote> = {}): ClientQuote {
  return {
    id: 201,
    name: 'Birkin 30',
    brand: 'Hermès',
    category: 'Handbags',
    imageUrl: 'https://img.example.com/201.jpg',
    thumbnailUrl: null,
    createdAt: '2026-03-04T15:00:00.000Z',
    status: 'pending_authentication',
    pickupType: null,
    offers: { consignment: null, buyout: null },
    acceptedOfferType: null,
    commentToCustomer: null,
    trackingNumber: null,
    answer: null,
    ...overrides,
  };
}

export function quoteShareDocument(data: ClientQuote[]): QuoteShareDocument {
  return { data, meta: clientPageMeta() };
}

export function offerApprovalDocument(
  data: ClientQuote[],
  answered: ClientQuote[] = [],
): OfferApprovalDocument {
  return { data, meta: { ...clientPageMeta(), answered } };
}

export function hubItem(overrides: Partial<HubItem> = {}): HubItem {
  return {
    ...clientQuote(),
    group: 'in_review',
    offersExpireAt: null,
    offersExpired: false,
    canAnswer: false,
    timeline: { steps: [], next: null },
    ...overrides,
  };
}

export function hubDocument(
  data: HubItem[],
  pages: HubDocument['meta']['pages'] = { curated: false, quoteShare: true, offerApproval: true },
): HubDocument {
  const meta = clientPageMeta();
  return {
    data,
    meta: { ...meta, stylist: { ...meta.stylist, email: 'coco@atelier.test' }, pages },
  };
}

/** Renders `Page` at `path` under a route that declares `pattern`, with fresh providers. */
export function renderClientPage(Page: ComponentType, pattern: string, path: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: pattern, element: <Page /> }], {
    initialEntries: [path],
  });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={queryClient} mantineEnv="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { user, queryClient };
}
