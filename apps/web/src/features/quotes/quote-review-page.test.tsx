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
  NO_LISTED_QUOTES_TEXT,
  parseQuoteIds,
  QuoteReviewPage,
  RECORDED_HEADING,
  WAITING_HEADING,
} from './quote-review-page.tsx';
import { NO_ANSWER_TEXT } from './recorded-answer-card.tsx';
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
/** Answered by the client on the Curated For page, as the server's history records it. */
const ANSWERED_TOTE = offered(104, 'Tote', {
  status: 'offer_accepted',
  offers: { consignmentEstimate: 1200, buyoutQuote: 800, acceptedOfferType: 'buyout' },
  statusHistory: [
    {
      from: null,
      to: 'pending_authentication',
      actor: 'stylist',
      note: null,
      at: '2026-05-04T15:00:00.000Z',
    },
    {
      from: 'authenticated_with_offer',
      to: 'offer_pending',
      actor: 'stylist',
      note: null,
      at: '2026-05-06T15:00:00.000Z',
    },
    {
      from: 'offer_pending',
      to: 'offer_accepted',
      actor: 'client',
      note: 'Client said Yes to the buyout offer on the Curated For page.',
      at: '2026-05-07T18:30:00.000Z',
    },
  ],
});
const DECLINED_SCARF = offered(105, 'Scarf', {
  status: 'rejected',
  offers: { consignmentEstimate: 300, acceptedOfferType: 'rejected' },
});
const PENDING_WATCH = quoteResource({ id: 106, attributes: { name: 'Watch' } });
const ALL_QUOTES = [
  FLAP_BAG,
  SADDLE_BAG,
  FAKE_BIRKIN,
  ANSWERED_TOTE,
  DECLINED_SCARF,
  PENDING_WATCH,
];

beforeEach(() => {
  notifications.clean();
});

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** The page under its route (the lead wires it into the app's table), beside the client quotes page. */
function renderPage(path: string, handlers: Record<string, Handler> = {}) {
  const fetchMock = mockFetch({ [QUOTES_PATH]: quoteListAnswer(ALL_QUOTES), ...handlers });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: routes.quoteReview.path, element: <QuoteReviewPage /> },
      { path: routes.clientQuotes.path, element: <p>Client quotes page</p> },
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

  test('answered quotes show the answer recorded, by whom and when; unknown ids are left out', async () => {
    renderPage('/quotes/review/7?quotes=104,105,106,999');
    const tote = await screen.findByRole('article', { name: 'Tote' });
    expect(screen.getByRole('heading', { name: RECORDED_HEADING })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: WAITING_HEADING })).toBeNull();
    expect(
      within(quotesSection())
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['Watch', 'Tote', 'Scarf']);

    expect(tote).toHaveTextContent('Offer Accepted');
    expect(tote).toHaveTextContent('Buyout accepted: $800.00');
    expect(tote).toHaveTextContent('Answered by the client on 5/7/2026');
    expect(tote).toHaveTextContent('Client said Yes to the buyout offer on the Curated For page.');
    expect(screen.getByRole('article', { name: 'Scarf' })).toHaveTextContent('Offers declined');
    expect(screen.getByRole('article', { name: 'Watch' })).toHaveTextContent(NO_ANSWER_TEXT);
    expect(screen.queryByRole('button', { name: 'Submit Responses' })).toBeNull();
  });

  test('quotes waiting and quotes answered show side by side, each group under its heading', async () => {
    renderPage('/quotes/review/7?quotes=101,104');
    expect(await screen.findByRole('heading', { name: WAITING_HEADING })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: RECORDED_HEADING })).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Classic Flap Bag' })).getAllByRole('group'),
    ).toHaveLength(2);
    expect(screen.getByRole('article', { name: 'Tote' })).toHaveTextContent('Buyout accepted');
  });

  test('listed ids that are none of the client’s quotes find nothing, and lead back', async () => {
    const { user, router } = renderPage('/quotes/review/7?quotes=999');
    expect(await screen.findByText(NO_LISTED_QUOTES_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();

    await user.click(screen.getByRole('link', { name: "Ann's Quotes" }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quotes/pickup/7'));
  });

  test('with no quotes listed, there is nothing to show', async () => {
    renderPage('/quotes/review/7');
    expect(await screen.findByText(NO_LISTED_QUOTES_TEXT)).toBeInTheDocument();
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

  test('submitting records the answers, and the card then shows the answer recorded', async () => {
    let isAnswered = false;
    const { user, requests } = renderPage('/quotes/review/7?quotes=101', {
      [QUOTES_PATH]: () =>
        quoteListAnswer(
          isAnswered
            ? [
                offered(101, 'Classic Flap Bag', {
                  status: 'offer_accepted',
                  offers: {
                    consignmentEstimate: 1200,
                    buyoutQuote: 800,
                    acceptedOfferType: 'buyout',
                  },
                  statusHistory: [
                    {
                      from: 'offer_pending',
                      to: 'offer_accepted',
                      actor: 'stylist',
                      note: null,
                      at: '2026-05-08T12:00:00.000Z',
                    },
                  ],
                }),
                SADDLE_BAG,
              ]
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
    expect(await screen.findByRole('heading', { name: RECORDED_HEADING })).toBeInTheDocument();
    const recorded = screen.getByRole('article', { name: 'Classic Flap Bag' });
    expect(recorded).toHaveTextContent('Buyout accepted: $800.00');
    expect(recorded).toHaveTextContent('Recorded by you on 5/8/2026');
    expect(screen.queryByRole('heading', { name: WAITING_HEADING })).toBeNull();
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
