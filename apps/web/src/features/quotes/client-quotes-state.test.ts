import { toQuoteView } from '@atelier/contract';
import { describe, expect, test } from 'vitest';
import {
  clientQuotesReducer,
  initialClientQuotesState,
  type ClientQuotesEvent,
  type ClientQuotesState,
} from './client-quotes-state.ts';
import { quoteResource } from './quotes-test-data.ts';

const quotes = [toQuoteView(quoteResource({ id: 1 })), toQuoteView(quoteResource({ id: 2 }))];

function run(...events: ClientQuotesEvent[]): ClientQuotesState {
  return events.reduce(clientQuotesReducer, initialClientQuotesState);
}

const openActions: ClientQuotesEvent = { type: 'action-opened', dialog: 'actions', quotes };

describe('client quotes page state', () => {
  test('starts selecting, with every status shown and no dialog', () => {
    expect(initialClientQuotesState).toMatchObject({
      mode: 'select',
      statusFilter: 'all',
      openDialog: null,
      openedDialogs: [],
    });
  });

  test('a status action opens its dialog with the quotes as they were then', () => {
    const state = run(openActions);
    expect(state.openDialog).toBe('actions');
    expect(state.dialogQuotes).toBe(quotes);
    expect(state.openedDialogs).toEqual(['actions']);
  });

  test('each review-response opening gets a new key, so a fresh form; a closed dialog stays mounted', () => {
    const review: ClientQuotesEvent = { type: 'action-opened', dialog: 'review-response', quotes };
    const state = run(review, { type: 'dialog-closed' }, review);
    expect(state.reviewKey).toBe(2);
    expect(state.openDialog).toBe('review-response');
    expect(state.openedDialogs).toEqual(['review-response']);
    expect(run(review, { type: 'dialog-closed' })).toMatchObject({
      openDialog: null,
      openedDialogs: ['review-response'],
    });
  });

  test('Shipping Label in the actions dialog opens a fresh label form for the same quotes', () => {
    const state = run(openActions, { type: 'shipping-label-chosen' });
    expect(state).toMatchObject({ openDialog: 'shipping-label', labelKey: 1, mode: 'select' });
    expect(state.dialogQuotes).toBe(quotes);
    expect(state.openedDialogs).toEqual(['actions', 'shipping-label']);
  });

  test('Pickup closes the actions dialog and enters pickup mode; Back returns to selecting', () => {
    const pickup = run(openActions, { type: 'pickup-chosen' });
    expect(pickup).toMatchObject({ mode: 'pickup', openDialog: null });
    expect(clientQuotesReducer(pickup, { type: 'pickup-cancelled' }).mode).toBe('select');
  });

  test('a completed pickup shows the completion panel, and Done goes back to selecting', () => {
    const done = run(openActions, { type: 'pickup-chosen' }, { type: 'pickup-completed' });
    expect(done.mode).toBe('done');
    expect(clientQuotesReducer(done, { type: 'completion-dismissed' }).mode).toBe('select');
  });

  test('the chosen status outlives pickup mode', () => {
    const state = run(
      { type: 'filter-chosen', statusFilter: 'offer_accepted' },
      openActions,
      { type: 'pickup-chosen' },
      { type: 'pickup-cancelled' },
    );
    expect(state).toMatchObject({ mode: 'select', statusFilter: 'offer_accepted' });
  });

  test.each<[string, ClientQuotesEvent[], ClientQuotesEvent]>([
    ['Pickup without the actions dialog', [], { type: 'pickup-chosen' }],
    ['Shipping Label without the actions dialog', [], { type: 'shipping-label-chosen' }],
    ['a completion while selecting', [], { type: 'pickup-completed' }],
    ['Done while selecting', [], { type: 'completion-dismissed' }],
    ['Back to quotes while selecting', [], { type: 'pickup-cancelled' }],
    ['a status action in pickup mode', [openActions, { type: 'pickup-chosen' }], openActions],
    [
      'Add Item in pickup mode',
      [openActions, { type: 'pickup-chosen' }],
      { type: 'add-item-opened' },
    ],
    [
      'a filter in pickup mode',
      [openActions, { type: 'pickup-chosen' }],
      { type: 'filter-chosen', statusFilter: 'received' },
    ],
    ['closing with no dialog open', [], { type: 'dialog-closed' }],
  ])('%s changes nothing', (_name, before, event) => {
    const state = run(...before);
    expect(clientQuotesReducer(state, event)).toBe(state);
  });
});
