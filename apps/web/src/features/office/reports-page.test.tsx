import {
  OFFICE_DECISIONS,
  OFFICE_STAGES,
  type OfficeReportDocument,
  type OfficeStage,
} from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { sessionStore } from '../../lib/session-store.ts';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeJwtExpiringIn } from '../../test/jwt.ts';
import { renderApp } from '../../test/render-app.tsx';
import { officeMeDocument, queueDocument } from './office-test-data.ts';
import { defaultReportRange, readReportRange } from './reports-queries.ts';
import { formatHours, formatShare } from './reports-page.tsx';

afterEach(() => {
  sessionStore.end();
  vi.restoreAllMocks();
});

function signInAsStaff() {
  sessionStore.startSession(makeJwtExpiringIn(900_000));
  sessionStore.markOfficeVerified();
}

const zeros = () =>
  Object.fromEntries(OFFICE_STAGES.map((stage) => [stage, 0])) as Record<OfficeStage, number>;

function reportDocument(
  from: string,
  days: string[],
  options: { empty?: boolean } = {},
): OfficeReportDocument {
  const busy = !options.empty;
  return {
    data: {
      stages: OFFICE_STAGES.map((stage) => ({
        stage,
        targetHours: 24,
        handled: busy && stage === 'to_authenticate' ? 5 : 0,
        medianHours: busy && stage === 'to_authenticate' ? 4.5 : null,
        breached: busy && stage === 'to_authenticate' ? 1 : 0,
        breachedShare: busy && stage === 'to_authenticate' ? 0.2 : null,
      })),
      days: days.map((date, i) => ({
        date,
        handled: { ...zeros(), to_authenticate: busy && i === 0 ? 5 : 0 },
      })),
      staff: busy
        ? [
            {
              userId: 'auth-1',
              name: 'Mina Okafor',
              role: 'authenticator',
              decisions: {
                ...(Object.fromEntries(OFFICE_DECISIONS.map((d) => [d, 0])) as Record<
                  (typeof OFFICE_DECISIONS)[number],
                  number
                >),
                authentic: 4,
                counterfeit: 1,
              },
              secondOpinions: 0,
              total: 5,
            },
          ]
        : [],
    },
    meta: { from, to: days.at(-1)!, timeZone: 'America/New_York' },
  };
}

const ME = 'GET /api/office/me';
const report = (from: string, to: string) => `GET /api/office/reports?from=${from}&to=${to}`;

