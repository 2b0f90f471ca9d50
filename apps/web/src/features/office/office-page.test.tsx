import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { sessionStore } from '../../lib/session-store.ts';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { accountDocument } from '../../test/fixtures.ts';
import { makeJwtExpiringIn } from '../../test/jwt.ts';
import { renderApp } from '../../test/render-app.tsx';
import { officeMeDocument, queueDocument, queueRow } from './office-test-data.ts';

afterEach(() => {
  sessionStore.end();
});

function signInAsStaff() {
  sessionStore.startSession(makeJwtExpiringIn(900_000));
  sessionStore.markOfficeVerified();
}

const me = () => jsonResponse(200, officeMeDocument());

// Each test renders the whole app through its lazy routes: a busy machine takes several seconds.
describe('the back office', { timeout: 20_000 }, () => {
  test('a staff member signs in on the sign-in screen and lands on /office', async () => {
    mockFetch({
      'POST /api/auth/sign-in/email': () => jsonResponse(200, {}),
      'GET /api/auth/token': () => jsonResponse(200, { token: makeJwtExpiringIn(900_000) }),
      'GET /api/account?include=stylist': () =>
        jsonResponse(200, accountDocument({ isStylist: false, officeRole: 'operations' })),
      'GET /api/office/me': me,
      'GET /api/office/queues/to_authenticate?page=1': () =>
        jsonResponse(200, queueDocument('to_authenticate', [queueRow()], { to_price: 3 })),
    });
    const { user, router } = renderApp('/');
    await user.type(await screen.findByLabelText('Email'), 'office@atelier.test');
    await user.type(screen.getByLabelText('Password'), 'atelier-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Queues' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/office');
    expect(sessionStore.getSnapshot().status).toBe('office');
    expect(await screen.findByRole('tab', { name: 'To price 3' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'To authenticate 1', selected: true })).toBeVisible();
    expect(await screen.findByText('Odile Park')).toBeInTheDocument();
    expect(screen.getByText('Operations')).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Sign out' })) {
      expect(link).toHaveAttribute('href', '/logout');
    }
    // No stylist chrome: no action bar.
    expect(screen.queryByRole('navigation', { name: 'Actions' })).not.toBeInTheDocument();
  });

  test('a staff session opening a stylist page is sent to /office', async () => {
    mockFetch({
      'GET /api/office/me': me,
      'GET /api/office/queues/to_authenticate?page=1': () =>
        jsonResponse(200, queueDocument('to_authenticate', [])),
    });
    signInAsStaff();
    const { router } = renderApp('/clients');
    expect(await screen.findByText('Nothing is waiting in To authenticate.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/office');
  });

  test('the "Second opinion" tab counts the waiting decisions and lists each with what it says', async () => {
    const waiting = queueRow({
      quoteId: 44,
      name: 'Birkin 25 Togo',
      secondOpinion: {
        summary: 'Offers: consignment $6,500.00, buyout $5,200.00',
        author: { userId: 'pricer-1', name: 'Theo Marchetti' },
        createdAt: '2026-11-27T12:00:00.000Z',
      },
    });
    mockFetch({
      'GET /api/office/me': me,
      'GET /api/office/queues/second_opinion?page=1': () =>
        jsonResponse(200, queueDocument('second_opinion', [waiting])),
    });
    signInAsStaff();
    renderApp('/office?stage=second_opinion');
    expect(
      await screen.findByRole('tab', { name: 'Second opinion 1', selected: true }),
    ).toBeVisible();
    expect(
      await screen.findByText(
        'Offers: consignment $6,500.00, buyout $5,200.00 (by Theo Marchetti)',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/#44 · waiting for a second opinion/)).toBeInTheDocument();
    // Given from the workspace, not taken from the list.
    expect(screen.queryByRole('button', { name: 'Assign to me, #44' })).not.toBeInTheDocument();
  });

  test('Sold: operations picks sales, sees their total and pays them; the queue is read again', async () => {
    const sale = (quoteId: number, id: number, amountCents: number, paypal: boolean) =>
      queueRow({
        quoteId,
        status: 'sold',
        commission: {
          id,
          amountCents,
          payoutMethod: paypal ? 'paypal' : 'check',
          paypalAddress: paypal ? 'camille@example.com' : null,
        },
      });
    let reads = 0;
    const { requests } = mockFetch({
      'GET /api/office/me': me,
      'GET /api/office/queues/sold?page=1': () => {
        reads += 1;
        return jsonResponse(
          200,
          queueDocument(
            'sold',
            reads === 1 ? [sale(61, 7, 120_00, false), sale(62, 8, 80_50, true)] : [],
          ),
        );
      },
      'POST /api/admin/commissions/mark-paid': () =>
        jsonResponse(200, { paid: [7, 8], alreadyPaid: [] }),
    });
    signInAsStaff();
    const { user } = renderApp('/office?stage=sold');
    expect(await screen.findByText('$120.00 · check')).toBeInTheDocument();
    expect(screen.getByText('$80.50 · PayPal to camille@example.com')).toBeInTheDocument();
    const pay = screen.getByRole('button', { name: 'Mark paid' });
    expect(pay).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Pay the commission of #61' }));
    expect(screen.getByText('1 selected · $120.00')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select every sale on this page' }));
    expect(screen.getByText('2 selected · $200.50')).toBeInTheDocument();
    await user.click(pay);
    expect(
      await screen.findByText(/2 commissions paid\. The stylists are told\./),
    ).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ commissionIds: [7, 8] });
    expect(await screen.findByText('Nothing is waiting in Sold.')).toBeInTheDocument();
    // Focus is not lost with the disabled button: it is on the list the sales were paid from.
    expect(screen.getByRole('region', { name: 'Sold items' })).toHaveFocus();
  });

  test('Sold: a staff member without the right to pay sees the sales but no checkboxes', async () => {
    mockFetch({
      'GET /api/office/me': () =>
        jsonResponse(200, officeMeDocument({ role: 'pricer', rights: ['price'] })),
      'GET /api/office/queues/sold?page=1': () =>
        jsonResponse(
          200,
          queueDocument('sold', [
            queueRow({
              quoteId: 61,
              status: 'sold',
              commission: {
                id: 7,
                amountCents: 120_00,
                payoutMethod: 'check',
                paypalAddress: null,
              },
            }),
          ]),
        ),
    });
    signInAsStaff();
    renderApp('/office?stage=sold');
    expect(await screen.findByText('$120.00 · check')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark paid' })).not.toBeInTheDocument();
  });

  test('the stage, page and filters come from the URL and go to the server', async () => {
    const { requests } = mockFetch({
      'GET /api/office/me': me,
      'GET /api/office/queues/offers_out?page=1&mine=true&designerId=11': () =>
        jsonResponse(200, queueDocument('offers_out', [])),
    });
    signInAsStaff();
    const { user, router } = renderApp('/office?stage=offers_out&mine=true&designerId=11');
    expect(
      await screen.findByText('Nothing in Offers out matches these filters.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Mine' })).toBeChecked();
    expect(requests.some((r) => r.path.startsWith('/api/office/queues/offers_out'))).toBe(true);

    mockFetch({
      'GET /api/office/me': me,
      'GET /api/office/queues/offers_out?page=1': () =>
        jsonResponse(
          200,
          queueDocument('offers_out', [
            queueRow({ offersExpireAt: '2026-12-05T12:00:00.000Z', status: 'offer_pending' }),
          ]),
        ),
    });
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(await screen.findByRole('columnheader', { name: 'Offers expire' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?stage=offers_out');
    const row = screen.getByRole('row', { name: /So Kate/ });
    expect(within(row).getByText('2 d 3 h')).toBeInTheDocument();
    expect(within(row).getByText('At risk')).toBeInTheDocument();
  });

  test('a refused claim shows who holds the item and reads the queue again', async () => {
    let held = false;
    mockFetch({
      'GET /api/office/me': me,
      'GET /api/office/queues/to_authenticate?page=1': () =>
        jsonResponse(
          200,
          queueDocument('to_authenticate', [
            queueRow({
              holder: held
                ? { userId: 'staff-2', name: 'Ada Brooks', claimedAt: '2026-11-28T08:00:00.000Z' }
                : null,
            }),
          ]),
        ),
      'POST /api/office/items/31/claim': () => {
        held = true;
        return jsonResponse(409, { message: 'Ada Brooks holds this item.', code: 'CONFLICT' });
      },
    });
    signInAsStaff();
    const { user } = renderApp('/office');
    await user.click(await screen.findByRole('button', { name: 'Assign to me, #31' }));

    expect(await screen.findByText('Ada Brooks holds this item.')).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Ada Brooks/ });
    expect(within(row).queryByRole('button', { name: /Assign to me/ })).not.toBeInTheDocument();
  });

  test('"Assign to me" is disabled in a queue the staff member has no right to work', async () => {
    mockFetch({
      'GET /api/office/me': () =>
        jsonResponse(200, officeMeDocument({ role: 'authenticator', rights: ['authenticate'] })),
      'GET /api/office/queues/to_price?page=1': () =>
        jsonResponse(
          200,
          queueDocument('to_price', [queueRow({ status: 'authenticated_no_offer' })]),
        ),
    });
    signInAsStaff();
    renderApp('/office?stage=to_price');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Assign to me, #31' })).toBeDisabled(),
    );
    expect(screen.getByText(/taken by staff with the right to price/)).toBeInTheDocument();
  });

  test('a queue that fails to load says so and offers Retry', async () => {
    let isDown = true;
    mockFetch({
      'GET /api/office/me': me,
      'GET /api/office/queues/to_authenticate?page=1': () =>
        isDown
          ? jsonResponse(503, { message: 'The database is not answering.', code: 'UNAVAILABLE' })
          : jsonResponse(200, queueDocument('to_authenticate', [queueRow()])),
    });
    signInAsStaff();
    const { user } = renderApp('/office');
    expect(await screen.findByText('To authenticate could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('The database is not answering.')).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('row', { name: /So Kate/ })).toBeInTheDocument();
  });

  test('the arrow keys move between the queues, and the URL follows', async () => {
    mockFetch({
      'GET /api/office/me': me,
      'GET /api/office/queues/to_authenticate?page=1': () =>
        jsonResponse(200, queueDocument('to_authenticate', [])),
      'GET /api/office/queues/needs_info?page=1': () =>
        jsonResponse(200, queueDocument('needs_info', [])),
    });
    signInAsStaff();
    const { user, router } = renderApp('/office');
    await user.click(await screen.findByRole('tab', { name: /^To authenticate/ }));
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByText('Nothing is waiting in Needs more info.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?stage=needs_info');
    expect(screen.getByRole('tab', { name: /^Needs more info/ })).toHaveFocus();
  });
});
