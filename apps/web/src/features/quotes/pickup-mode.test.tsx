import { PICKUP_TEXT } from '@atelier/contract';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { jsonResponse, type RecordedRequest } from '../../test/fetch-mock.ts';
import { shippingLabel } from '../pickup/pickup-test-data.ts';
import { pickupDocument } from '../manifest/manifest-test-data.ts';
import { latestPad } from '../pickup/signature-pad-fake.ts';
import {
  PHONE_WIDTH,
  QUOTES_PATH,
  UI_TEST_TIMEOUT_MS,
  checkboxFor,
  quote,
  selectionBar,
  showQuotes,
  type Handlers,
} from './client-quotes-test-kit.tsx';
import { quoteListAnswer } from './quotes-test-data.ts';

// jsdom has no canvas: a fake pad draws when told to.
vi.mock('signature_pad', () => import('../pickup/signature-pad-fake.ts'));

const COMPLETE_PATH = 'POST /api/stylist/white-glove-quotes/complete';
const LABEL_PATH = 'POST /api/stylist/clients/7/shipping-label';
const SUCCESS_TEXT = 'Lovely! The items are on their way to Atelier.';

const originalInnerWidth = window.innerWidth;

beforeEach(() => {
  notifications.clean();
});

afterEach(() => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: originalInnerWidth });
});

/** Ann's quotes: two accepted bags, one more accepted and one in review. */
const QUOTES = [
  quote(1, 'offer_accepted', { brand: 'Hermès', name: 'Birkin 30' }),
  quote(2, 'offer_accepted', { brand: 'Celine', name: 'Triomphe' }),
  quote(3, 'offer_accepted', { brand: 'Dior', name: 'Saddle Bag' }),
  quote(4, 'pending_authentication'),
];

function handlers(extra: Handlers = {}): Handlers {
  return {
    [QUOTES_PATH]: quoteListAnswer(QUOTES),
    'GET /api/i18n': () =>
      jsonResponse(200, { en: { 'stylist.whiteGlove.success': SUCCESS_TEXT } }),
    ...extra,
  };
}

function posts(requests: RecordedRequest[], key: string) {
  return requests.filter((request) => `${request.method} ${request.path}` === key);
}

function quoteListRequests(requests: RecordedRequest[]) {
  return requests.filter((request) => `${request.method} ${request.path}` === QUOTES_PATH);
}

type User = Awaited<ReturnType<typeof showQuotes>>['user'];

/** Selects quotes 3 then 1, opens the actions modal and chooses `choice`. */
async function chooseAction(user: User, choice: 'Pickup' | 'Shipping Label') {
  await user.click(checkboxFor(3));
  await user.click(checkboxFor(1));
  await user.click(within(selectionBar()).getByRole('button', { name: 'Pickup/Shipping Label' }));
  const dialog = await screen.findByRole('dialog', { name: 'Pickup or Shipping Label' });
  await user.click(within(dialog).getByRole('button', { name: choice }));
}

async function enterPickup(extra: Handlers = {}) {
  const rendered = await showQuotes(handlers(extra));
  await chooseAction(rendered.user, 'Pickup');
  return rendered;
}

function pickupForm() {
  return screen.getByRole('form', { name: 'Confirm pickup' });
}

function confirmButton() {
  return within(pickupForm()).getByRole('button', { name: 'Confirm Pickup' });
}

/** Opens the pad, signs and saves. */
async function sign(user: User) {
  await user.click(screen.getByRole('button', { name: 'Tap to sign' }));
  const dialog = await screen.findByRole('dialog', { name: 'Client Signature' });
  act(() => {
    latestPad().scribble();
  });
  await user.click(within(dialog).getByRole('button', { name: PICKUP_TEXT.signatureSave }));
}