describe('the reports page', { timeout: 20_000 }, () => {
  test('shows each queue’s figures, the days and the staff’s decisions in tables', async () => {
    mockFetch({
      [ME]: () => jsonResponse(200, officeMeDocument()),
      [report('2026-11-02', '2026-11-04')]: () =>
        jsonResponse(200, reportDocument('2026-11-02', ['2026-11-02', '2026-11-03', '2026-11-04'])),
    });
    signInAsStaff();
    renderApp('/office/reports?from=2026-11-02&to=2026-11-04');

    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    const queues = await screen.findByRole('table', { name: /^Queues, 11\/2\/2026 – 11\/4\/2026/ });
    const row = within(queues).getByRole('row', { name: /To authenticate/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['5', '4.5 h', '20% (1 of 5)', '24 h']);
    expect(
      within(queues).getByRole('columnheader', { name: 'Median time in queue' }),
    ).toBeVisible();

    const days = screen.getByRole('table', { name: /^Items handled per day/ });
    expect(within(days).getAllByRole('row')).toHaveLength(4);
    expect(within(days).getByRole('rowheader', { name: 'Mon 11/2/2026' })).toBeInTheDocument();

    const staff = screen.getByRole('table', { name: /^Decisions per staff member/ });
    const mina = within(staff).getByRole('row', { name: /Mina Okafor/ });
    expect(within(mina).getByRole('rowheader')).toHaveTextContent('Mina OkaforAuthenticator');
    expect(within(mina).getAllByRole('cell').at(-1)).toHaveTextContent('5');
    // The wide tables scroll inside their own focusable box.
    expect(screen.getByRole('region', { name: /^Decisions per staff member/ })).toHaveAttribute(
      'tabindex',
      '0',
    );
    expect(screen.getByText(/Days are counted in America\/New_York/)).toBeInTheDocument();
  });

  test('an empty range says so; picking dates asks for them', async () => {
    const { requests } = mockFetch({
      [ME]: () => jsonResponse(200, officeMeDocument()),
      [report('2026-11-02', '2026-11-03')]: () =>
        jsonResponse(
          200,
          reportDocument('2026-11-02', ['2026-11-02', '2026-11-03'], { empty: true }),
        ),
      [report('2026-11-10', '2026-11-12')]: () =>
        jsonResponse(200, reportDocument('2026-11-10', ['2026-11-10', '2026-11-11', '2026-11-12'])),
    });
    signInAsStaff();
    const { user } = renderApp('/office/reports?from=2026-11-02&to=2026-11-03');

    expect(await screen.findByText('No items handled in these dates')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Date range' }));
    await user.click(await screen.findByRole('button', { name: '10 November 2026' }));
    await user.click(screen.getByRole('button', { name: '12 November 2026' }));

    expect(await screen.findByRole('table', { name: /^Queues, 11\/10\/2026/ })).toBeInTheDocument();
    expect(requests.map((request) => request.path)).toContain(
      '/api/office/reports?from=2026-11-10&to=2026-11-12',
    );
  });

  test('a failed load says so and offers Retry', async () => {
    let calls = 0;
    mockFetch({
      [ME]: () => jsonResponse(200, officeMeDocument()),
      [report('2026-11-02', '2026-11-02')]: () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(503, {
              message: 'The database is briefly unavailable.',
              code: 'UNAVAILABLE',
            })
          : jsonResponse(200, reportDocument('2026-11-02', ['2026-11-02']));
      },
    });
    signInAsStaff();
    const { user } = renderApp('/office/reports?from=2026-11-02&to=2026-11-02');
    expect(await screen.findByText('The report could not be loaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: /^Queues, 11\/2\/2026$/ })).toBeInTheDocument();
  });

  test('Download CSV fetches the same range with the token and saves it by the report’s name', async () => {
    const createObjectURL = vi.fn(() => 'blob:report');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('atelier-office-report-2026-11-02_2026-11-02.csv');
      expect(this.href).toBe('blob:report');
    });
    const { requests } = mockFetch({
      [ME]: () => jsonResponse(200, officeMeDocument()),
      [report('2026-11-02', '2026-11-02')]: () =>
        jsonResponse(200, reportDocument('2026-11-02', ['2026-11-02'])),
      'GET /api/office/reports.csv?from=2026-11-02&to=2026-11-02': () =>
        new Response('Stage,Target\r\n', { headers: { 'Content-Type': 'text/csv' } }),
    });
    signInAsStaff();
    const { user } = renderApp('/office/reports?from=2026-11-02&to=2026-11-02');
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    const csv = requests.find((request) => request.path.startsWith('/api/office/reports.csv'));
    expect(csv?.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  test('the header links operations to Reports', async () => {
    mockFetch({
      [ME]: () => jsonResponse(200, officeMeDocument()),
      'GET /api/office/queues/to_authenticate?page=1': () =>
        jsonResponse(200, queueDocument('to_authenticate', [])),
    });
    signInAsStaff();
    renderApp('/office');
    const links = await screen.findAllByRole('link', { name: 'Reports' });
    for (const link of links) expect(link).toHaveAttribute('href', '/office/reports');
  });

  test('an authenticator’s header has no Reports link', async () => {
    mockFetch({
      [ME]: () =>
        jsonResponse(200, officeMeDocument({ role: 'authenticator', rights: ['authenticate'] })),
      'GET /api/office/queues/to_authenticate?page=1': () =>
        jsonResponse(200, queueDocument('to_authenticate', [])),
    });
    signInAsStaff();
    renderApp('/office');
    expect(await screen.findByText('Authenticator')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reports' })).not.toBeInTheDocument();
  });
});

describe('the report’s range and figures', () => {
  test('the address names the range; a bad one falls back to the last 30 days', () => {
    const today = new Date(2026, 10, 28);
    expect(defaultReportRange(today)).toEqual({ from: '2026-10-30', to: '2026-11-28' });
    const read = (query: string) => readReportRange(new URLSearchParams(query), today);
    expect(read('from=2026-01-01&to=2026-01-31')).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(read('from=2026-02-01&to=2026-01-31')).toEqual(defaultReportRange(today));
    expect(read('from=2025-01-01&to=2026-01-02')).toEqual(defaultReportRange(today));
    expect(read('from=yesterday')).toEqual(defaultReportRange(today));
  });

  test('hours and shares read plainly, a dash for none', () => {
    expect(formatHours(4.5)).toBe('4.5 h');
    expect(formatHours(null)).toBe('–');
    expect(formatShare(0.2)).toBe('20%');
    expect(formatShare(1 / 3)).toBe('33.3%');
    expect(formatShare(null)).toBe('–');
  });
});
