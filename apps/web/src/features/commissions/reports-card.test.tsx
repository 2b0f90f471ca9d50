import { commissionsApi, endpointUrl, type Dashboard } from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { accountDocument } from '../../test/fixtures.ts';
import { makeJwtExpiringIn } from '../../test/jwt.ts';
import { browserTimeZone } from '../../lib/format.ts';
import { renderApp } from '../../test/render-app.tsx';
import { sessionStore } from '../../lib/session-store.ts';
import { formatAxisDollars } from './commission-chart.tsx';
import { fileNameFrom } from './commissions-export.ts';
import {
  nextPageSize,
  sumByClient,
  toRangeQuery,
  type CommissionRange,
} from './commissions-queries.ts';
import { commission, commissionPage, timeline } from './commissions-test-data.ts';
import { rangeLabel } from './reports-card.tsx';

const PATH = '/api/stylist/commissions';
// The viewer's zone goes with every list and export request (here, the test machine's).
const ZONE = new URLSearchParams({ timeZone: browserTimeZone() }).toString();
const LIST = `GET ${PATH}?${ZONE}`;
const NEXT_HOST = 'https://account.atelier.example';

const dashboard: Dashboard = {
  commissions: [{ total: 0, pending: 0 }],
  pendingItems: [{ pendingReviewTotal: 0, pendingShipmentTotal: 0 }],
  taskCount: 0,
  clientCount: 1,
};

function renderReports(handlers: Parameters<typeof mockFetch>[0]) {
  const fetchMock = mockFetch({
    'GET /api/account?include=stylist': () => jsonResponse(200, accountDocument()),
    'GET /api/i18n': () => jsonResponse(200, { en: {} }),
    'GET /api/stylist/dashboard': () => jsonResponse(200, dashboard),
    ...handlers,
  });
  sessionStore.startSession(makeJwtExpiringIn(900_000));
  sessionStore.markStylistVerified();
  const view = renderApp('/dashboard');
  return { ...view, ...fetchMock };
}

async function findCard() {
  return screen.findByRole('region', { name: 'REPORTS' });
}

function totalValue(card: HTMLElement, label: string): HTMLElement {
  const term = within(card).getByText(label);
  expect(term.tagName).toBe('DT');
  return term.nextElementSibling as HTMLElement;
}

function listRequests(requests: { path: string }[]) {
  return requests.filter((request) => request.path.startsWith('/api/stylist/commissions'));
}

const allTime = commissionPage([commission(1, { amount: 12.5 })], {
  meta: { paid: 1234.5, unpaid: 12.5 },
});

afterEach(() => {
  sessionStore.end();
});