describe('pickup mode', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test('Pickup shows "CONFIRM PICKUP DETAILS" with only the selected items, which stay selected', async () => {
    const { user } = await enterPickup();

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: PICKUP_TEXT.confirmPickupHeading }),
    ).toHaveFocus();
    expect(screen.getByText('2 items from Ann Lee')).toBeInTheDocument();
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual([
      'Quote #3',
      'Quote #1',
    ]);
    // No filter, selection bar, action button, Share or Add Item while picking up.
    expect(screen.queryByRole('group', { name: 'Status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Selection' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pickup/Shipping Label' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Item' })).toBeNull();

    const card = checkboxFor(3);
    expect(card).toHaveAttribute('aria-disabled', 'true');
    await user.click(card);
    expect(card).toHaveAttribute('aria-checked', 'true');
  });

  test('Back to quotes leaves pickup mode with the selection kept', async () => {
    const { user } = await enterPickup();

    await user.click(within(pickupForm()).getByRole('button', { name: 'Back to quotes' }));

    expect(screen.getByRole('heading', { level: 1, name: "Ann's Quotes" })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(4);
    expect(within(selectionBar()).getByText('SELECTED QUOTES: 2')).toBeInTheDocument();
    expect(checkboxFor(1)).toHaveAttribute('aria-checked', 'true');
    expect(checkboxFor(2)).toHaveAttribute('aria-disabled', 'false');
  });

  test('the pad asks for a scribble, offers Save once signing starts, then shows the signature', async () => {
    const { user } = await enterPickup();
    await user.click(screen.getByRole('button', { name: 'Tap to sign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Client Signature' });

    expect(within(dialog).getByRole('button', { name: PICKUP_TEXT.signatureEmpty })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Clear' })).toBeDisabled();

    act(() => {
      latestPad().scribble();
    });
    await user.click(within(dialog).getByRole('button', { name: PICKUP_TEXT.signatureSave }));

    // Saving locks the pad and keeps its PNG, shown inline.
    expect(latestPad().isOn).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Client signature' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    expect(confirmButton()).toBeEnabled();
  });

  test('a saved signature opens locked with Confirm; Clear unlocks and resets it', async () => {
    const { user } = await enterPickup();
    await sign(user);

    await user.click(screen.getByRole('button', { name: 'Client signature, open to change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Client Signature' });
    expect(latestPad().isOn).toBe(false);
    expect(latestPad().isEmpty()).toBe(false);
    expect(
      within(dialog).getByRole('button', { name: PICKUP_TEXT.signatureConfirm }),
    ).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));

    expect(latestPad().isOn).toBe(true);
    expect(latestPad().isEmpty()).toBe(true);
    expect(within(dialog).getByRole('button', { name: PICKUP_TEXT.signatureEmpty })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Tap to sign' })).toBeInTheDocument();
    expect(confirmButton()).toBeDisabled();
  });

  test('without a signature Confirm Pickup is disabled, and a submit asks for one', async () => {
    const { requests } = await enterPickup();

    expect(confirmButton()).toBeDisabled();
    fireEvent.submit(pickupForm());

    expect(await screen.findByText(PICKUP_TEXT.signatureRequired)).toBeInTheDocument();
    expect(screen.getByText(PICKUP_TEXT.signatureRequiredTitle)).toBeInTheDocument();
    expect(posts(requests, COMPLETE_PATH)).toHaveLength(0);
  });

  test('with the selected items gone, says so and a submit sends nothing', async () => {
    let answer = QUOTES;
    const { requests, queryClient } = await enterPickup({
      [QUOTES_PATH]: () => quoteListAnswer(answer)(),
    });
    answer = [quote(4, 'pending_authentication')];

    await act(() => queryClient.refetchQueries());
    expect(await screen.findByText(PICKUP_TEXT.noPickupItems)).toBeInTheDocument();
    fireEvent.submit(pickupForm());

    await waitFor(() => expect(screen.getAllByText(PICKUP_TEXT.noPickupItems)).toHaveLength(2));
    expect(posts(requests, COMPLETE_PATH)).toHaveLength(0);
  });

  test('Confirm Pickup sends the ids and signature once, then "YOU\'RE ALL SET." and the reloaded quotes', async () => {
    let answer = QUOTES;
    let finish: () => void = () => {};
    const { user, requests } = await enterPickup({
      [QUOTES_PATH]: () => quoteListAnswer(answer)(),
      [COMPLETE_PATH]: () =>
        new Promise<Response>((resolve) => {
          finish = () => resolve(jsonResponse(200, pickupDocument()));
        }),
    });
    await sign(user);
    const signature = screen.getByRole('img', { name: 'Client signature' }).getAttribute('src');

    await user.click(confirmButton());
    // A second click while the first is on its way sends nothing more.
    await user.click(confirmButton());
    expect(posts(requests, COMPLETE_PATH).map((request) => request.body)).toEqual([
      { quoteIds: '3,1', signature, generateShippingLabel: false },
    ]);

    answer = [
      quote(1, 'in_transit', { brand: 'Hermès', name: 'Birkin 30', pickup_type: 'concierge' }),
      ...QUOTES.slice(1, 2),
      quote(3, 'in_transit', { brand: 'Dior', name: 'Saddle Bag', pickup_type: 'concierge' }),
      QUOTES[3]!,
    ];
    finish();

    expect(
      await screen.findByRole('heading', { name: PICKUP_TEXT.completionHeading }),
    ).toBeInTheDocument();
    expect(screen.getByText(PICKUP_TEXT.pickupSucceeded)).toBeInTheDocument();
    expect(await screen.findByText(SUCCESS_TEXT)).toBeInTheDocument();
    await waitFor(() => expect(quoteListRequests(requests)).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Done' }));

    expect(screen.getByRole('heading', { level: 1, name: "Ann's Quotes" })).toBeInTheDocument();
    expect(within(selectionBar()).getByText('SELECTED QUOTES: 0')).toBeInTheDocument();
    const pickedUp = screen.getByRole('article', { name: 'Quote #3' });
    expect(within(pickedUp).getByText('Picked Up')).toBeInTheDocument();
  });

  test("a refused pickup lists the server's errors under the signature and stays", async () => {
    const { user } = await enterPickup({
      [COMPLETE_PATH]: () =>
        jsonResponse(409, {
          message: 'Some items are no longer accepted.',
          code: 'CONFLICT',
          errors: { quoteIds: ['#3 is already in transit'] },
        }),
    });
    await sign(user);

    await user.click(confirmButton());

    const form = pickupForm();
    expect(await within(form).findByText(PICKUP_TEXT.labelErrorsHeading)).toBeInTheDocument();
    expect(within(form).getByText('Items: #3 is already in transit')).toBeInTheDocument();
    expect(screen.getByText('Some items are no longer accepted.')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: PICKUP_TEXT.confirmPickupHeading }),
    ).toBeInTheDocument();
    expect(confirmButton()).toBeEnabled();
  });

  test('a failure without a message falls back to "Failed to mark items as picked up"', async () => {
    const { user } = await enterPickup({
      [COMPLETE_PATH]: () => new Response('', { status: 500 }),
    });
    await sign(user);

    await user.click(confirmButton());

    await waitFor(() => expect(screen.getAllByText(PICKUP_TEXT.pickupFailed)).toHaveLength(2));
  });
});

