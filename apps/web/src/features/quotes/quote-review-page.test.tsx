import { notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { routes } from '../../app/routes.ts';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../test/fetch-mock.ts';
import {
  ALL_RECORDED_TEXT,
  NOTHING_TO_REVIEW_TEXT,
  parseQuoteIds,
  QuoteReviewPage,
} from './quote-review-page.tsx';
import { RESPONSES_SUBMITTED_TEXT } from './review-response-form.tsx';
import { quoteListAnswer, quoteResource, type QuoteOverrides } from './quotes-test-data.ts';

const UI_TEST_TIMEOUT_MS = 20_000;
const QUOTES_PATH = 'GET /api/stylist/clients/7/quotes';
const PATCH_PATH = 'PATCH /api/stylist/clients/7/quotes';

function offered(id: number, name: string, overrides: QuoteOverrides['attributes'] = {}) {
  return quoteResource({
    id,
    attributes: {
      name,
      status: 'offer_pending',
      hasPurchaseOffer: true,
      isApproved: true,
      offers: { consignmentEstimate: 1200, buyoutQuote: 800 },
      ...overrides,
    },
  });
}

const FLAP_BAG = offered(101, 'Classic Flap Bag');
const SADDLE_BAG = offered(102, 'Saddle Bag');
const FAKE_BIRKIN = quoteResource({
  id: 103,
  attributes: { name: 'Birkin 30', status: 'fake', commentToCustomer: 'Not authentic.' },
});
const ANSWERED_TOTE = offered(104, 'Tote', {
  status: 'offer_accepted',
  offers: { consignmentEstimate: 1200, acceptedOfferType: 'consignment' },
});
const ALL_QUOTES = [FLAP_BAG, SADDLE_BAG, FAKE_BIRKIN, ANSWERED_TOTE];

beforeEach(() => {
  notifications.clean();
});

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** The page under its route (the lead wires it into the app's table), beside the pickup page. */
function renderPage(path: string, handlers: Record<string, Handler> = {}) {
  const fetchMock = mockFetch({ [QUOTES_PATH]: quoteListAnswer(ALL_QUOTES), ...handlers });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: routes.quoteReview.path, element: <QuoteReviewPage /> },
      { path: routes.quotePickup.path, element: <p>Pickup page</p> },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={queryClient} mantineEnv="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...fetchMock, router, user };
}

function quotesSection() {
  return screen.getByRole('region', { name: 'Quotes to review' });
}

describe('quote review page', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test("shows the client's listed quotes only, one card each, under her name", async () => {
    let answer: (response: Response) => void = () => {};
    renderPage('/quotes/review/7?quotes=101,103,999', {
      [QUOTES_PATH]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    expect(quotesSection()).toHaveAttribute('aria-busy', 'true');
    expect(within(quotesSection()).queryByRole('article')).toBeNull();

    answer(
      jsonResponse(200, {
        data: ALL_QUOTES,
        meta: { client: { id: 7, firstName: 'Ann', lastName: 'Lee' } },
      }),
    );
    expect(await screen.findByRole('heading', { name: "Ann's Responses" })).toBeInTheDocument();
    const cards = within(quotesSection()).getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Birkin 30',
      'Classic Flap Bag',
    ]);
    expect(within(quotesSection()).getByRole('button', { name: 'Submit Responses' })).toBeEnabled();
  });

  test('listed quotes that no longer wait for an answer, or do not exist, leave nothing to review', async () => {
    const { user, router } = renderPage('/quotes/review/7?quotes=104,999');
    expect(await screen.findByText(NOTHING_TO_REVIEW_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();

    await user.click(screen.getByRole('link', { name: "Ann's Quotes" }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quotes/pickup/7'));
  });

  test('with no quotes listed, there is nothing to review', async () => {
    renderPage('/quotes/review/7');
    expect(await screen.findByText(NOTHING_TO_REVIEW_TEXT)).toBeInTheDocument();
  });

  test('a failed load offers Retry', async () => {
    let isBroken = true;
    const { user } = renderPage('/quotes/review/7?quotes=101', {
      [QUOTES_PATH]: () =>
        isBroken
          ? jsonResponse(500, { message: 'Internal error', code: 'INTERNAL' })
          : quoteListAnswer(ALL_QUOTES)(),
    });
    expect(await screen.findByText('These quotes could not be loaded')).toBeInTheDocument();
    isBroken = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Classic Flap Bag' })).toBeInTheDocument();
  });

  test('submitting records the answers and, once none is left waiting, says so', async () => {
    let isAnswered = false;
    const { user, requests } = renderPage('/quotes/review/7?quotes=101', {
      [QUOTES_PATH]: () =>
        quoteListAnswer(
          isAnswered
            ? [offered(101, 'Classic Flap Bag', { status: 'offer_accepted' }), SADDLE_BAG]
            : ALL_QUOTES,
        )(),
      [PATCH_PATH]: () => {
        isAnswered = true;
        return jsonResponse(200, { data: [FLAP_BAG] });
      },
    });
    const card = await screen.findByRole('article', { name: 'Classic Flap Bag' });
    const buyout = within(card).getByRole('group', { name: 'Buyout offer' });
    await user.click(within(buyout).getByRole('button', { name: 'Accept' }));
    await user.click(screen.getByRole('button', { name: 'Submit Responses' }));

    expect(await screen.findByText(RESPONSES_SUBMITTED_TEXT)).toBeInTheDocument();
    expect(requests.find((r) => `${r.method} ${r.path}` === PATCH_PATH)?.body).toEqual({
      data: [
        {
          id: '101',
          attributes: { accepted_offer_type: 'buyout', is_accepted: true, is_rejected: false },
        },
      ],
    });
    expect(await screen.findByText(ALL_RECORDED_TEXT)).toBeInTheDocument();
  });

  test('a link without a client id says so', async () => {
    renderPage('/quotes/review/abc?quotes=101');
    expect(await screen.findByText('This link does not name a client.')).toBeInTheDocument();
  });
});

describe('parseQuoteIds', () => {
  test('reads comma-separated ids, dropping blanks and repeats', () => {
    expect([...parseQuoteIds(' 1, 2,,3,2 ')]).toEqual(['1', '2', '3']);
    expect(parseQuoteIds(null).size).toBe(0);
  });
});
