import { QUOTE_STATUSES, type QuoteView } from '@atelier/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { jsonResponse } from '../../test/fetch-mock.ts';
import {
  PHONE_WIDTH,
  QUOTES_PATH,
  UI_TEST_TIMEOUT_MS,
  barButtons,
  checkboxFor,
  quote,
  renderClientQuotesPage,
  selectionBar,
  showQuotes,
} from './client-quotes-test-kit.tsx';
import { quoteListAnswer, quoteResource, withStatus } from './quotes-test-data.ts';

// The two modals belong to other work; here they only show what the page hands them.
vi.mock('./review-response-modal.tsx', () => ({
  ReviewResponseModal: (props: {
    clientId: number;
    quotes: readonly QuoteView[];
    opened: boolean;
    onClose: () => void;
    onSubmitted: () => void;
  }) =>
    props.opened ? (
      <div role="dialog" aria-label="Review Response & Offers">
        <p>Client {props.clientId}</p>
        <ul aria-label="Quotes to review">
          {props.quotes.map((quote) => (
            <li key={quote.id}>#{quote.id}</li>
          ))}
        </ul>
        <button type="button" onClick={props.onSubmitted}>
          Submit responses
        </button>
        <button type="button" onClick={props.onClose}>
          Close
        </button>
      </div>
    ) : null,
}));

vi.mock('./add-item-modal.tsx', () => ({
  AddItemModal: (props: { clientId: number; opened: boolean; onClose: () => void }) =>
    props.opened ? (
      <div role="dialog" aria-label="Add Item">
        New item for client {props.clientId}
      </div>
    ) : null,
}));

const originalInnerWidth = window.innerWidth;

afterEach(() => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: originalInnerWidth });
});

describe('client quotes page', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test('names the client and shows the cards by status priority, then newest first', async () => {
    await showQuotes({
      [QUOTES_PATH]: quoteListAnswer([
        quote(1, 'offer_accepted', { createdAt: '2026-04-01T10:00:00.000Z' }),
        quote(2, 'pending_authentication', { createdAt: '2026-04-02T10:00:00.000Z' }),
        quote(3, 'offer_accepted', { createdAt: '2026-04-20T10:00:00.000Z' }),
        quote(4, 'needs_more_info', { createdAt: '2026-03-01T10:00:00.000Z' }),
        quote(5, 'Accepted', { createdAt: '2026-04-10T10:00:00.000Z' }),
      ]),
    });

    const order = screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'));
    expect(order).toEqual(['Quote #4', 'Quote #2', 'Quote #3', 'Quote #5', 'Quote #1']);
    expect(screen.getByText('5 quotes for Ann Lee')).toBeInTheDocument();
  });

  test('while the list loads: three placeholders, a loading status and "Loading Items..."', async () => {
    renderClientQuotesPage({ [QUOTES_PATH]: () => new Promise<Response>(() => {}) });

    const status = await screen.findByRole('status', { name: 'Loading quotes' });
    expect(status.querySelectorAll('[data-placeholder]')).toHaveLength(3);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Quotes$/);
    expect(screen.getByRole('button', { name: 'Loading Items...' })).toBeDisabled();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  test('Add Item opens the add-item modal for this client', async () => {
    const { user } = await showQuotes({ [QUOTES_PATH]: quoteListAnswer([quote(1, 'fake')]) });

    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByRole('dialog', { name: 'Add Item' })).toHaveTextContent(
      'New item for client 7',
    );
  });

  test('with no quotes, says so and offers Add Item', async () => {
    const { user } = await showQuotes({ [QUOTES_PATH]: quoteListAnswer([]) });

    expect(screen.getByText('No quotes yet')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Status' })).not.toBeInTheDocument();
    const addButtons = screen.getAllByRole('button', { name: 'Add Item' });
    expect(addButtons).toHaveLength(2);
    await user.click(addButtons[1]!);
    expect(await screen.findByRole('dialog', { name: 'Add Item' })).toBeInTheDocument();
  });

  test('a failed load says why and Retry loads again', async () => {
    let isDown = true;
    const { user } = renderClientQuotesPage({
      [QUOTES_PATH]: () =>
        isDown
          ? jsonResponse(503, { message: 'The quotes are resting.', code: 'INTERNAL' })
          : quoteListAnswer([quote(1, 'fake')])(),
    });

    expect(await screen.findByText('The quotes are resting.')).toBeInTheDocument();
    expect(screen.getByText('The quotes could not be loaded')).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Quote #1' })).toBeInTheDocument();
    expect(screen.queryByText('The quotes are resting.')).not.toBeInTheDocument();
  });

  test('Reload quotes asks the server again and shows the new list', async () => {
    let answer = [quote(1, 'fake')];
    const { user, requests } = await showQuotes({
      [QUOTES_PATH]: () => quoteListAnswer(answer)(),
    });
    answer = [quote(1, 'fake'), quote(2, 'received')];

    await user.click(screen.getByRole('button', { name: 'Reload quotes' }));

    expect(await screen.findByRole('article', { name: 'Quote #2' })).toBeInTheDocument();
    expect(requests.filter((request) => request.path.endsWith('/quotes'))).toHaveLength(2);
  });

  test('a quote failing the sanity checks shows a warning naming it instead of a card', async () => {
    await showQuotes({
      [QUOTES_PATH]: quoteListAnswer([
        quote(1, 'in_transit'),
        withStatus(quoteResource({ id: 2, attributes: { brand: '' } }), 'in_transit'),
        withStatus(quoteResource({ id: 3, attributes: { name: '  ' } }), null),
      ]),
    });

    const broken = screen.getByRole('article', { name: "Quote #2 can't be shown" });
    expect(within(broken).getByText('It has no designer.')).toBeInTheDocument();
    expect(within(broken).getByText('It is in transit, but has no shipment.')).toBeInTheDocument();
    expect(within(broken).queryByRole('checkbox')).not.toBeInTheDocument();

    const nameless = screen.getByRole('article', { name: "Quote #3 can't be shown" });
    expect(within(nameless).getByText('It has no status.')).toBeInTheDocument();
    expect(within(nameless).getByText('It has no item name.')).toBeInTheDocument();

    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
  });

  test('an id that is not a client says so', async () => {
    renderClientQuotesPage({}, { path: '/quotes/pickup/abc' });
    expect(await screen.findByText('No such client')).toBeInTheDocument();
  });
});

