import type { OfficeItemDocument, PriceGuidanceDocument } from '@atelier/contract';
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

const ITEM = '/api/office/items/101';

const itemToPrice: OfficeItemDocument = {
  data: {
    quote: quoteResource({ attributes: { name: 'Kelly 28', status: 'authenticated_no_offer' } }),
    stylist: { id: 3, name: 'Camille Laurent', email: 'camille@atelier.test' },
    client: { id: 7, name: 'Ann Lee', email: 'ann@example.com', phone: '(212) 555-0100' },
    stage: 'to_price',
    enteredAt: '2026-11-27T10:00:00.000Z',
    businessHours: 5,
    sla: { state: 'on_track', targetHours: 16 },
    holder: null,
    decisions: ['make_offers'],
    notes: [],
    secondOpinion: null,
    version: 9,
  },
};

function guidance(overrides: Partial<PriceGuidanceDocument['data']> = {}): PriceGuidanceDocument {
  return {
    data: {
      quoteId: 101,
      designer: { id: 2, name: 'Hermès' },
      category: { id: 1, name: 'Handbags' },
      basis: 'designer_category',
      sales: 6,
      buyouts: 2,
      salePrice: { median: 13500, min: 8000, max: 19500.5 },
      medianBuyoutPaid: 10000,
      medianDaysToSell: 7.5,
      comparables: [
        {
          quoteId: 55,
          name: 'Birkin 30 Togo',
          category: 'Handbags',
          photoUrl: '/files/quote-images/a-thumb.webp?expires=1&signature=x',
          soldAt: '2026-11-20T15:00:00.000Z',
          price: 19500.5,
          kind: 'consignment',
        },
        {
          quoteId: 54,
          name: 'Kelly 28 Sellier',
          category: 'Handbags',
          photoUrl: null,
          soldAt: '2026-11-02T15:00:00.000Z',
          price: 8000,
          kind: 'buyout',
        },
      ],
      ...overrides,
    },
  };
}

function signInAsPricer() {
  sessionStore.startSession(makeJwtExpiringIn(900_000));
  sessionStore.markOfficeVerified();
}

async function openMakeOffers() {
  const { user } = renderApp('/office/items/101');
  await user.click(await screen.findByRole('button', { name: 'Make offers' }));
  const dialog = await screen.findByRole('dialog', { name: 'Make offers' });
  return { user, dialog, panel: within(dialog).getByRole('region', { name: 'Price guidance' }) };
}

describe('price guidance on "Make offers"', { timeout: 20_000 }, () => {
  test('shows the basis, the figures in dollars and the latest sales beside the offer fields', async () => {
    mockFetch({
      'GET /api/office/me': () => jsonResponse(200, officeMeDocument()),
      [`GET ${ITEM}`]: () => jsonResponse(200, itemToPrice),
      [`GET ${ITEM}/price-guidance`]: () => jsonResponse(200, guidance()),
    });
    signInAsPricer();
    const { dialog, panel } = await openMakeOffers();
    expect(within(dialog).getByLabelText('Consignment estimate ($)')).toBeInTheDocument();
    expect(await within(panel).findByText('6 sales of Hermès Handbags.')).toBeInTheDocument();
    const figure = (term: string) => within(panel).getByText(term).nextElementSibling?.textContent;
    expect(figure('Median sale price')).toBe('$13,500.00');
    expect(figure('Range')).toBe('$8,000.00 – $19,500.50');
    expect(figure('Median buyout paid')).toBe('$10,000.00');
    expect(figure('Median listing to sale')).toBe('7.5 days');
    const rows = within(panel).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Birkin 30 Togo11\/20\/2026 · Consigned\$19,500\.50$/),
      expect.stringMatching(/^Kelly 28 Sellier11\/2\/2026 · Bought outright\$8,000\.00$/),
    ]);
    expect(rows[0]!.querySelector('img')).toHaveAttribute(
      'src',
      '/files/quote-images/a-thumb.webp?expires=1&signature=x',
    );
  });

  test('says when the figures fall back to the designer', async () => {
    mockFetch({
      'GET /api/office/me': () => jsonResponse(200, officeMeDocument()),
      [`GET ${ITEM}`]: () => jsonResponse(200, itemToPrice),
      [`GET ${ITEM}/price-guidance`]: () =>
        jsonResponse(200, guidance({ basis: 'designer', sales: 4, medianBuyoutPaid: null })),
    });
    signInAsPricer();
    const { panel } = await openMakeOffers();
    expect(
      await within(panel).findByText(
        '4 sales of Hermès in every category (Handbags has fewer than 3).',
      ),
    ).toBeInTheDocument();
    expect(within(panel).getByText('No buyouts')).toBeInTheDocument();
    expect(within(panel).getByText('11/20/2026 · Consigned · Handbags')).toBeInTheDocument();
  });

  test('says when the designer has sold nothing yet', async () => {
    mockFetch({
      'GET /api/office/me': () => jsonResponse(200, officeMeDocument()),
      [`GET ${ITEM}`]: () => jsonResponse(200, itemToPrice),
      [`GET ${ITEM}/price-guidance`]: () =>
        jsonResponse(
          200,
          guidance({
            basis: 'designer',
            sales: 0,
            buyouts: 0,
            salePrice: null,
            medianBuyoutPaid: null,
            medianDaysToSell: null,
            comparables: [],
          }),
        ),
    });
    signInAsPricer();
    const { panel } = await openMakeOffers();
    expect(await within(panel).findByText('No sales of this designer yet.')).toBeInTheDocument();
    expect(within(panel).queryByRole('listitem')).toBeNull();
    expect(within(panel).queryByText('Median sale price')).toBeNull();
  });

  test('says it is loading, then a failed load says so and Retry reads it again', async () => {
    let reads = 0;
    let answerFirst: (response: Response) => void = () => {};
    mockFetch({
      'GET /api/office/me': () => jsonResponse(200, officeMeDocument()),
      [`GET ${ITEM}`]: () => jsonResponse(200, itemToPrice),
      [`GET ${ITEM}/price-guidance`]: () => {
        reads += 1;
        if (reads > 1) return jsonResponse(200, guidance());
        return new Promise<Response>((resolve) => {
          answerFirst = resolve;
        });
      },
    });
    signInAsPricer();
    const { user, panel } = await openMakeOffers();
    expect(within(panel).getByText('Loading past sales…')).toBeInTheDocument();
    await waitFor(() => expect(reads).toBe(1));
    answerFirst(
      jsonResponse(422, { message: 'The price guidance is not available', code: 'UNPROCESSABLE' }),
    );
    expect(
      await within(panel).findByText('Price guidance could not be loaded', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await within(panel).findByText('6 sales of Hermès Handbags.')).toBeInTheDocument();
    expect(reads).toBe(2);
  });
});