describe('reports card', () => {
  test('shows All Time with the totals in dollars and the products count', async () => {
    renderReports({ [LIST]: () => jsonResponse(200, allTime) });
    const card = await findCard();

    expect(card).toHaveAttribute('id', 'commissions');
    expect(within(card).getByText('All Time')).toBeVisible();
    await waitFor(() => expect(totalValue(card, 'Paid')).toHaveTextContent('$1,234.50'));
    expect(totalValue(card, 'Pending')).toHaveTextContent('$12.50');
    expect(totalValue(card, 'Products Sold & Purchased')).toHaveTextContent('1');
    expect(within(card).queryByRole('button', { name: 'Clear range' })).toBeNull();
  });

  test('choosing a range sends its days, changes the totals, and clearing goes back', async () => {
    const month = dayjs().startOf('month');
    const start = month.format('YYYY-MM-DD');
    const end = month.date(15).format('YYYY-MM-DD');
    const ranged = `GET ${PATH}?startDate=${start}&endDate=${end}&${ZONE}`;
    const since = `GET ${PATH}?startDate=${start}&${ZONE}`;
    const { user, requests } = renderReports({
      [LIST]: () => jsonResponse(200, allTime),
      [since]: () => jsonResponse(200, allTime),
      [ranged]: () =>
        jsonResponse(200, commissionPage([commission(2)], { meta: { paid: 5, unpaid: 7 } })),
    });
    const card = await findCard();
    await waitFor(() => expect(totalValue(card, 'Paid')).toHaveTextContent('$1,234.50'));

    await user.click(await within(card).findByRole('button', { name: 'Date range' }));
    await user.click(await screen.findByRole('button', { name: month.format('D MMMM YYYY') }));
    await user.click(screen.getByRole('button', { name: month.date(15).format('D MMMM YYYY') }));

    await waitFor(() => expect(totalValue(card, 'Paid')).toHaveTextContent('$5.00'));
    expect(totalValue(card, 'Pending')).toHaveTextContent('$7.00');
    expect(within(card).getByTestId('range-label')).toHaveTextContent(
      `${month.format('M/D/YYYY')} – ${month.date(15).format('M/D/YYYY')}`,
    );
    expect(requests.some((request) => request.path === ranged.slice(4))).toBe(true);

    await user.click(within(card).getByRole('button', { name: 'Clear range' }));
    expect(within(card).getByTestId('range-label')).toHaveTextContent('All Time');
    await waitFor(() => expect(totalValue(card, 'Paid')).toHaveTextContent('$1,234.50'));
  });

  test('groups pending and paid with their counts, singular for one', async () => {
    renderReports({
      [LIST]: () =>
        jsonResponse(
          200,
          commissionPage([
            commission(1, { productName: 'Kelly Bag', clientName: 'Ada Lovelace', amount: 40 }),
            commission(2),
            commission(3, { paidAt: '2026-04-01T00:00:00.000Z' }),
          ]),
        ),
    });
    const card = await findCard();

    const pending = await within(card).findByRole('region', { name: '2 Commissions Pending' });
    const paid = within(card).getByRole('region', { name: '1 Commission Paid' });
    expect(within(pending).getAllByRole('button')).toHaveLength(2);
    expect(within(paid).getAllByRole('button')).toHaveLength(1);
    const row = within(pending).getByRole('button', { name: /Kelly Bag/ });
    expect(row).toHaveTextContent('Ada Lovelace');
    expect(row).toHaveTextContent('3/5/2026');
    expect(row).toHaveTextContent('$40.00');
  });

  test('View Next shows min(remaining, per_page), follows links.next and ends', async () => {
    const meta = { pagination: { total: 5, per_page: 2 }, unpaidPayments: 5, paidPayments: 0 };
    const { user, requests } = renderReports({
      [LIST]: () =>
        jsonResponse(
          200,
          commissionPage([commission(1), commission(2)], {
            meta,
            next: `${NEXT_HOST}/api/stylist/commissions?page=2`,
          }),
        ),
      [`GET ${PATH}?page=2`]: () =>
        jsonResponse(
          200,
          // The list moved under us: commission 2 comes again and must show once.
          commissionPage([commission(2), commission(3), commission(4)], {
            meta,
            next: `${NEXT_HOST}/api/stylist/commissions?page=3`,
          }),
        ),
      [`GET ${PATH}?page=3`]: () =>
        jsonResponse(200, commissionPage([commission(5)], { meta, next: null })),
    });
    const card = await findCard();

    await user.click(await within(card).findByRole('button', { name: 'View Next 2' }));
    await within(card).findByRole('button', { name: /Product 4/ });
    expect(within(card).getAllByRole('button', { name: /Product 2/ })).toHaveLength(1);
    await user.click(within(card).getByRole('button', { name: 'View Next 1' }));

    await within(card).findByRole('button', { name: /Product 5/ });
    expect(within(card).queryByRole('button', { name: /View Next/ })).toBeNull();
    expect(listRequests(requests).map((request) => request.path)).toEqual([
      `${PATH}?${ZONE}`,
      '/api/stylist/commissions?page=2',
      '/api/stylist/commissions?page=3',
    ]);
  });

  test('CLIENTS sums each client over every page of the range', async () => {
    const meta = { pagination: { total: 3, per_page: 2 } };
    const { user } = renderReports({
      [LIST]: () =>
        jsonResponse(
          200,
          commissionPage(
            [
              commission(1, { clientId: 7, clientName: 'Bea Arthur', amount: 10 }),
              commission(2, { clientId: 8, clientName: 'Cy Twombly', amount: 5.25 }),
            ],
            { meta, next: `${NEXT_HOST}/api/stylist/commissions?page=2` },
          ),
        ),
      [`GET ${PATH}?page=2`]: () =>
        jsonResponse(
          200,
          commissionPage([commission(3, { clientId: 8, clientName: 'Cy Twombly', amount: 20 })], {
            meta,
          }),
        ),
      'GET /api/stylist/clients/8': () => new Promise<Response>(() => {}),
    });
    const card = await findCard();

    await user.click(await within(card).findByRole('tab', { name: 'CLIENTS' }));
    const clients = await within(card).findByRole('list', { name: 'Clients' });
    const rows = await within(clients).findAllByRole('button');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Cy Twombly2 Commissions$25.25',
      'Bea Arthur1 Commission$10.00',
    ]);

    await user.click(rows[0]!);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  test('the chart shows only when a month earned something, with each point readable', async () => {
    let points = timeline();
    const { queryClient } = renderReports({
      [LIST]: () =>
        jsonResponse(200, commissionPage([commission(1)], { meta: { timelineData: points } })),
    });
    const card = await findCard();
    await within(card).findByText('Products Sold & Purchased');
    expect(within(card).queryByRole('figure')).toBeNull();

    points = timeline({ Mar: 120, Apr: 1500.5 });
    await queryClient.refetchQueries();
    const chart = await within(card).findByRole('figure', { name: /Commissions by month/ });
    const cells = within(chart).getAllByRole('row').slice(1);
    expect(cells).toHaveLength(12);
    expect(cells[3]).toHaveAttribute('data-amount', '1500.5');
    expect(cells[3]).toHaveTextContent('Apr 2026$1,500.50');
  });

  test('a failed load says so with Retry, and Retry loads the totals', async () => {
    let calls = 0;
    const { user } = renderReports({
      [LIST]: () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(500, { message: 'Internal error', code: 'INTERNAL' })
          : jsonResponse(200, allTime);
      },
    });
    const card = await findCard();

    expect(await within(card).findByText('Your commissions could not be loaded')).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(totalValue(card, 'Paid')).toHaveTextContent('$1,234.50'));
  });

  test('says when there are no commissions yet', async () => {
    renderReports({ [LIST]: () => jsonResponse(200, commissionPage([])) });
    const card = await findCard();

    expect(await within(card).findByText('No commissions yet.')).toBeVisible();
    expect(within(card).queryByRole('tab')).toBeNull();
  });

  test('a row opens the commission modal', async () => {
    const { user } = renderReports({
      [LIST]: () => jsonResponse(200, allTime),
      'GET /api/stylist/commissions/1?include=product': () => new Promise<Response>(() => {}),
    });
    const card = await findCard();

    await user.click(await within(card).findByRole('button', { name: /Product 1/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Commission')).toBeVisible();
  });

  test('Export CSV downloads the range as a file named by the server', async () => {
    const createObjectURL = vi.fn(() => 'blob:commissions');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('commissions-2026.csv');
      expect(this.href).toBe('blob:commissions');
    });
    const { user, requests } = renderReports({
      [LIST]: () => jsonResponse(200, allTime),
      [`GET ${PATH}/export?${ZONE}`]: () =>
        new Response('id,amount\n1,12.50\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="commissions-2026.csv"',
          },
        }),
    });
    const card = await findCard();

    await user.click(await within(card).findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    const exportRequest = requests.find((request) => request.path.includes('/export'));
    expect(exportRequest?.headers.get('Authorization')).toMatch(/^Bearer /);
  });
});

