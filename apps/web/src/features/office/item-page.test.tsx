import type { OfficeItemDocument } from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { sessionStore } from '../../lib/session-store.ts';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeJwtExpiringIn } from '../../test/jwt.ts';
import { renderApp } from '../../test/render-app.tsx';
import { quoteResource } from '../quotes/quotes-test-data.ts';
import { officeMeDocument } from './office-test-data.ts';

afterEach(() => {
  sessionStore.end();
});

function itemDocument(overrides: Partial<OfficeItemDocument['data']> = {}): OfficeItemDocument {
  return {
    data: {
      quote: quoteResource({
        attributes: { name: 'So Kate 120', status: 'pending_authentication' },
      }),
      stylist: { id: 3, name: 'Camille Laurent', email: 'camille@atelier.test' },
      client: { id: 7, name: 'Ann Lee', email: 'ann@example.com', phone: '(212) 555-0100' },
      stage: 'to_authenticate',
      enteredAt: '2026-11-27T10:00:00.000Z',
      businessHours: 5,
      sla: { state: 'on_track', targetHours: 24 },
      holder: null,
      decisions: ['start_authentication'],
      notes: [
        {
          id: 1,
          author: { userId: 'u1', name: 'Nadia Okafor' },
          text: 'Serial checks out.',
          createdAt: '2026-11-27T11:00:00.000Z',
        },
      ],
      secondOpinion: null,
      version: 4,
      ...overrides,
    },
  };
}

function signInAsStaff() {
  sessionStore.startSession(makeJwtExpiringIn(900_000));
  sessionStore.markOfficeVerified();
}

const ITEM = '/api/office/items/101';

