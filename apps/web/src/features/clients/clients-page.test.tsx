import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { jsonResponse, type RecordedRequest } from '../../test/fetch-mock.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { ANN, clientResource, listAnswer, renderSignedIn } from './clients-test-data.ts';
import { SHOP_NOT_CONNECTED_MESSAGE } from './shop-link.tsx';

// Full-page renders are slow on a busy machine; the default 5 s is too tight for them.
const UI_TEST_TIMEOUT_MS = 20_000;

afterEach(() => {
  sessionStore.end();
  vi.restoreAllMocks();
});

const BEA = clientResource(8, 'Bea', 'Moreau', {
  attributes: { thumbnailUrl: 'https://cdn.example.com/bea.webp' },
});

function listCalls(requests: RecordedRequest[]): string[] {
  return requests
    .filter((request) => request.path.startsWith('/api/stylist/clients?'))
    .map((request) => request.path);
}

describe('clients list', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test('shows each client as a card under "Your Clients"', async () => {
    renderSignedIn('/clients', { 'GET /api/stylist/clients?page=1': listAnswer([ANN, BEA]) });

    expect(await screen.findByRole('heading', { name: 'Your Clients' })).toBeInTheDocument();
    const ann = await screen.findByRole('article', { name: 'Ann Lee' });
    expect(within(ann).getByRole('heading', { name: 'Ann Lee' })).toBeInTheDocument();
    expect(within(ann).getByText('AL')).toBeInTheDocument();
    expect(within(ann).getByText('Loves Chanel jackets.')).toBeInTheDocument();
    const bea = screen.getByRole('article', { name: 'Bea Moreau' });
    expect(within(bea).getByRole('img', { name: 'Bea Moreau' })).toHaveAttribute(
      'src',
      'https://cdn.example.com/bea.webp',
    );
    expect(screen.getByText('2 clients')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Atelier | Your Clients'));
  });

  test('shows placeholder cards while the list loads', async () => {
    renderSignedIn('/clients', {
      'GET /api/stylist/clients?page=1': () => new Promise<Response>(() => {}),
    });
    expect(await screen.findByText('Loading clients…')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  test('shows "Quotes to Review" and "Stuff to Ship" only when their count is above zero', async () => {
    const toReview = clientResource(1, 'Cleo', 'Marsh', {
      pendingItems: { pendingReviewTotal: 2 },
    });
    const toShip = clientResource(2, 'Dora', 'Nash', { pendingItems: { pendingShipmentTotal: 5 } });
    const idle = clientResource(3, 'Edie', 'Park');
    renderSignedIn('/clients', {
      'GET /api/stylist/clients?page=1': listAnswer([toReview, toShip, idle]),
    });

    const cleo = await screen.findByRole('article', { name: 'Cleo Marsh' });
    const review = within(cleo).getByRole('button', { name: /Quotes to Review/ });
    expect(review).toHaveTextContent('2');
    expect(review).not.toHaveAttribute('aria-disabled');
    expect(within(cleo).queryByText('Stuff to Ship')).not.toBeInTheDocument();

    const dora = screen.getByRole('article', { name: 'Dora Nash' });
    const ship = within(dora).getByRole('button', { name: /Stuff to Ship/ });
    expect(ship).toHaveTextContent('5');
    expect(within(dora).queryByText('Quotes to Review')).not.toBeInTheDocument();

    const edie = screen.getByRole('article', { name: 'Edie Park' });
    expect(within(edie).queryByText('Quotes to Review')).not.toBeInTheDocument();
    expect(within(edie).queryByText('Stuff to Ship')).not.toBeInTheDocument();
  });

  test('card actions: Buy is a shop sign-in button, Quotes the client quotes page, mail and phone links', async () => {
    const { user, router } = renderSignedIn('/clients', {
      'GET /api/stylist/clients?page=1': listAnswer([ANN]),
    });
    const card = await screen.findByRole('article', { name: 'Ann Lee' });

    // Buy signs in to the shop through a ticket (shop-link.test.tsx), never a plain link.
    expect(within(card).getByRole('button', { name: 'Buy' })).not.toHaveAttribute('aria-disabled');
    expect(within(card).queryByRole('link', { name: 'Buy' })).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Email Ann Lee' })).toHaveAttribute(
      'href',
      'mailto:ann@example.com',
    );
    expect(within(card).getByRole('link', { name: 'Call Ann Lee' })).toHaveAttribute(
      'href',
      'tel:(212) 555-0101',
    );

    await user.click(within(card).getByRole('link', { name: 'Quotes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quotes/pickup/7'));
  });

  test('without a connected shop, Buy and the counts stay disabled and say why', async () => {
    const unlinked = clientResource(4, 'Fay', 'Quinn', {
      pendingItems: { pendingReviewTotal: 1, pendingShipmentTotal: 3 },
      links: { shopAccount: null, shopQuotes: null, shopShipList: null },
    });
    const { user, router } = renderSignedIn('/clients', {
      'GET /api/stylist/clients?page=1': listAnswer([unlinked]),
    });
    const card = await screen.findByRole('article', { name: 'Fay Quinn' });

    for (const name of ['Buy', /Quotes to Review/, /Stuff to Ship/]) {
      const control = within(card).getByRole('button', { name });
      expect(control).toHaveAttribute('aria-disabled', 'true');
      expect(control).toHaveAccessibleDescription(SHOP_NOT_CONNECTED_MESSAGE);
    }
    expect(within(card).queryByRole('link', { name: 'Buy' })).not.toBeInTheDocument();
    // The reason shows to the keyboard too, not only on hover.
    const buy = within(card).getByRole('button', { name: 'Buy' });
    for (let stops = 0; stops < 30 && document.activeElement !== buy; stops += 1) await user.tab();
    expect(buy).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(SHOP_NOT_CONNECTED_MESSAGE);
    await user.click(buy);
    expect(router.state.location.pathname).toBe('/clients');
  });

  test('Add Client goes to the form on the dashboard', async () => {
    renderSignedIn('/clients', { 'GET /api/stylist/clients?page=1': listAnswer([ANN]) });
    const header = await screen.findByRole('heading', { name: 'Your Clients' });
    expect(header).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Client' })).toHaveAttribute(
      'href',
      '/dashboard?go=addClient',
    );
  });

  test('Refresh clients asks the server again', async () => {
    const { user, requests } = renderSignedIn('/clients', {
      'GET /api/stylist/clients?page=1': listAnswer([ANN]),
    });
    await screen.findByRole('article', { name: 'Ann Lee' });
    expect(listCalls(requests)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Refresh clients' }));
    await waitFor(() => expect(listCalls(requests)).toHaveLength(2));
  });

  test('a failed load says why and Retry loads again', async () => {
    let isDown = true;
    const { user } = renderSignedIn('/clients', {
      'GET /api/stylist/clients?page=1': () =>
        isDown
          ? jsonResponse(503, { message: 'The shop is resting.', code: 'INTERNAL' })
          : jsonResponse(200, { data: [ANN], meta: { pagination: pagination(1, 1, 1) } }),
    });

    expect(await screen.findByText('The shop is resting.')).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Ann Lee' })).toBeInTheDocument();
    expect(screen.queryByText('The shop is resting.')).not.toBeInTheDocument();
  });
});

function pagination(current_page: number, total_pages: number, total: number) {
  return { current_page, total_pages, per_page: 30, total };
}

describe('clients search', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test('Enter submits the trimmed term and starts again at page 1', async () => {
    const { user, router, requests } = renderSignedIn('/clients?page=2', {
      'GET /api/stylist/clients?page=2': listAnswer([BEA], pagination(2, 2, 31)),
      'GET /api/stylist/clients?page=1&search=ann': listAnswer([ANN]),
    });
    await screen.findByRole('article', { name: 'Bea Moreau' });

    await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), '  ann  {Enter}');

    expect(await screen.findByRole('article', { name: 'Ann Lee' })).toBeInTheDocument();
    expect(listCalls(requests)).toEqual([
      '/api/stylist/clients?page=2',
      '/api/stylist/clients?page=1&search=ann',
    ]);
    expect(router.state.location.search).toBe('?search=ann');
    expect(screen.getByRole('searchbox', { name: 'Search clients' })).toHaveValue('ann');
    expect(screen.getByText('1 match for “ann”')).toBeInTheDocument();
  });

  test('the Search button submits too', async () => {
    const { user, router, requests } = renderSignedIn('/clients', {
      'GET /api/stylist/clients?page=1': listAnswer([ANN, BEA]),
      'GET /api/stylist/clients?page=1&search=bea%40example.com': listAnswer([BEA]),
    });
    await screen.findByRole('article', { name: 'Ann Lee' });

    await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'bea@example.com ');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Ann Lee' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: 'Bea Moreau' })).toBeInTheDocument();
    expect(listCalls(requests)).toContain('/api/stylist/clients?page=1&search=bea%40example.com');
    expect(router.state.location.search).toBe('?search=bea%40example.com');
  });

  test('an empty or blank term shows everyone', async () => {
    const { user, router, requests } = renderSignedIn('/clients?search=ann', {
      'GET /api/stylist/clients?page=1&search=ann': listAnswer([ANN]),
      'GET /api/stylist/clients?page=1': listAnswer([ANN, BEA]),
    });
    const searchbox = await screen.findByRole('searchbox', { name: 'Search clients' });
    expect(searchbox).toHaveValue('ann');
    await screen.findByRole('article', { name: 'Ann Lee' });

    await user.clear(searchbox);
    await user.type(searchbox, '   {Enter}');

    expect(await screen.findByRole('article', { name: 'Bea Moreau' })).toBeInTheDocument();
    expect(listCalls(requests)).toEqual([
      '/api/stylist/clients?page=1&search=ann',
      '/api/stylist/clients?page=1',
    ]);
    expect(router.state.location.search).toBe('');
  });

  test('says so when nobody matches', async () => {
    const { user } = renderSignedIn('/clients', {
      'GET /api/stylist/clients?page=1': listAnswer([ANN]),
      'GET /api/stylist/clients?page=1&search=zelda': listAnswer([]),
    });
    await screen.findByRole('article', { name: 'Ann Lee' });

    await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'zelda{Enter}');

    expect(await screen.findByText("Sorry, can't find anyone matching that.")).toBeInTheDocument();
    expect(
      screen.getByText("No client's name, email or phone contains “zelda”."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByText('No clients yet')).not.toBeInTheDocument();
  });

  test('for one or two characters, says no word starts with them', async () => {
    const { user } = renderSignedIn('/clients', {
      'GET /api/stylist/clients?page=1': listAnswer([ANN]),
      'GET /api/stylist/clients?page=1&search=zq': listAnswer([]),
    });
    await screen.findByRole('article', { name: 'Ann Lee' });

    await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'zq{Enter}');

    expect(
      await screen.findByText("No word of a client's name, email or phone starts with “zq”."),
    ).toBeInTheDocument();
  });

  test('with no clients at all, points to Add Client instead', async () => {
    renderSignedIn('/clients', { 'GET /api/stylist/clients?page=1': listAnswer([]) });

    expect(await screen.findByText('No clients yet')).toBeInTheDocument();
    expect(screen.queryByText("Sorry, can't find anyone matching that.")).not.toBeInTheDocument();
    const addLinks = screen.getAllByRole('link', { name: 'Add Client' });
    expect(addLinks).toHaveLength(2);
    for (const link of addLinks) expect(link).toHaveAttribute('href', '/dashboard?go=addClient');
  });
});