/** §4 "Action button per status", with §4's status labels joining the two tables. */
const ACTION_BUTTON_BY_STATUS: ReadonlyArray<readonly [status: string, button: string | null]> = [
  // Actionable (docs/decisions/0005): the button shows with §4's text.
  ['authenticated_with_offer', 'Present Offers to Client'],
  ['offer_pending', 'Follow Up with Client'],
  ['offer_accepted', 'Pickup/Shipping Label'],
  ['Accepted', 'Pickup/Shipping Label'],
  ['responded', 'Review Response'],
  ['Responded', 'Review Response'],
  ['offer_made', 'Review Response'],
  ['Offer Made', 'Review Response'],
  ['needs_more_info', 'Request More Info'],
  ['Needs More Info', 'Review Response'],
  ['fake', 'Inform Client'],
  ['Fake', 'Review Response'],
  // Not actionable: no button, rather than one that only logs.
  ['pending_authentication', null],
  ['authentication_in_progress', null],
  ['authenticated_no_offer', null],
  ['in_transit', null],
  ['received', null],
  ['converted', null],
  ['sold', null],
  ['rejected', null],
  ['pending_response', null],
  ['shipped', null],
  ['approved', null],
  ['Received', null],
  ['Approved', null],
  ['Shipped', null],
  ['Rejected', null],
  ['Pending Response', null],
  ['Pending', null],
];