/** The list's first address for a range, as the commissions page asks it. */
const listPath = (range: CommissionRange) =>
  endpointUrl(commissionsApi.listCommissions, undefined, { ...toRangeQuery(range) });

describe('reports rules', () => {
  test('a range applies only with a start date', () => {
    const timeZone = browserTimeZone();
    expect(toRangeQuery({ start: null, end: '2026-03-31' })).toEqual({ timeZone });
    expect(listPath({ start: null, end: '2026-03-31' })).toBe(`${PATH}?${ZONE}`);
    expect(listPath({ start: '2026-03-01', end: null })).toBe(
      `${PATH}?startDate=2026-03-01&${ZONE}`,
    );
  });

  test('the range label reads All Time, Since or both days', () => {
    expect(rangeLabel({ start: null, end: null })).toBe('All Time');
    expect(rangeLabel({ start: null, end: '2026-03-31' })).toBe('All Time');
    expect(rangeLabel({ start: '2026-03-01', end: null })).toBe('Since 3/1/2026');
    expect(rangeLabel({ start: '2026-03-01', end: '2026-03-31' })).toBe('3/1/2026 – 3/31/2026');
  });

  test('View Next counts min(remaining, per_page)', () => {
    const meta = commissionPage([], { meta: { pagination: { total: 45, per_page: 20 } } }).meta;
    expect(nextPageSize(meta, 20)).toBe(20);
    expect(nextPageSize(meta, 40)).toBe(5);
    expect(nextPageSize(meta, 45)).toBe(0);
  });

  test('client sums are exact in cents and largest first', () => {
    const sums = sumByClient([
      commission(1, { clientId: 1, amount: 0.1 }),
      commission(2, { clientId: 1, amount: 0.2 }),
      commission(3, { clientId: 2, clientName: 'Zed', amount: 1 }),
    ]);
    expect(sums.map((sum) => [sum.clientId, sum.amount])).toEqual([
      [2, 1],
      [1, 0.3],
    ]);
  });

  test('axis labels are dollars and file names come from Content-Disposition', () => {
    expect(formatAxisDollars(1200)).toBe('$1,200');
    expect(formatAxisDollars(12_500)).toBe('$12.5k');
    expect(fileNameFrom(null)).toBe('commissions.csv');
    expect(fileNameFrom("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.csv")).toBe('résumé.csv');
    expect(fileNameFrom('attachment; filename="../x.csv"')).toBe('x.csv');
  });
});
