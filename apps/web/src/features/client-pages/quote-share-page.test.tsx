import { CLIENT_PAGE_TEXT, HUB_TEXT } from '@atelier/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import {
  CLIENT_TOKEN,
  clientQuote,
  quoteShareDocument,
  renderClientPage,
} from './client-pages-test-data.tsx';
import { QuoteSharePage } from './quote-share-page.tsx';

const UI_TEST_TIMEOUT_MS = 20_000;
const GET = `GET /api/client/quotes/${CLIENT_TOKEN}`;

function renderQuoteShare(body: unknown, status = 200, token = CLIENT_TOKEN) {
  const fetchMock = mockFetch({ [GET]: () => jsonResponse(status, body) });
  return { ...fetchMock, ...renderClientPage(QuoteSharePage, '/quote/:id', `/quote/${token}`) };
}

describe('quote share page', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test('shows every quote read-only with its status, timeline, offers and answer', async () => {
    renderQuoteShare(
      quoteShareDocument([
        clientQuote(),
        clientQuote({
          id: 202,
          name: 'Classic Flap Bag',
          brand: 'Chanel',
          status: 'offer_pending',
          offers: { consignment: 1200, buyout: 800 },
          answer: { response: 'consignment', answeredAt: '2026-03-05T10:00:00.000Z' },
          commentToCustomer: 'Lovely condition.',
        }),
        clientQuote({
          id: 203,
          name: 'Saddle Bag',
          brand: 'Dior',
          status: 'in_transit',
          trackingNumber: '1Z999AA10123456784',
        }),
        clientQuote({ id: 204, name: 'Kelly 28', status: 'in_transit', pickupType: 'concierge' }),
        clientQuote({ id: 205, name: 'Lindy 26', status: 'sold', pickupType: 'concierge' }),
      ]),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Quote Share Ann Lee' }),
    ).toBeInTheDocument();

    const birkin = screen.getByRole('article', { name: 'Hermès Birkin 30' });
    expect(within(birkin).getByText('Pending Authentication')).toBeInTheDocument();
    expect(within(birkin).getByText('1-3 business days')).toBeInTheDocument();
    expect(within(birkin).getByText('3/4/2026')).toBeInTheDocument();
    expect(within(birkin).queryByText('Consign')).not.toBeInTheDocument();

    const flap = screen.getByRole('article', { name: 'Chanel Classic Flap Bag' });
    expect(within(flap).getByText('Offer Pending Response')).toBeInTheDocument();
    expect(within(flap).getByText('$1,200.00')).toBeInTheDocument();
    expect(within(flap).getByText('$800.00')).toBeInTheDocument();
    expect(within(flap).getByText('Your answer').nextElementSibling).toHaveTextContent('Consign');
    expect(within(flap).getByText('Lovely condition.')).toBeInTheDocument();

    const saddle = screen.getByRole('article', { name: 'Dior Saddle Bag' });
    expect(within(saddle).getByText('In Transit')).toBeInTheDocument();
    expect(within(saddle).getByText('1Z999AA10123456784')).toBeInTheDocument();

    const kelly = screen.getByRole('article', { name: 'Hermès Kelly 28' });
    expect(within(kelly).getByText('Picked Up')).toBeInTheDocument();
    // Picked up, then received, converted and sold: the item's life went on after the pickup.
    const lindy = screen.getByRole('article', { name: 'Hermès Lindy 26' });
    expect(within(lindy).getByText('Sold')).toBeInTheDocument();
    expect(within(lindy).queryByText('Picked Up')).toBeNull();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Coco Laurent');
    // A Quote Share link is read-only and opens no other page: the footer links nowhere.
    expect(
      within(screen.getByRole('contentinfo')).queryByRole('link', { name: HUB_TEXT.seeAllItems }),
    ).toBeNull();
  });

  test('with no quotes says there is nothing to show yet', async () => {
    renderQuoteShare(quoteShareDocument([]));
    expect(await screen.findByText(CLIENT_PAGE_TEXT.noQuotesToShare('Ann'))).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  test('an expired link says so plainly', async () => {
    renderQuoteShare({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    expect(await screen.findByText(CLIENT_PAGE_TEXT.linkNotValid)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: HUB_TEXT.newLinkHeading })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  test('a malformed link asks nothing of the server', async () => {
    const { spy } = renderQuoteShare(quoteShareDocument([]), 200, 'short');
    expect(await screen.findByText(CLIENT_PAGE_TEXT.linkNotValid)).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });
});