describe('status action button', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test('the table covers every status the web knows', () => {
    expect(ACTION_BUTTON_BY_STATUS.map(([status]) => status).toSorted()).toEqual(
      Object.keys(QUOTE_STATUSES).toSorted(),
    );
  });

  // 24 clicks, each re-rendering the whole page: about 9 s alone, over 30 s on a busy 2-core machine.
  test(
    "with one item selected, shows §4's text for actionable statuses and nothing otherwise",
    {
      timeout: 3 * UI_TEST_TIMEOUT_MS,
    },
    async () => {
      const quotes = ACTION_BUTTON_BY_STATUS.map(([status], index) => quote(index + 1, status));
      const { user } = await showQuotes({ [QUOTES_PATH]: quoteListAnswer(quotes) });
      expect(barButtons()).toEqual(['Deselect All']);

      const shown: Record<string, string | null> = {};
      for (const [index, [status]] of ACTION_BUTTON_BY_STATUS.entries()) {
        const card = checkboxFor(index + 1);
        await user.click(card);
        expect(card).toHaveAttribute('aria-checked', 'true');
        expect(within(selectionBar()).getByText('SELECTED QUOTES: 1')).toBeInTheDocument();
        const buttons = barButtons();
        shown[status] = buttons.length > 1 ? buttons.slice(1).join(' | ') : null;
        await user.click(card);
        expect(card).toHaveAttribute('aria-checked', 'false');
      }

      expect(shown).toEqual(Object.fromEntries(ACTION_BUTTON_BY_STATUS));
    },
  );

  test('Pickup/Shipping Label opens the actions modal with the selected items', async () => {
    const { user } = await showQuotes({
      [QUOTES_PATH]: quoteListAnswer([
        quote(1, 'offer_accepted', { brand: 'Hermès', name: 'Birkin 30' }),
        quote(2, 'Accepted', { brand: 'Dior', name: 'Saddle Bag' }),
        quote(3, 'offer_accepted', { brand: 'Celine', name: 'Triomphe' }),
      ]),
    });

    await user.click(checkboxFor(1));
    await user.click(checkboxFor(2));
    await user.click(within(selectionBar()).getByRole('button', { name: 'Pickup/Shipping Label' }));

    const dialog = await screen.findByRole('dialog', { name: 'Pickup or Shipping Label' });
    expect(within(dialog).getByText('#1 Hermès Birkin 30')).toBeInTheDocument();
    expect(within(dialog).getByText('#2 Dior Saddle Bag')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Celine/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Shipping Label' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Pickup' })).toBeEnabled();
  });

  test('review-response statuses open that modal with the selection, which clears once submitted', async () => {
    const { user } = await showQuotes({
      [QUOTES_PATH]: quoteListAnswer([
        quote(1, 'authenticated_with_offer', { offers: { buyoutQuote: 900 } }),
        quote(2, 'offer_pending'),
        quote(3, 'authenticated_with_offer', { offers: { buyoutQuote: 400 } }),
      ]),
    });

    await user.click(checkboxFor(3));
    await user.click(checkboxFor(2));
    await user.click(
      within(selectionBar()).getByRole('button', { name: 'Present Offers to Client' }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Review Response & Offers' });
    expect(within(dialog).getByText('Client 7')).toBeInTheDocument();
    const listed = within(within(dialog).getByRole('list', { name: 'Quotes to review' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(listed).toEqual(['#3', '#2']);

    await user.click(within(dialog).getByRole('button', { name: 'Submit responses' }));
    expect(within(selectionBar()).getByText('SELECTED QUOTES: 0')).toBeInTheDocument();
    expect(checkboxFor(2)).toHaveAttribute('aria-checked', 'false');
  });
});

describe('selection', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test('the first item sets the group: others cannot join, unselecting always can', async () => {
    const { user } = await showQuotes({
      [QUOTES_PATH]: quoteListAnswer([
        quote(1, 'pending_authentication'),
        quote(2, 'authentication_in_progress'),
        quote(3, 'authenticated_no_offer'),
      ]),
    });
    const pending = checkboxFor(1);
    const inProgress = checkboxFor(2);
    const noOffer = checkboxFor(3);

    await user.click(pending);
    expect(noOffer).toHaveAttribute('aria-disabled', 'true');
    expect(inProgress).toHaveAttribute('aria-disabled', 'false');

    await user.click(noOffer);
    expect(noOffer).toHaveAttribute('aria-checked', 'false');
    expect(within(selectionBar()).getByText('SELECTED QUOTES: 1')).toBeInTheDocument();

    await user.click(inProgress);
    expect(within(selectionBar()).getByText('SELECTED QUOTES: 2')).toBeInTheDocument();

    await user.click(pending);
    expect(pending).toHaveAttribute('aria-checked', 'false');
    expect(within(selectionBar()).getByText('SELECTED QUOTES: 1')).toBeInTheDocument();
    expect(noOffer).toHaveAttribute('aria-disabled', 'true');

    await user.click(inProgress);
    expect(noOffer).toHaveAttribute('aria-disabled', 'false');
    await user.click(noOffer);
    expect(noOffer).toHaveAttribute('aria-checked', 'true');
  });

  test('Space and Enter toggle a focused card', async () => {
    const { user } = await showQuotes({
      [QUOTES_PATH]: quoteListAnswer([quote(1, 'offer_accepted')]),
    });
    const card = checkboxFor(1);

    card.focus();
    await user.keyboard(' ');
    expect(card).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{Enter}');
    expect(card).toHaveAttribute('aria-checked', 'false');
  });

  test('Deselect All clears the selection', async () => {
    const { user } = await showQuotes({
      [QUOTES_PATH]: quoteListAnswer([quote(1, 'received'), quote(2, 'offer_accepted')]),
    });
    await user.click(checkboxFor(1));
    await user.click(checkboxFor(2));

    await user.click(within(selectionBar()).getByRole('button', { name: 'Deselect All' }));

    expect(within(selectionBar()).getByText('SELECTED QUOTES: 0')).toBeInTheDocument();
    expect(checkboxFor(1)).toHaveAttribute('aria-checked', 'false');
  });

  test('choosing a status deselects items of other statuses and offers Select All (n)', async () => {
    const { user } = await showQuotes({
      [QUOTES_PATH]: quoteListAnswer([
        quote(1, 'offer_accepted'),
        quote(2, 'in_transit'),
        quote(3, 'in_transit'),
        withStatus(quoteResource({ id: 4 }), 'in_transit'),
        quote(5, 'received'),
      ]),
    });
    const filter = screen.getByRole('group', { name: 'Status' });
    expect(
      within(filter)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['All (5)', 'Offer Accepted (1)', 'In Transit (3)', 'Received at Warehouse (1)']);
    expect(screen.queryByRole('button', { name: /Select All/ })).not.toBeInTheDocument();

    await user.click(checkboxFor(1));
    await user.click(checkboxFor(2));
    await user.click(within(filter).getByRole('button', { name: 'In Transit (3)' }));

    expect(within(filter).getByRole('button', { name: 'In Transit (3)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.queryByRole('article', { name: 'Quote #1' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByRole('article', { name: "Quote #4 can't be shown" })).toBeInTheDocument();
    expect(within(selectionBar()).getByText('SELECTED QUOTES: 1')).toBeInTheDocument();
    expect(checkboxFor(2)).toHaveAttribute('aria-checked', 'true');

    // Quote 4 has no shipment (§5): it is shown as a warning and is not selectable.
    await user.click(screen.getByRole('button', { name: 'Select All (2)' }));
    expect(within(selectionBar()).getByText('SELECTED QUOTES: 2')).toBeInTheDocument();
    expect(checkboxFor(3)).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('button', { name: 'Select All (2)' })).toBeDisabled();

    await user.click(within(filter).getByRole('button', { name: 'All (5)' }));
    expect(screen.getAllByRole('article')).toHaveLength(5);
    expect(within(selectionBar()).getByText('SELECTED QUOTES: 2')).toBeInTheDocument();
  });

  test('above 600 px a touch alone does not select; the click does', async () => {
    const { user } = await showQuotes({
      [QUOTES_PATH]: quoteListAnswer([quote(1, 'offer_accepted')]),
    });
    const card = checkboxFor(1);

    fireEvent.touchStart(card, { touches: [{ clientY: 200 }] });
    fireEvent.touchEnd(card, { changedTouches: [{ clientY: 200 }] });
    expect(card).toHaveAttribute('aria-checked', 'false');

    await user.click(card);
    expect(card).toHaveAttribute('aria-checked', 'true');
  });
});

describe('at 375 px', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  const phone = { width: PHONE_WIDTH };

  test('a tap selects; a vertical move over 10 px is a scroll, not a tap', async () => {
    await showQuotes({ [QUOTES_PATH]: quoteListAnswer([quote(1, 'offer_accepted')]) }, phone);
    const card = checkboxFor(1);

    fireEvent.touchStart(card, { touches: [{ clientY: 300 }] });
    fireEvent.touchEnd(card, { changedTouches: [{ clientY: 289 }] });
    expect(card).toHaveAttribute('aria-checked', 'false');

    fireEvent.touchStart(card, { touches: [{ clientY: 300 }] });
    fireEvent.touchEnd(card, { changedTouches: [{ clientY: 310 }] });
    expect(card).toHaveAttribute('aria-checked', 'true');

    fireEvent.touchStart(card, { touches: [{ clientY: 300 }] });
    fireEvent.touchEnd(card, { changedTouches: [{ clientY: 302 }] });
    expect(card).toHaveAttribute('aria-checked', 'false');
  });

  test('the touch that selects keeps the click after it from undoing the selection', async () => {
    await showQuotes({ [QUOTES_PATH]: quoteListAnswer([quote(1, 'offer_accepted')]) }, phone);
    const card = checkboxFor(1);

    fireEvent.touchStart(card, { touches: [{ clientY: 300 }] });
    const isNotCancelled = fireEvent.touchEnd(card, { changedTouches: [{ clientY: 300 }] });

    expect(isNotCancelled).toBe(false);
    expect(card).toHaveAttribute('aria-checked', 'true');
  });

  test('a tap outside the group does nothing', async () => {
    await showQuotes(
      {
        [QUOTES_PATH]: quoteListAnswer([quote(1, 'offer_accepted'), quote(2, 'fake')]),
      },
      phone,
    );
    fireEvent.touchStart(checkboxFor(1), { touches: [{ clientY: 300 }] });
    fireEvent.touchEnd(checkboxFor(1), { changedTouches: [{ clientY: 300 }] });

    fireEvent.touchStart(checkboxFor(2), { touches: [{ clientY: 300 }] });
    fireEvent.touchEnd(checkboxFor(2), { changedTouches: [{ clientY: 300 }] });

    expect(checkboxFor(2)).toHaveAttribute('aria-checked', 'false');
    expect(checkboxFor(2)).toHaveAttribute('aria-disabled', 'true');
  });

  test('the status filter is a dropdown and the bottom bar holds Add Item, count, action and Reset', async () => {
    const { user } = await showQuotes(
      {
        [QUOTES_PATH]: quoteListAnswer([
          quote(1, 'offer_accepted'),
          quote(2, 'received'),
          quote(3, 'offer_accepted'),
        ]),
      },
      phone,
    );
    expect(screen.queryByRole('group', { name: 'Status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Selection' })).not.toBeInTheDocument();
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All (3)', 'Offer Accepted (2)', 'Received at Warehouse (1)']);

    const bar = screen.getByRole('region', { name: 'Quote actions' });
    expect(within(bar).getByRole('button', { name: 'Add Item' })).toBeEnabled();
    expect(within(bar).getByText('0 SELECTED')).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'Pickup/Shipping Label' })).toBeNull();

    await user.click(checkboxFor(2));
    await user.selectOptions(status, 'offer_accepted');
    expect(within(bar).getByText('0 SELECTED')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Select All (2)' }));
    expect(within(bar).getByText('2 SELECTED')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Pickup/Shipping Label' }));
    const actions = await screen.findByRole('dialog', { name: 'Pickup or Shipping Label' });
    // The header's X and the footer's button both close it.
    expect(within(actions).getAllByRole('button', { name: 'Close' })).toHaveLength(2);
    await user.click(within(actions).getAllByRole('button', { name: 'Close' })[0]!);

    await user.click(within(bar).getByRole('button', { name: 'Reset' }));
    expect(within(bar).getByText('0 SELECTED')).toBeInTheDocument();
    expect(checkboxFor(1)).toHaveAttribute('aria-checked', 'false');
  });
});