describe('clients pagination', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test('a page button loads that page and keeps it in the URL with the search', async () => {
    const { user, router, requests } = renderSignedIn('/clients?search=a', {
      'GET /api/stylist/clients?page=1&search=a': listAnswer([ANN], pagination(1, 3, 65)),
      'GET /api/stylist/clients?page=2&search=a': listAnswer([BEA], pagination(2, 3, 65)),
      'GET /api/stylist/clients?page=3&search=a': listAnswer([], pagination(3, 3, 65)),
    });
    await screen.findByRole('article', { name: 'Ann Lee' });
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('article', { name: 'Bea Moreau' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2&search=a');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3&search=a'));
    expect(listCalls(requests)).toEqual([
      '/api/stylist/clients?page=1&search=a',
      '/api/stylist/clients?page=2&search=a',
      '/api/stylist/clients?page=3&search=a',
    ]);
  });

  test('a new page scrolls smoothly to the top, and jumps when less motion is asked for', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { user } = renderSignedIn('/clients', {
      'GET /api/stylist/clients?page=1': listAnswer([ANN], pagination(1, 2, 31)),
      'GET /api/stylist/clients?page=2': listAnswer([BEA], pagination(2, 2, 31)),
    });
    await screen.findByRole('article', { name: 'Ann Lee' });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'smooth' });

    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      ...matchMedia(query),
      matches: query === '(prefers-reduced-motion: reduce)',
    }));
    await user.click(await screen.findByRole('button', { name: 'Page 1' }));
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'auto' });
  });

  test('Back returns to the previous page', async () => {
    const { user, router } = renderSignedIn('/clients', {
      'GET /api/stylist/clients?page=1': listAnswer([ANN], pagination(1, 2, 31)),
      'GET /api/stylist/clients?page=2': listAnswer([BEA], pagination(2, 2, 31)),
    });
    await screen.findByRole('article', { name: 'Ann Lee' });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('article', { name: 'Bea Moreau' });

    await router.navigate(-1);
    expect(await screen.findByRole('article', { name: 'Ann Lee' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  test('Previous on the first page and Next on the last do nothing', async () => {
    const { user, router, requests } = renderSignedIn('/clients', {
      'GET /api/stylist/clients?page=1': listAnswer([ANN], pagination(1, 2, 31)),
      'GET /api/stylist/clients?page=2': listAnswer([BEA], pagination(2, 2, 31)),
    });
    await screen.findByRole('article', { name: 'Ann Lee' });

    const previous = screen.getByRole('button', { name: 'Previous page' });
    expect(previous).toHaveTextContent('Previous');
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    await user.click(previous);
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(router.state.location.search).toBe('');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByRole('article', { name: 'Bea Moreau' });
    const next = screen.getByRole('button', { name: 'Next page' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await user.click(next);

    expect(router.state.location.search).toBe('?page=2');
    expect(listCalls(requests)).toEqual([
      '/api/stylist/clients?page=1',
      '/api/stylist/clients?page=2',
    ]);
  });

  test('many pages show compactly, with ellipses', async () => {
    renderSignedIn('/clients?page=10', {
      'GET /api/stylist/clients?page=10': listAnswer([ANN], pagination(10, 20, 600)),
    });
    await screen.findByRole('article', { name: 'Ann Lee' });
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    const numbers = within(pages)
      .getAllByRole('button', { name: /^Page \d+$/ })
      .map((button) => button.textContent);
    expect(numbers).toEqual(['1', '9', '10', '11', '20']);
    expect(within(pages).getAllByText('…')).toHaveLength(2);
  });

  test('a page beyond the end offers page 1', async () => {
    const { user, router } = renderSignedIn('/clients?page=9', {
      'GET /api/stylist/clients?page=9': listAnswer([], pagination(9, 2, 31)),
      'GET /api/stylist/clients?page=1': listAnswer([ANN], pagination(1, 2, 31)),
    });
    expect(await screen.findByText('There is no page 9.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to page 1' }));
    expect(await screen.findByRole('article', { name: 'Ann Lee' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});
