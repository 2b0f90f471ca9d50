import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { sessionStore } from '../../lib/session-store.ts';
import { FakeEventSource, stubEventSource } from '../../test/fake-event-source.ts';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeJwtExpiringIn } from '../../test/jwt.ts';
import { renderApp } from '../../test/render-app.tsx';
import { officeMeDocument, queueDocument, queueRow } from './office-test-data.ts';

afterEach(() => {
  sessionStore.end();
  vi.unstubAllGlobals();
});

function signInAsStaff() {
  sessionStore.startSession(makeJwtExpiringIn(900_000));
  sessionStore.markOfficeVerified();
}

const me = () => jsonResponse(200, officeMeDocument());
const kelly = queueRow({ quoteId: 31, name: 'Kelly 28' });
const birkin = queueRow({ quoteId: 32, name: 'Birkin 30' });
const QUEUE = 'GET /api/office/queues/to_authenticate?page=1';

/** The row's link, which the keyboard's selection focuses. */
const linkOf = (name: string) => screen.getByRole('link', { name });
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

// Each test renders the whole app through its lazy routes: a busy machine takes several seconds.
describe('the queue, live and by keyboard (item 12)', { timeout: 20_000 }, () => {
  test('a change heard on the staff stream reads the queue again without a reload', async () => {
    stubEventSource();
    let rows = [kelly];
    mockFetch({
      'GET /api/office/me': me,
      [QUEUE]: () => jsonResponse(200, queueDocument('to_authenticate', rows)),
    });
    signInAsStaff();
    renderApp('/office');
    expect(await screen.findByText('Kelly 28')).toBeInTheDocument();
    const source = FakeEventSource.latest();
    expect(source.url).toMatch(/^\/api\/office\/stream\?access_token=/);

    rows = [kelly, birkin];
    act(() => {
      source.open();
      source.emit('change', { quoteId: 32, kind: 'created' });
    });
    expect(await screen.findByText('Birkin 30')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'To authenticate 2' })).toBeInTheDocument();
  });

  test('j and k select rows, a assigns the selected one, o opens it', async () => {
    const { requests } = mockFetch({
      'GET /api/office/me': me,
      [QUEUE]: () => jsonResponse(200, queueDocument('to_authenticate', [kelly, birkin])),
      'POST /api/office/items/32/claim': () =>
        jsonResponse(200, {
          data: {
            quoteId: 32,
            holder: {
              userId: 'staff-1',
              name: 'Olivia Grant',
              claimedAt: '2026-11-28T08:00:00.000Z',
            },
          },
        }),
      'GET /api/office/items/32': () =>
        jsonResponse(404, { message: 'No such item.', code: 'NOT_FOUND' }),
    });
    signInAsStaff();
    const { user, router } = renderApp('/office');
    await screen.findByText('Kelly 28');

    await user.keyboard('j');
    expect(linkOf('Kelly 28')).toHaveFocus();
    expect(rowOf('Kelly 28')).toHaveAttribute('aria-current', 'true');
    await user.keyboard('{ArrowDown}');
    expect(linkOf('Birkin 30')).toHaveFocus();
    expect(rowOf('Birkin 30')).toHaveAttribute('aria-current', 'true');
    expect(rowOf('Kelly 28')).not.toHaveAttribute('aria-current');
    await user.keyboard('k');
    expect(linkOf('Kelly 28')).toHaveFocus();
    await user.keyboard('j');

    await user.keyboard('a');
    await waitFor(() =>
      expect(requests.map((r) => `${r.method} ${r.path}`)).toContain(
        'POST /api/office/items/32/claim',
      ),
    );
    // Focus stays on the row, not on the body where the button was.
    await waitFor(() => expect(linkOf('Birkin 30')).toHaveFocus());

    await user.keyboard('o');
    await waitFor(() => expect(router.state.location.pathname).toBe('/office/items/32'));
  });

  test('/ goes to the search, where the keys type; ? and the header button open the shortcuts', async () => {
    mockFetch({
      'GET /api/office/me': me,
      [QUEUE]: () => jsonResponse(200, queueDocument('to_authenticate', [kelly, birkin])),
    });
    signInAsStaff();
    const { user } = renderApp('/office');
    await screen.findByText('Kelly 28');

    await user.keyboard('j');
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(
      within(dialog).getByRole('row', { name: /Assign the selected item to me/ }),
    ).toBeInTheDocument();
    // Keys in the dialog are the dialog's: j does not move the selection behind it.
    await user.keyboard('j');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Focus is back where "?" was pressed (the dialog loads on demand, so it cannot note that itself).
    await waitFor(() => expect(linkOf('Kelly 28')).toHaveFocus());
    // And after Close, as after Escape.
    await user.keyboard('?');
    const again = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    await user.click(within(again).getByRole('button', { name: /close/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(linkOf('Kelly 28')).toHaveFocus());

    await user.keyboard('/');
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(search).toHaveFocus();
    await user.keyboard('jk?');
    expect(search).toHaveValue('jk?');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(rowOf('Kelly 28')).toHaveAttribute('aria-current', 'true');

    const [button] = screen.getAllByRole('button', { name: 'Keyboard shortcuts' });
    await user.click(button!);
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /close/i }));
    await waitFor(() => expect(button).toHaveFocus());
  });
});
