import type { CommissionDocument } from '@atelier/contract';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { CommissionModal } from './commission-modal.tsx';

const DETAIL_PATH = 'GET /api/stylist/commissions/7?include=product';

afterEach(() => {
  vi.restoreAllMocks();
});

function commissionDocument(
  attributes: Partial<CommissionDocument['data']['attributes']> = {},
  included: CommissionDocument['included'] = [
    {
      id: 'prod-42',
      type: 'products',
      attributes: {
        purchasePrice: 1800,
        thumbnailUrl: 'https://cdn.example.com/bag.jpg',
        brand: 'Chanel',
        titleWithoutBrand: 'Classic Flap Bag',
      },
    },
  ],
): CommissionDocument {
  return {
    data: {
      id: 7,
      type: 'commissions',
      attributes: {
        clientId: 31,
        clientName: 'Ann Lee',
        productName: 'Chanel Classic Flap Bag',
        amount: 215.5,
        orderId: null,
        createdAt: '2026-03-04T15:00:00.000Z',
        paidAt: null,
        statuses: [{ Received: 'Item received at the warehouse' }, { Sold: 'Item sold online' }],
        statusDates: ['2026-03-02T18:30:00.000Z', '2026-03-04T15:00:00.000Z'],
        purchasePrice: 1800,
        ...attributes,
      },
    },
    included,
  };
}

function renderModal(answer: () => Response) {
  const fetchMock = mockFetch({ [DETAIL_PATH]: answer });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={queryClient} mantineEnv="test">
      <MemoryRouter>
        <CommissionModal commissionId={7} opened onClose={onClose} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...fetchMock, onClose, user };
}

/** The value shown beside a label in the commission's facts. */
function fact(dialog: HTMLElement, label: string): string | null {
  return (
    within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? null
  );
}

describe('commission modal', () => {
  test('a sale reads "Sold for Client", "Received on" and Pending, with amounts and statuses', async () => {
    renderModal(() => jsonResponse(200, commissionDocument()));
    const dialog = await screen.findByRole('dialog', { name: 'Commission' });

    expect(await within(dialog).findByText('Sold for Client')).toBeInTheDocument();
    expect(fact(dialog, 'Received on')).toBe('3/4/2026');
    expect(within(dialog).queryByText('Purchased')).not.toBeInTheDocument();
    expect(fact(dialog, 'Payment')).toBe('Pending');
    expect(fact(dialog, 'Payout to Client')).toBe('$1,800.00');
    expect(fact(dialog, 'Stylist Commission')).toBe('$215.50');
    expect(within(dialog).getByRole('link', { name: 'Ann Lee' })).toHaveAttribute(
      'href',
      '/quotes/pickup/31',
    );
    expect(within(dialog).getByRole('img', { name: 'Chanel Classic Flap Bag' })).toHaveAttribute(
      'src',
      'https://cdn.example.com/bag.jpg',
    );
    expect(within(dialog).getByText('Product ID prod-42')).toBeInTheDocument();

    const updates = within(dialog).getByRole('region', { name: 'STATUS UPDATES' });
    const items = within(updates).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Received3/2/2026Item received at the warehouse',
      'Sold3/4/2026Item sold online',
    ]);
    expect(within(items[0]!).getByText('3/2/2026')).toHaveAttribute(
      'datetime',
      '2026-03-02T18:30:00.000Z',
    );
  });

  test('a purchase reads "Purchased for Client", "Purchased" and Paid On', async () => {
    renderModal(() =>
      jsonResponse(
        200,
        commissionDocument(
          {
            orderId: 'SHOP-1001',
            paidAt: '2026-04-15T12:00:00.000Z',
            amount: 1234.5,
            purchasePrice: 900,
          },
          [],
        ),
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Commission' });

    expect(await within(dialog).findByText('Purchased for Client')).toBeInTheDocument();
    expect(fact(dialog, 'Purchased')).toBe('3/4/2026');
    expect(within(dialog).queryByText('Received on')).not.toBeInTheDocument();
    expect(fact(dialog, 'Payment')).toBe('Paid On 4/15/2026');
    expect(fact(dialog, 'Payout to Client')).toBe('$900.00');
    expect(fact(dialog, 'Stylist Commission')).toBe('$1,234.50');
    // Without an included product, a placeholder and the commission's product name stand in.
    expect(within(dialog).getByRole('img', { name: 'No product photo' })).toBeInTheDocument();
    expect(within(dialog).getByText('Chanel Classic Flap Bag')).toBeInTheDocument();
  });

  test('a missing commission says it could not be found', async () => {
    renderModal(() => jsonResponse(404, { message: 'No such commission', code: 'NOT_FOUND' }));
    const dialog = await screen.findByRole('dialog', { name: 'Commission' });

    expect(await within(dialog).findByText('This commission could not be found.')).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  test('a failed load offers Retry, which loads the commission', async () => {
    let calls = 0;
    const { user, requests } = renderModal(() => {
      calls += 1;
      return calls === 1
        ? jsonResponse(500, { message: 'Internal error', code: 'INTERNAL' })
        : jsonResponse(200, commissionDocument());
    });
    const dialog = await screen.findByRole('dialog', { name: 'Commission' });

    expect(await within(dialog).findByText('This commission could not be loaded')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));

    expect(await within(dialog).findByText('Sold for Client')).toBeInTheDocument();
    expect(requests).toHaveLength(2);
  });

  test('closing calls onClose', async () => {
    const { user, onClose } = renderModal(() => jsonResponse(200, commissionDocument()));
    const dialog = await screen.findByRole('dialog', { name: 'Commission' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
