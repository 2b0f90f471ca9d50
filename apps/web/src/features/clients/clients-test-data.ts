import type {
  ClientAttributes,
  ClientDocument,
  ClientLinks,
  ClientListDocument,
  ClientPendingItems,
  ClientResource,
  Pagination,
} from '@atelier/contract';
import { sessionStore } from '../../lib/session-store.ts';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { accountDocument } from '../../test/fixtures.ts';
import { makeJwtExpiringIn } from '../../test/jwt.ts';
import { renderApp } from '../../test/render-app.tsx';

interface ClientOverrides {
  attributes?: Partial<Omit<ClientAttributes, 'commissions' | 'pendingItems'>>;
  commissions?: Partial<ClientAttributes['commissions'][0]>;
  pendingItems?: Partial<ClientPendingItems>;
  links?: Partial<ClientLinks>;
}

export function clientResource(
  id: number,
  firstName: string,
  lastName: string,
  overrides: ClientOverrides = {},
): ClientResource {
  return {
    id,
    type: 'clients',
    attributes: {
      firstName,
      lastName,
      name: `${firstName} ${lastName}`,
      initials: `${firstName[0]}${lastName[0]}`,
      email: `${firstName.toLowerCase()}@example.com`,
      phone: '(212) 555-0101',
      address: '1 Mercer St',
      city: 'New York',
      state: 'NY',
      postalCode: '10012',
      thumbnailUrl: null,
      comment: '',
      shopifyCustomerId: null,
      paymentMethod: null,
      userId: `user-${id}`,
      createdAt: '2026-03-01T10:00:00.000Z',
      ...overrides.attributes,
      commissions: [{ number: 0, total: 0, ...overrides.commissions }],
      pendingItems: [
        {
          open: 0,
          accepted: 0,
          total: 0,
          itemsSold: 0,
          pendingReviewTotal: 0,
          pendingShipmentTotal: 0,
          ...overrides.pendingItems,
        },
      ],
    },
    links: {
      admin: `https://admin.example.com/suppliers/${id}`,
      shopAccount: `https://shop.example.com/account/${id}`,
      shopQuotes: `https://shop.example.com/account/${id}/quotes`,
      shopShipList: `https://shop.example.com/account/${id}/ship-list`,
      ...overrides.links,
    },
  };
}

export function clientDocument(client: ClientResource): ClientDocument {
  return { data: client };
}

export function clientListDocument(
  clients: ClientResource[],
  pagination: Partial<Pagination> = {},
): ClientListDocument {
  return {
    data: clients,
    meta: {
      pagination: {
        current_page: 1,
        total_pages: clients.length > 0 ? 1 : 0,
        per_page: 30,
        total: clients.length,
        ...pagination,
      },
    },
  };
}

export const ANN = clientResource(7, 'Ann', 'Lee', {
  attributes: { comment: 'Loves Chanel jackets.' },
});

type Handlers = Parameters<typeof mockFetch>[0];

/** A signed-in stylist on `path`, with the account and texts answered and `handlers` for the rest. */
export function renderSignedIn(path: string, handlers: Handlers) {
  const fetchMock = mockFetch({
    'GET /api/account?include=stylist': () => jsonResponse(200, accountDocument()),
    'GET /api/i18n': () =>
      jsonResponse(200, {
        en: { 'stylist.client.commentPlaceholder': 'What is she hunting for?' },
      }),
    ...handlers,
  });
  sessionStore.startSession(makeJwtExpiringIn(900_000));
  sessionStore.markStylistVerified();
  return { ...renderApp(path), ...fetchMock };
}

export function listAnswer(clients: ClientResource[], pagination: Partial<Pagination> = {}) {
  return () => jsonResponse(200, clientListDocument(clients, pagination));
}
