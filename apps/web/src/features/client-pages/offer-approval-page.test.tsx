import { CLIENT_PAGE_TEXT } from '@atelier/contract';
import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../test/fetch-mock.ts';
import {
  CLIENT_TOKEN,
  clientQuote,
  offerApprovalDocument,
  renderClientPage,
} from './client-pages-test-data.tsx';
import { OfferApprovalPage } from './offer-approval-page.tsx';

const UI_TEST_TIMEOUT_MS = 20_000;
const API_PATH = `/api/client/quote-offer/${CLIENT_TOKEN}`;
const GET = `GET ${API_PATH}`;
const POST = `POST ${API_PATH}`;

const FLAP = clientQuote({
  id: 301,
  name: 'Classic Flap Bag',
  brand: 'Chanel',
  status: 'offer_pending',
  offers: { consignment: 1200, buyout: 800 },
});
const SADDLE = clientQuote({
  id: 302,
  name: 'Saddle Bag',
  brand: 'Dior',
  status: 'offer_pending',
  offers: { consignment: null, buyout: 450 },
});
const ANSWERED_AT = '2026-05-06T12:00:00.000Z';

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

beforeEach(() => {
  notifications.clean();
});

function renderApproval(handlers: Record<string, Handler>) {
  const fetchMock = mockFetch(handlers);
  return {
    ...fetchMock,
    ...renderClientPage(OfferApprovalPage, '/quotes/:id', `/quotes/${CLIENT_TOKEN}`),
  };
}

function offer(quoteName: string, label: 'Consignment' | 'Buyout') {
  const quote = screen.getByRole('article', { name: quoteName });
  return within(quote).getByRole('group', { name: `${label} offer` });
}

describe('offer approval page', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test('asks for every offer to be answered before sending anything', async () => {
    const { user, requests } = renderApproval({
      [GET]: () => jsonResponse(200, offerApprovalDocument([FLAP, SADDLE])),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Approve White Glove Offers Ann Lee' }),
    ).toBeInTheDocument();
    await user.click(
      within(offer('Classic Flap Bag', 'Buyout')).getByRole('button', { name: 'Reject' }),
    );
    await user.click(screen.getByRole('button', { name: CLIENT_PAGE_TEXT.submitResponses }));

    expect(await screen.findByText(CLIENT_PAGE_TEXT.responseRequired)).toBeInTheDocument();
    expect(screen.getByText(CLIENT_PAGE_TEXT.responseRequiredTitle)).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  test('sends each quote answer in the review-response shape and confirms it', async () => {
    const { user, requests } = renderApproval({
      [GET]: () => jsonResponse(200, offerApprovalDocument([FLAP, SADDLE])),
      [POST]: () =>
        jsonResponse(
          200,
          offerApprovalDocument(
            [],
            [
              { ...FLAP, answer: { response: 'consignment', answeredAt: ANSWERED_AT } },
              { ...SADDLE, answer: { response: 'rejected', answeredAt: ANSWERED_AT } },
            ],
          ),
        ),
    });
    // Accepting consignment rejects the quote's buyout (§4).
    await user.click(
      within(await screen.findByRole('group', { name: 'Consignment offer' })).getByRole('button', {
        name: 'Accept',
      }),
    );
    expect(
      within(offer('Classic Flap Bag', 'Buyout')).getByRole('button', { name: 'Reject' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(offer('Saddle Bag', 'Buyout')).getByRole('button', { name: 'Reject' }));
    await user.click(screen.getByRole('button', { name: CLIENT_PAGE_TEXT.submitResponses }));

    expect(await screen.findByText(CLIENT_PAGE_TEXT.responsesSubmitted)).toBeInTheDocument();
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({
      data: [
        {
          id: '301',
          attributes: { accepted_offer_type: 'consignment', is_accepted: true, is_rejected: false },
        },
        {
          id: '302',
          attributes: { accepted_offer_type: 'rejected', is_accepted: false, is_rejected: true },
        },
      ],
    });
    const answers = screen.getByRole('region', { name: CLIENT_PAGE_TEXT.yourAnswers });
    const [flap, saddle] = within(answers).getAllByRole('listitem');
    expect(flap).toHaveTextContent('Consign');
    expect(saddle).toHaveTextContent('Declined');
    expect(
      screen.queryByRole('button', { name: CLIENT_PAGE_TEXT.submitResponses }),
    ).not.toBeInTheDocument();
  });

  test('a failed submit says so and keeps the answers', async () => {
    const { user } = renderApproval({
      [GET]: () => jsonResponse(200, offerApprovalDocument([SADDLE])),
      [POST]: () => jsonResponse(500, { message: 'Internal error', code: 'INTERNAL' }),
    });
    const accept = within(await screen.findByRole('group', { name: 'Buyout offer' })).getByRole(
      'button',
      { name: 'Accept' },
    );
    await user.click(accept);
    await user.click(screen.getByRole('button', { name: CLIENT_PAGE_TEXT.submitResponses }));
    expect(await screen.findByText(CLIENT_PAGE_TEXT.submitFailed)).toBeInTheDocument();
    expect(accept).toHaveAttribute('aria-pressed', 'true');
  });

  test('with nothing awaiting an answer says so and lists the answers given', async () => {
    renderApproval({
      [GET]: () =>
        jsonResponse(
          200,
          offerApprovalDocument(
            [],
            [{ ...FLAP, answer: { response: 'buyout', answeredAt: ANSWERED_AT } }],
          ),
        ),
    });
    expect(await screen.findByText(CLIENT_PAGE_TEXT.noOffersToApprove('Ann'))).toBeInTheDocument();
    const answers = screen.getByRole('region', { name: CLIENT_PAGE_TEXT.yourAnswers });
    expect(within(answers).getByRole('listitem')).toHaveTextContent('Buyout');
    expect(within(answers).getByRole('listitem')).toHaveTextContent('5/6/2026');
  });
});