describe('shipping label from the client quotes page', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test('Shipping Label opens the label modal for the selection; a label clears it and reloads', async () => {
    const { user, requests } = await showQuotes(
      handlers({ [LABEL_PATH]: () => jsonResponse(201, { data: shippingLabel() }) }),
    );
    await chooseAction(user, 'Shipping Label');

    const dialog = await screen.findByRole('dialog', { name: 'Create Shipping Label' });
    expect(
      within(within(dialog).getByRole('list', { name: 'Items' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['DiorSaddle Bag#3', 'HermèsBirkin 30#1']);
    expect(within(dialog).getByLabelText('Email Ann the ship list')).not.toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Create Shipping Label' }));

    expect(
      await screen.findByRole('dialog', { name: 'Shipping Label Created' }),
    ).toBeInTheDocument();
    expect(posts(requests, LABEL_PATH).map((request) => request.body)).toEqual([
      { item_ids: [3, 1], emailClientShiplist: false },
    ]);
    expect(within(selectionBar()).getByText('SELECTED QUOTES: 0')).toBeInTheDocument();
    await waitFor(() => expect(quoteListRequests(requests)).toHaveLength(2));
  });
});

describe('share', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test('sits beside reload at 375 px too, and leaves with pickup mode', async () => {
    const { user } = await showQuotes(handlers(), { width: PHONE_WIDTH });

    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    const bar = screen.getByRole('region', { name: 'Quote actions' });
    await user.click(checkboxFor(1));
    await user.click(within(bar).getByRole('button', { name: 'Pickup/Shipping Label' }));
    await user.click(screen.getByRole('button', { name: 'Pickup' }));

    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Quote actions' })).toBeNull();
  });
});
