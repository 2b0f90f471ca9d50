import { PICKUP_TEXT, type QuoteView } from '@atelier/contract';
import { notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../test/fetch-mock.ts';
import { quoteResource, quoteView } from '../quotes/quotes-test-data.ts';
import { shippingLabel } from './pickup-test-data.ts';
import { CREATING_LABEL_TEXT, ShippingLabelModal } from './shipping-label-modal.tsx';

const UI_TEST_TIMEOUT_MS = 20_000;
const LABEL_PATH = 'POST /api/stylist/clients/7/shipping-label';

const ACCEPTED = [
  quoteView(quoteResource({ id: 11, attributes: { status: 'offer_accepted' } })),
  quoteView(
    quoteResource({
      id: 12,
      attributes: { status: 'offer_accepted', brand: 'Dior', name: 'Saddle Bag' },
    }),
  ),
];

beforeEach(() => {
  notifications.clean();
});

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

function renderModal(handler: Handler, quotes: readonly QuoteView[] = ACCEPTED) {
  const fetchMock = mockFetch({ [LABEL_PATH]: handler });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const onClose = vi.fn();
  const onCreated = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '/quotes/pickup/7',
        element: (
          <ShippingLabelModal
            clientId={7}
            clientFirstName="Ann"
            quotes={quotes}
            opened
            onClose={onClose}
            onCreated={onCreated}
          />
        ),
      },
    ],
    { initialEntries: ['/quotes/pickup/7'] },
  );
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={queryClient} mantineEnv="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Create Shipping Label' });
  return { ...fetchMock, user, dialog, onClose, onCreated };
}

function createButton(dialog: HTMLElement) {
  return within(dialog).getByRole('button', { name: 'Create Shipping Label' });
}

function labelPosts(requests: RecordedRequest[]) {
  return requests.filter((request) => `${request.method} ${request.path}` === LABEL_PATH);
}

describe('shipping label modal', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test('lists the items and sends their ids with the ship-list choice', async () => {
    const { user, dialog, requests } = renderModal(() =>
      jsonResponse(201, { data: shippingLabel({ emailed_client: true }) }),
    );
    const items = within(dialog).getByRole('list', { name: 'Items' });
    expect(within(items).getAllByRole('listitem')).toHaveLength(2);
    expect(items).toHaveTextContent('Saddle Bag');

    await user.click(within(dialog).getByLabelText('Email Ann the ship list'));
    await user.click(createButton(dialog));

    const done = await screen.findByRole('dialog', { name: 'Shipping Label Created' });
    expect(done).toHaveTextContent('The ship list is on its way to Ann.');
    expect(labelPosts(requests).map((request) => request.body)).toEqual([
      { item_ids: [11, 12], emailClientShiplist: true },
    ]);
  });

  test('while the label is bought: a loading button, "Creating your label…", and no closing', async () => {
    let finish: () => void = () => {};
    const { user, dialog, onClose } = renderModal(
      () =>
        new Promise<Response>((resolve) => {
          finish = () => resolve(jsonResponse(201, { data: shippingLabel() }));
        }),
    );

    await user.click(createButton(dialog));

    expect(within(dialog).getByRole('status')).toHaveTextContent(CREATING_LABEL_TEXT);
    expect(createButton(dialog)).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    finish();
    expect(await screen.findByText('9400111899223344556677')).toBeInTheDocument();
  });

  test('a created label shows its tracking, links and a toast that stays until dismissed', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { user, dialog, onClose, onCreated } = renderModal(() =>
      jsonResponse(201, { data: shippingLabel() }),
    );

    await user.click(createButton(dialog));

    const done = await screen.findByRole('dialog', { name: 'Shipping Label Created' });
    // The button that had focus is gone; the outcome takes it.
    await waitFor(() =>
      expect(within(done).getByText(/^The label is ready to print\./)).toHaveFocus(),
    );
    const tracking = within(done).getByLabelText('Tracking details');
    expect(tracking).toHaveTextContent('9400111899223344556677');
    expect(tracking).toHaveTextContent('USPS · Priority Mail');
    expect(tracking).toHaveTextContent('Atelier Warehouse, 200 Dock St, Newark, NJ 07105');

    const openLabel = within(done).getByRole('link', { name: 'Open Label' });
    expect(openLabel).toHaveAttribute('href', '/shipping-label/52');
    expect(openLabel).toHaveAttribute('target', '_blank');
    expect(openLabel).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(done).getByRole('link', { name: 'Ship List (PDF)' })).toHaveAttribute(
      'href',
      '/files/shiplists/52.pdf',
    );
    expect(within(done).getByRole('link', { name: 'View Manifest' })).toHaveAttribute(
      'href',
      '/quotes/manifest/52',
    );

    const message = PICKUP_TEXT.labelSucceeded('9400111899223344556677');
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message, autoClose: false }));
    expect(onCreated).toHaveBeenCalledWith(shippingLabel());

    await user.click(within(done).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  test.each([
    [
      422,
      { item_ids: ['Quote 99 is not one of your accepted quotes'] },
      'Items: Quote 99 is not one of your accepted quotes',
    ],
    [409, { 'item_ids.1': ['#12 is already in transit'] }, 'Items: #12 is already in transit'],
  ])(
    'a %i lists the field errors under "Please fix the following errors:"',
    async (status, errors, line) => {
      const { user, dialog, onCreated } = renderModal(() =>
        jsonResponse(status, { message: 'The items cannot be shipped.', code: 'CONFLICT', errors }),
      );

      await user.click(createButton(dialog));

      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent(PICKUP_TEXT.labelErrorsHeading);
      expect(
        within(alert)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([line]);
      expect(screen.getByText(PICKUP_TEXT.labelFailedToast)).toBeInTheDocument();
      expect(onCreated).not.toHaveBeenCalled();
      expect(createButton(dialog)).toBeEnabled();
    },
  );

  test("a carrier failure (502) shows the carrier's message", async () => {
    const { user, dialog } = renderModal(() =>
      jsonResponse(502, {
        message: 'USPS is not answering. Try again shortly.',
        code: 'BAD_GATEWAY',
      }),
    );

    await user.click(createButton(dialog));

    const alert = await within(dialog).findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['USPS is not answering. Try again shortly.']);
  });

  test('an answer without a body falls back to the spec text', async () => {
    const { user, dialog } = renderModal(() => new Response('', { status: 500 }));

    await user.click(createButton(dialog));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(PICKUP_TEXT.labelFailed);
  });

  test('with no items, says so and sends nothing', async () => {
    const { user, dialog, requests } = renderModal(
      () => jsonResponse(201, { data: shippingLabel() }),
      [],
    );

    await user.click(createButton(dialog));

    expect(await screen.findByText(PICKUP_TEXT.noLabelItems)).toBeInTheDocument();
    expect(labelPosts(requests)).toHaveLength(0);
  });
});
