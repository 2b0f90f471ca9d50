import type {
  OfficeClientRecordDocument,
  OfficeRecordStage,
  OfficeStylistRecordDocument,
} from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { sessionStore } from '../../lib/session-store.ts';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeJwtExpiringIn } from '../../test/jwt.ts';
import { renderApp } from '../../test/render-app.tsx';
import { officeMeDocument } from './office-test-data.ts';

afterEach(() => {
  sessionStore.end();
});

function signInAsStaff() {
  sessionStore.startSession(makeJwtExpiringIn(900_000));
  sessionStore.markOfficeVerified();
}

const STAGES: OfficeRecordStage[] = [
  {
    stage: 'to_authenticate',
    count: 12,
    items: [
      {
        quoteId: 101,
        name: 'Birkin 30',
        designer: 'Hermès',
        status: 'authentication_in_progress',
        enteredAt: '2026-11-20T10:00:00.000Z',
        businessHours: 30,
        sla: 'breached',
      },
    ],
  },
  {
    stage: null,
    count: 1,
    items: [
      {
        quoteId: 102,
        name: 'Not a Chanel',
        designer: 'Chanel',
        status: 'fake',
        enteredAt: '2026-11-21T10:00:00.000Z',
        businessHours: 2,
        sla: null,
      },
    ],
  },
];

function clientRecord(
  overrides: Partial<OfficeClientRecordDocument['data']> = {},
): OfficeClientRecordDocument {
  return {
    data: {
      client: {
        id: 7,
        name: 'Ann Lee',
        email: 'ann@example.com',
        phone: '(212) 555-0100',
        address: '1 Main St',
        city: 'New York',
        state: 'NY',
        postalCode: '10001',
        erasedAt: null,
        createdAt: '2026-01-05T10:00:00.000Z',
      },
      stylist: { id: 3, name: 'Camille Laurent', email: 'camille@atelier.test' },
      stages: STAGES,
      links: {
        live: 2,
        total: 3,
        latest: [
          {
            id: 1,
            purpose: 'hub',
            state: 'live',
            createdAt: '2026-11-20T10:00:00.000Z',
            expiresAt: '2026-12-20T10:00:00.000Z',
            revokedAt: null,
          },
          {
            id: 2,
            purpose: 'client-response',
            state: 'live',
            createdAt: '2026-11-19T10:00:00.000Z',
            expiresAt: '2026-12-19T10:00:00.000Z',
            revokedAt: null,
          },
          {
            id: 3,
            purpose: 'quote-share',
            state: 'expired',
            createdAt: '2026-09-01T10:00:00.000Z',
            expiresAt: '2026-10-01T10:00:00.000Z',
            revokedAt: null,
          },
        ],
      },
      commissions: {
        pending: { count: 1, totalCents: 120_00 },
        paid: { count: 1, totalCents: 80_50 },
        latest: [
          {
            id: 9,
            quoteId: 103,
            productName: 'Hermès Kelly 28',
            brand: 'Hermès',
            amountCents: 120_00,
            createdAt: '2026-11-01T10:00:00.000Z',
            paidAt: null,
          },
        ],
      },
      ...overrides,
    },
  };
}

function stylistRecord(
  overrides: Partial<OfficeStylistRecordDocument['data']> = {},
): OfficeStylistRecordDocument {
  return {
    data: {
      stylist: {
        id: 3,
        name: 'Camille Laurent',
        email: 'camille@atelier.test',
        address: '5 Rue Street, New York, NY 10001',
        payoutMethod: 'paypal',
        paypalAddress: 'camille@paypal.test',
        createdAt: '2025-06-01T10:00:00.000Z',
      },
      clients: {
        total: 60,
        list: [
          { id: 7, name: 'Ann Lee', email: 'ann@example.com' },
          { id: 8, name: 'Bea Moss', email: 'bea@example.com' },
        ],
      },
      stages: STAGES,
      commissions: {
        pending: { count: 0, totalCents: 0 },
        paid: { count: 1, totalCents: 55_00 },
        latest: [
          {
            id: 10,
            quoteId: null,
            productName: 'Celine Box',
            brand: 'Celine',
            amountCents: 55_00,
            createdAt: '2026-10-01T10:00:00.000Z',
            paidAt: '2026-10-10T10:00:00.000Z',
            client: { id: 8, name: 'Bea Moss' },
          },
        ],
      },
      ...overrides,
    },
  };
}

const CLIENT = '/api/office/clients/7';

