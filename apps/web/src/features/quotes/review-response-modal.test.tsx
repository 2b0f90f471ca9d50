import type { QuoteView } from '@atelier/contract';
import { notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../test/fetch-mock.ts';
import { useClientQuotes } from './quote-queries.ts';
import {
  NO_OFFERS_TEXT,
  RESPONSE_REQUIRED_TEXT,
  RESPONSE_REQUIRED_TITLE,
  RESPONSES_FAILED_TEXT,
  RESPONSES_REFRESH_FAILED_TEXT,
  RESPONSES_SUBMITTED_TEXT,
} from './review-response-form.tsx';
import { REVIEW_RESPONSE_INTRO, ReviewResponseModal } from './review-response-modal.tsx';
import { quoteListAnswer, quoteResource, quoteView } from './quotes-test-data.ts';

const UI_TEST_TIMEOUT_MS = 20_000;
const CLIENT_ID = 7;
const QUOTES_PATH = `GET /api/stylist/clients/${CLIENT_ID}/quotes`;
const PATCH_PATH = `PATCH /api/stylist/clients/${CLIENT_ID}/quotes`;

const FLAP_BAG = quoteResource({
  id: 101,
  attributes: {
    status: 'offer_pending',
    hasPurchaseOffer: true,
    isApproved: true,
    offers: { consignmentEstimate: 1200, buyoutQuote: 800 },
  },
});
const SADDLE_BAG = quoteResource({
  id: 102,
  attributes: {
    name: 'Saddle Bag',
    brand: 'Dior',
    status: 'offer_pending',
    hasPurchaseOffer: true,
    isApproved: true,
    offers: { buybackQuote: 450 },
  },
});
const FAKE_BIRKIN = quoteResource({
  id: 103,
  attributes: {
    name: 'Birkin 30',
    brand: 'Hermès',
    status: 'fake',
    authenticationStatus: 'counterfeit',
    commentToCustomer: 'We could not authenticate this bag.',
  },
});

const OFFERED = [FLAP_BAG, SADDLE_BAG, FAKE_BIRKIN].map(quoteView);

beforeEach(() => {
  notifications.clean();
});

function ClientQuotesProbe() {
  useClientQuotes(CLIENT_ID);
  return null;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

function renderModal(quotes: readonly QuoteView[], handlers: Record<string, Handler> = {}) {
  const fetchMock = mockFetch({
    [QUOTES_PATH]: quoteListAnswer([FLAP_BAG, SADDLE_BAG, FAKE_BIRKIN]),
    [PATCH_PATH]: () => jsonResponse(200, { data: [FLAP_BAG, SADDLE_BAG] }),
    ...handlers,
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const onClose = vi.fn();
  const onSubmitted = vi.fn();
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={queryClient} mantineEnv="test">
      <ClientQuotesProbe />
      <ReviewResponseModal
        clientId={CLIENT_ID}
        quotes={quotes}
        opened
        onClose={onClose}
        onSubmitted={onSubmitted}
      />
    </AppProviders>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Review Response & Offers' });
  return { ...fetchMock, user, dialog, onClose, onSubmitted };
}

function offer(dialog: HTMLElement, quoteName: string, offerLabel: 'Consignment' | 'Buyout') {
  const quote = within(dialog).getByRole('article', { name: quoteName });
  return within(quote).getByRole('group', { name: `${offerLabel} offer` });
}

function choice(group: HTMLElement, answer: 'Accept' | 'Reject') {
  return within(group).getByRole('button', { name: answer });
}

function patches(requests: RecordedRequest[]) {
  return requests.filter((request) => `${request.method} ${request.path}` === PATCH_PATH);
}

type User = ReturnType<typeof renderModal>['user'];

/** Consignment accepted for the flap bag, the saddle bag's buyout rejected. */
async function answerAll(user: User, dialog: HTMLElement) {
  await user.click(choice(offer(dialog, 'Classic Flap Bag', 'Consignment'), 'Accept'));
  await user.click(choice(offer(dialog, 'Saddle Bag', 'Buyout'), 'Reject'));
}

describe('review response modal', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test('says first that it records the answers, and that Share sends the offers', () => {
    const { dialog } = renderModal(OFFERED);
    const body = dialog.querySelector('.mantine-Modal-body');
    expect(body?.firstElementChild).toHaveTextContent(REVIEW_RESPONSE_INTRO);
  });

  test('shows each quote with its offers, a buyback as Buyout, and what has none', async () => {
    const { dialog } = renderModal(OFFERED);

    const flapBag = within(dialog).getByRole('article', { name: 'Classic Flap Bag' });
    expect(flapBag).toHaveTextContent('Chanel');
    expect(within(flapBag).getByRole('img', { name: 'Photo of Classic Flap Bag' })).toHaveAttribute(
      'src',
      'https://cdn.example.com/quotes/101-thumb.webp',
    );
    expect(offer(dialog, 'Classic Flap Bag', 'Consignment')).toHaveTextContent('$1,200.00');
    expect(offer(dialog, 'Classic Flap Bag', 'Buyout')).toHaveTextContent('$800.00');

    const saddleBag = within(dialog).getByRole('article', { name: 'Saddle Bag' });
    expect(within(saddleBag).getAllByRole('group')).toHaveLength(1);
    expect(offer(dialog, 'Saddle Bag', 'Buyout')).toHaveTextContent('$450.00');

    const birkin = within(dialog).getByRole('article', { name: 'Birkin 30' });
    expect(birkin).toHaveTextContent('We could not authenticate this bag.');
    expect(birkin).toHaveTextContent(NO_OFFERS_TEXT);
    expect(within(birkin).queryByRole('button')).toBeNull();
  });

  test('accepting one offer rejects the others; rejecting marks only that one; again clears', async () => {
    const { user, dialog } = renderModal(OFFERED);
    const consignment = offer(dialog, 'Classic Flap Bag', 'Consignment');
    const buyout = offer(dialog, 'Classic Flap Bag', 'Buyout');
    for (const group of [consignment, buyout]) {
      expect(choice(group, 'Accept')).toHaveAttribute('aria-pressed', 'false');
      expect(choice(group, 'Reject')).toHaveAttribute('aria-pressed', 'false');
    }

    await user.click(choice(buyout, 'Accept'));
    expect(choice(buyout, 'Accept')).toHaveAttribute('aria-pressed', 'true');
    expect(choice(consignment, 'Reject')).toHaveAttribute('aria-pressed', 'true');

    await user.click(choice(consignment, 'Accept'));
    expect(choice(consignment, 'Accept')).toHaveAttribute('aria-pressed', 'true');
    expect(choice(consignment, 'Reject')).toHaveAttribute('aria-pressed', 'false');
    expect(choice(buyout, 'Reject')).toHaveAttribute('aria-pressed', 'true');

    await user.click(choice(consignment, 'Accept'));
    expect(choice(consignment, 'Accept')).toHaveAttribute('aria-pressed', 'false');
    expect(choice(buyout, 'Reject')).toHaveAttribute('aria-pressed', 'true');

    await user.click(choice(buyout, 'Reject'));
    expect(choice(buyout, 'Reject')).toHaveAttribute('aria-pressed', 'false');
    // Another quote's answers are its own.
    expect(choice(offer(dialog, 'Saddle Bag', 'Buyout'), 'Reject')).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  test('an offer left unanswered asks for a response and sends nothing', async () => {
    const { user, dialog, requests, onClose } = renderModal(OFFERED);
    await user.click(choice(offer(dialog, 'Classic Flap Bag', 'Consignment'), 'Reject'));
    await user.click(choice(offer(dialog, 'Saddle Bag', 'Buyout'), 'Accept'));
    await user.click(within(dialog).getByRole('button', { name: 'Submit Responses' }));

    expect(await screen.findByText(RESPONSE_REQUIRED_TEXT)).toBeInTheDocument();
    expect(screen.getByText(RESPONSE_REQUIRED_TITLE)).toBeInTheDocument();
    expect(patches(requests)).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  test('sends one entry per answered quote, says so, reloads the quotes and closes', async () => {
    const { user, dialog, requests, onClose, onSubmitted } = renderModal(OFFERED);
    await waitFor(() => expect(requests.filter((r) => r.path.endsWith('/quotes'))).toHaveLength(1));
    await answerAll(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Submit Responses' }));

    expect(await screen.findByText(RESPONSES_SUBMITTED_TEXT)).toBeInTheDocument();
    expect(patches(requests).map((request) => request.body)).toEqual([
      {
        data: [
          {
            id: '101',
            attributes: {
              accepted_offer_type: 'consignment',
              is_accepted: true,
              is_rejected: false,
            },
          },
          {
            id: '102',
            attributes: { accepted_offer_type: 'rejected', is_accepted: false, is_rejected: true },
          },
        ],
      },
    ]);
    expect(requests.filter((r) => `${r.method} ${r.path}` === QUOTES_PATH)).toHaveLength(2);
    expect(onSubmitted).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSubmitted.mock.invocationCallOrder[0]).toBeLessThan(
      onClose.mock.invocationCallOrder[0]!,
    );
    // Answers start over for the next review.
    expect(choice(offer(dialog, 'Classic Flap Bag', 'Consignment'), 'Accept')).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.queryByText(RESPONSES_REFRESH_FAILED_TEXT)).toBeNull();
  });

  test('a refused submit says so and keeps every answer', async () => {
    const { user, dialog, requests, onClose, onSubmitted } = renderModal(OFFERED, {
      [PATCH_PATH]: () =>
        jsonResponse(409, {
          message: 'Saddle Bag is no longer waiting for an answer.',
          code: 'CONFLICT',
        }),
    });
    await answerAll(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Submit Responses' }));

    expect(await screen.findByText(RESPONSES_FAILED_TEXT)).toBeInTheDocument();
    expect(screen.getByText('Saddle Bag is no longer waiting for an answer.')).toBeInTheDocument();
    expect(screen.queryByText(RESPONSES_SUBMITTED_TEXT)).toBeNull();
    expect(choice(offer(dialog, 'Classic Flap Bag', 'Consignment'), 'Accept')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(choice(offer(dialog, 'Saddle Bag', 'Buyout'), 'Reject')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(dialog).getByRole('button', { name: 'Submit Responses' })).toBeEnabled();
    expect(onSubmitted).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    // A conflict means the list on screen is out of date: it is fetched anew.
    await waitFor(() =>
      expect(requests.filter((r) => `${r.method} ${r.path}` === QUOTES_PATH)).toHaveLength(2),
    );
  });

  test('one click sends once, and the modal stays until the answer', async () => {
    let answer: (response: Response) => void = () => {};
    const { user, dialog, requests, onClose } = renderModal(OFFERED, {
      [PATCH_PATH]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await answerAll(user, dialog);
    const submit = within(dialog).getByRole('button', { name: 'Submit Responses' });
    await user.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    await user.click(submit);
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(patches(requests)).toHaveLength(1);

    answer(jsonResponse(200, { data: [FLAP_BAG, SADDLE_BAG] }));
    expect(await screen.findByText(RESPONSES_SUBMITTED_TEXT)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test('when the reload fails after recording, warns to refresh the page', async () => {
    let isListBroken = false;
    const { user, dialog, requests } = renderModal(OFFERED, {
      [QUOTES_PATH]: () =>
        isListBroken
          ? jsonResponse(500, { message: 'Internal error', code: 'INTERNAL' })
          : quoteListAnswer([FLAP_BAG, SADDLE_BAG, FAKE_BIRKIN])(),
    });
    await waitFor(() => expect(requests).toHaveLength(1));
    isListBroken = true;
    await answerAll(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Submit Responses' }));

    expect(await screen.findByText(RESPONSES_SUBMITTED_TEXT)).toBeInTheDocument();
    expect(screen.getByText(RESPONSES_REFRESH_FAILED_TEXT)).toBeInTheDocument();
  });

  test('with no offers to answer, only Close shows', async () => {
    const { user, dialog, onClose } = renderModal([quoteView(FAKE_BIRKIN)]);
    expect(within(dialog).queryByRole('button', { name: 'Submit Responses' })).toBeNull();
    const closeButtons = within(dialog).getAllByRole('button', { name: 'Close' });
    // The header's close icon and the Close button.
    expect(closeButtons).toHaveLength(2);
    await user.click(closeButtons.at(-1)!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