describe('the item workspace', { timeout: 20_000 }, () => {
  test('shows the item and takes a one-click decision with the version it loaded', async () => {
    const { requests } = mockFetch({
      'GET /api/office/me': () => jsonResponse(200, officeMeDocument()),
      [`GET ${ITEM}`]: () => jsonResponse(200, itemDocument()),
      [`POST ${ITEM}/decisions`]: () =>
        jsonResponse(
          200,
          itemDocument({
            quote: quoteResource({
              attributes: { name: 'So Kate 120', status: 'authentication_in_progress' },
            }),
            decisions: ['authentic', 'counterfeit', 'request_more_info'],
            version: 5,
          }),
        ),
    });
    signInAsStaff();
    const { user } = renderApp('/office/items/101');
    const heading = await screen.findByRole('heading', { level: 1, name: 'So Kate 120' });
    expect(screen.getByRole('link', { name: 'camille@atelier.test' })).toHaveAttribute(
      'href',
      'mailto:camille@atelier.test',
    );
    expect(screen.getByRole('link', { name: '(212) 555-0100' })).toHaveAttribute(
      'href',
      'tel:(212) 555-0100',
    );
    expect(screen.getByText('Serial checks out.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the queue' })).toHaveAttribute(
      'href',
      '/office?stage=to_authenticate',
    );
    // The people open their records.
    expect(screen.getByRole('link', { name: 'Camille Laurent' })).toHaveAttribute(
      'href',
      '/office/stylists/3',
    );
    expect(screen.getByRole('link', { name: 'Ann Lee' })).toHaveAttribute(
      'href',
      '/office/clients/7',
    );
    const decisions = screen.getByRole('region', { name: 'Decisions' });
    expect(
      within(decisions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Start authentication']);

    await user.click(within(decisions).getByRole('button', { name: 'Start authentication' }));
    expect(
      await within(decisions).findByRole('button', { name: 'Counterfeit' }),
    ).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      decision: 'start_authentication',
      version: 4,
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(
      await screen.findByText('Item #101 is now: Authentication in progress.'),
    ).toBeInTheDocument();
  });

  test('a 409 shows the server message and reads the item again', async () => {
    let reads = 0;
    mockFetch({
      'GET /api/office/me': () => jsonResponse(200, officeMeDocument()),
      [`GET ${ITEM}`]: () => {
        reads += 1;
        return jsonResponse(200, itemDocument());
      },
      [`POST ${ITEM}/decisions`]: () =>
        jsonResponse(409, {
          message:
            'Someone else changed this item since you opened it. Reload it to see what changed.',
          code: 'CONFLICT',
        }),
    });
    signInAsStaff();
    const { user } = renderApp('/office/items/101');
    await user.click(await screen.findByRole('button', { name: 'Start authentication' }));
    expect(await screen.findByText(/Someone else changed this item/)).toBeInTheDocument();
    await waitFor(() => expect(reads).toBe(2));
  });

  test("a counterfeit verdict's field error shows under its field, which takes focus", async () => {
    const { requests } = mockFetch({
      'GET /api/office/me': () => jsonResponse(200, officeMeDocument()),
      [`GET ${ITEM}`]: () => jsonResponse(200, itemDocument({ decisions: ['counterfeit'] })),
      [`POST ${ITEM}/decisions`]: () =>
        jsonResponse(422, {
          message: 'Check the form',
          code: 'VALIDATION_FAILED',
          errors: { reason: ['Say why the item is not authentic'] },
        }),
    });
    signInAsStaff();
    const { user } = renderApp('/office/items/101');
    await user.click(await screen.findByRole('button', { name: 'Counterfeit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Counterfeit' });
    await user.type(within(dialog).getByLabelText('Comment to the client (optional)'), 'Sorry');
    await user.click(within(dialog).getByRole('button', { name: 'Counterfeit' }));
    const reason = within(dialog).getByLabelText('Reason (internal, for the record)');
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('Say why the item is not authentic')).toBeInTheDocument();
    expect(reason).toHaveFocus();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      decision: 'counterfeit',
      version: 4,
      commentToCustomer: 'Sorry',
    });
  });

  test('a decision waiting for a second opinion: another staff member approves it; its author only reads it', async () => {
    const secondOpinion = {
      id: 9,
      decision: 'make_offers' as const,
      summary: 'Offers: consignment $6,500.00, buyout $5,200.00',
      author: { userId: 'pricer-1', name: 'Theo Marchetti' },
      createdAt: '2026-11-27T12:00:00.000Z',
      canResolve: true,
    };
    const waiting = itemDocument({ decisions: [], secondOpinion });
    const { requests } = mockFetch({
      'GET /api/office/me': () => jsonResponse(200, officeMeDocument()),
      [`GET ${ITEM}`]: () => jsonResponse(200, waiting),
      [`POST ${ITEM}/second-opinion`]: () =>
        jsonResponse(
          200,
          itemDocument({
            quote: quoteResource({
              attributes: { name: 'So Kate 120', status: 'authenticated_with_offer' },
            }),
          }),
        ),
    });
    signInAsStaff();
    const { user } = renderApp('/office/items/101');
    const heading = await screen.findByRole('heading', { level: 1, name: 'So Kate 120' });
    const decisions = screen.getByRole('region', { name: 'Decisions' });
    expect(within(decisions).getByText('Waiting for a second opinion')).toBeInTheDocument();
    expect(within(decisions).getByText(secondOpinion.summary)).toBeInTheDocument();
    expect(within(decisions).getByText(/Proposed by Theo Marchetti/)).toBeInTheDocument();

    // "Send back" asks why; Cancel returns to the two buttons, focus on "Send back".
    await user.click(within(decisions).getByRole('button', { name: 'Send back' }));
    expect(
      within(decisions).getByLabelText('Why it goes back (optional, kept as an internal note)'),
    ).toHaveFocus();
    await user.click(within(decisions).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(within(decisions).getByRole('button', { name: 'Send back' })).toHaveFocus(),
    );

    await user.click(within(decisions).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(heading).toHaveFocus());
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ verdict: 'approve' });
    expect(
      await screen.findByText('Item #101 is now: Authenticated with offer.'),
    ).toBeInTheDocument();
  });

  test('the author of a waiting decision cannot approve it', async () => {
    mockFetch({
      'GET /api/office/me': () => jsonResponse(200, officeMeDocument({ userId: 'pricer-1' })),
      [`GET ${ITEM}`]: () =>
        jsonResponse(
          200,
          itemDocument({
            decisions: [],
            secondOpinion: {
              id: 9,
              decision: 'counterfeit',
              summary: 'Counterfeit: the heat stamp is off',
              author: { userId: 'pricer-1', name: 'Theo Marchetti' },
              createdAt: '2026-11-27T12:00:00.000Z',
              canResolve: false,
            },
          }),
        ),
    });
    signInAsStaff();
    renderApp('/office/items/101');
    const decisions = await screen.findByRole('region', { name: 'Decisions' });
    expect(
      await within(decisions).findByText(/nobody approves their own decision/),
    ).toBeInTheDocument();
    expect(within(decisions).getByText(/Proposed by Theo Marchetti \(you\)/)).toBeInTheDocument();
    expect(within(decisions).queryByRole('button')).toBeNull();
  });

  test('an item that does not exist says so', async () => {
    mockFetch({
      'GET /api/office/me': () => jsonResponse(200, officeMeDocument()),
      [`GET ${ITEM}`]: () => jsonResponse(404, { message: 'No such item', code: 'NOT_FOUND' }),
    });
    signInAsStaff();
    renderApp('/office/items/101');
    expect(await screen.findByRole('heading', { name: 'No such item' })).toBeInTheDocument();
  });
});