describe("a client's record", { timeout: 20_000 }, () => {
  test('shows contact, stylist, items by stage, links and commissions, each linking on', async () => {
    mockFetch({
      'GET /api/office/me': () => jsonResponse(200, officeMeDocument()),
      [`GET ${CLIENT}`]: () => jsonResponse(200, clientRecord()),
    });
    signInAsStaff();
    renderApp('/office/clients/7');
    await screen.findByRole('heading', { level: 1, name: 'Ann Lee' });

    const contact = screen.getByRole('region', { name: 'Contact' });
    expect(within(contact).getByRole('link', { name: 'ann@example.com' })).toHaveAttribute(
      'href',
      'mailto:ann@example.com',
    );
    expect(within(contact).getByText(/New York, NY 10001/)).toBeInTheDocument();
    expect(within(contact).getByRole('link', { name: 'Camille Laurent' })).toHaveAttribute(
      'href',
      '/office/stylists/3',
    );

    const stages = screen.getByRole('region', { name: 'Items by stage' });
    expect(
      within(stages)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['To authenticate · 12', 'Done · 1']);
    expect(within(stages).getByRole('link', { name: '#101 Hermès Birkin 30' })).toHaveAttribute(
      'href',
      '/office/items/101',
    );
    expect(within(stages).getByText('Breached')).toBeInTheDocument();
    expect(within(stages).getByText('The 1 longest waiting of 12.')).toBeInTheDocument();

    const links = screen.getByRole('region', { name: 'Links' });
    expect(within(links).getByText('2 live links open pages of this client’s.')).toBeVisible();
    expect(within(links).getAllByText('Live')).toHaveLength(2);
    expect(within(links).getByText('Expired')).toBeInTheDocument();

    const commissions = screen.getByRole('region', { name: 'Commissions' });
    expect(within(commissions).getByText('$120.00', { selector: 'dd' })).toBeInTheDocument();
    expect(within(commissions).getByText('$80.50')).toBeInTheDocument();
    expect(within(commissions).getByRole('link', { name: 'Hermès Kelly 28' })).toHaveAttribute(
      'href',
      '/office/items/103',
    );
  });

  test('"Revoke links" asks first, then ends them and shows the new state', async () => {
    let revoked = false;
    const { requests } = mockFetch({
      'GET /api/office/me': () => jsonResponse(200, officeMeDocument()),
      [`GET ${CLIENT}`]: () =>
        jsonResponse(
          200,
          revoked
            ? clientRecord({
                links: {
                  live: 0,
                  total: 1,
                  latest: [
                    {
                      id: 1,
                      purpose: 'hub',
                      state: 'revoked',
                      createdAt: '2026-11-20T10:00:00.000Z',
                      expiresAt: '2026-12-20T10:00:00.000Z',
                      revokedAt: '2026-11-27T10:00:00.000Z',
                    },
                  ],
                },
              })
            : clientRecord(),
        ),
      [`POST ${CLIENT}/links/revoke`]: () => {
        revoked = true;
        return jsonResponse(200, { data: { clientId: 7, revoked: 2 } });
      },
    });
    signInAsStaff();
    const { user } = renderApp('/office/clients/7');
    const links = await screen.findByRole('region', { name: 'Links' });
    await user.click(within(links).getByRole('button', { name: 'Revoke links' }));
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    await user.click(within(links).getByRole('button', { name: 'Revoke all 2' }));

    expect(await screen.findByText('2 live links were ended.')).toBeInTheDocument();
    expect(
      await within(links).findByText('No live link: nothing the client was sent opens a page now.'),
    ).toBeInTheDocument();
    expect(within(links).getByText('Revoked')).toBeInTheDocument();
    expect(within(links).getByRole('button', { name: 'Revoke links' })).toBeDisabled();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  test('staff without the right see why there is no "Revoke links"', async () => {
    mockFetch({
      'GET /api/office/me': () =>
        jsonResponse(200, officeMeDocument({ role: 'pricer', rights: ['price'] })),
      [`GET ${CLIENT}`]: () => jsonResponse(200, clientRecord()),
    });
    signInAsStaff();
    renderApp('/office/clients/7');
    const links = await screen.findByRole('region', { name: 'Links' });
    expect(within(links).queryByRole('button', { name: 'Revoke links' })).toBeNull();
    expect(within(links).getByText('Only operations may revoke a client’s links.')).toBeVisible();
  });

  test('an unknown client says so; a failed load offers Retry; a bad id asks nothing', async () => {
    let failures = 0;
    mockFetch({
      'GET /api/office/me': () => jsonResponse(200, officeMeDocument()),
      'GET /api/office/clients/404': () =>
        jsonResponse(404, { message: 'Client not found', code: 'NOT_FOUND' }),
      'GET /api/office/clients/500': () => {
        failures += 1;
        return jsonResponse(500, { message: 'Something broke', code: 'INTERNAL' });
      },
    });
    signInAsStaff();
    const missing = renderApp('/office/clients/404');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No such client' }),
    ).toBeInTheDocument();
    missing.unmount();

    const bad = renderApp('/office/clients/abc');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No such client' }),
    ).toBeInTheDocument();
    bad.unmount();

    renderApp('/office/clients/500');
    expect(
      await screen.findByText("This client's record could not be loaded", {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(failures).toBeGreaterThan(0);
  });
});

describe("a stylist's record", { timeout: 20_000 }, () => {
  test('lists the clients (capped, with the count), items and commissions paid and pending', async () => {
    mockFetch({
      'GET /api/office/me': () => jsonResponse(200, officeMeDocument()),
      'GET /api/office/stylists/3': () => jsonResponse(200, stylistRecord()),
    });
    signInAsStaff();
    renderApp('/office/stylists/3');
    await screen.findByRole('heading', { level: 1, name: 'Camille Laurent' });
    expect(screen.getByText('By PayPal (camille@paypal.test)')).toBeInTheDocument();

    const clients = screen.getByRole('region', { name: 'Clients · 60' });
    expect(within(clients).getByRole('link', { name: 'Bea Moss' })).toHaveAttribute(
      'href',
      '/office/clients/8',
    );
    expect(within(clients).getByText('The first 2 of 60, by last name.')).toBeInTheDocument();
    expect(within(clients).queryByRole('button', { name: /^Show/ })).toBeNull();

    const commissions = screen.getByRole('region', { name: 'Commissions' });
    expect(within(commissions).getByText('Paid · 1')).toBeInTheDocument();
    expect(within(commissions).getByText('Pending · 0')).toBeInTheDocument();
    expect(within(commissions).getByRole('link', { name: 'Bea Moss' })).toHaveAttribute(
      'href',
      '/office/clients/8',
    );
    expect(
      within(screen.getByRole('region', { name: 'Items by stage' })).getByRole('link', {
        name: '#101 Hermès Birkin 30',
      }),
    ).toHaveAttribute('href', '/office/items/101');
  });

  test('a long client list shows ten, and the rest on asking', async () => {
    const list = Array.from({ length: 14 }, (_, index) => ({
      id: 100 + index,
      name: `Client ${String(index + 1).padStart(2, '0')}`,
      email: `c${index}@example.com`,
    }));
    mockFetch({
      'GET /api/office/me': () => jsonResponse(200, officeMeDocument()),
      'GET /api/office/stylists/3': () =>
        jsonResponse(200, stylistRecord({ clients: { total: 14, list } })),
    });
    signInAsStaff();
    const { user } = renderApp('/office/stylists/3');
    const clients = await screen.findByRole('region', { name: 'Clients · 14' });
    expect(within(clients).getAllByRole('listitem')).toHaveLength(10);
    await user.click(within(clients).getByRole('button', { name: 'Show 4 more' }));
    expect(within(clients).getAllByRole('listitem')).toHaveLength(14);
    expect(within(clients).getByRole('link', { name: 'Client 14' })).toBeInTheDocument();
  });

  test('a new stylist shows the empty states', async () => {
    mockFetch({
      'GET /api/office/me': () => jsonResponse(200, officeMeDocument()),
      'GET /api/office/stylists/4': () =>
        jsonResponse(
          200,
          stylistRecord({
            stylist: { ...stylistRecord().data.stylist, id: 4, address: null },
            clients: { total: 0, list: [] },
            stages: [],
            commissions: {
              pending: { count: 0, totalCents: 0 },
              paid: { count: 0, totalCents: 0 },
              latest: [],
            },
          }),
        ),
    });
    signInAsStaff();
    renderApp('/office/stylists/4');
    expect(await screen.findByText('No clients yet.')).toBeInTheDocument();
    expect(screen.getByText('No items yet.')).toBeInTheDocument();
    expect(screen.getByText('No commissions yet.')).toBeInTheDocument();
    expect(screen.getByText('None given')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Atelier | Stylist record'));
  });
});
