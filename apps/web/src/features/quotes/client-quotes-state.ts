import { STATUS_FILTER_ALL, type QuoteView } from '@atelier/contract';

/**
 * select: the quotes, to select and act on. pickup: §2's finished-adding mode, only the selected
 * items with the signature. done: the completion panel after a pickup.
 */
export type PageMode = 'select' | 'pickup' | 'done';

export type QuotesDialog = 'add-item' | 'actions' | 'review-response' | 'shipping-label';

export interface ClientQuotesState {
  mode: PageMode;
  /** The status the stylist chose; the page shows all when no quote has it any more. */
  statusFilter: string;
  openDialog: QuotesDialog | null;
  /** A lazy dialog stays mounted once opened, so it closes with its transition. */
  openedDialogs: readonly QuotesDialog[];
  /** The quotes a dialog acts on, as they were when it opened, also while it closes. */
  dialogQuotes: readonly QuoteView[];
  /** A new key gives the next review or label a fresh form. */
  reviewKey: number;
  labelKey: number;
}

export type ClientQuotesEvent =
  | { type: 'filter-chosen'; statusFilter: string }
  | { type: 'add-item-opened' }
  /** The status action button, for a status that opens a dialog (§4). */
  | { type: 'action-opened'; dialog: 'actions' | 'review-response'; quotes: readonly QuoteView[] }
  | { type: 'shipping-label-chosen' }
  | { type: 'pickup-chosen' }
  | { type: 'pickup-cancelled' }
  | { type: 'pickup-completed' }
  | { type: 'completion-dismissed' }
  | { type: 'dialog-closed' };

export const initialClientQuotesState: ClientQuotesState = {
  mode: 'select',
  statusFilter: STATUS_FILTER_ALL,
  openDialog: null,
  openedDialogs: [],
  dialogQuotes: [],
  reviewKey: 0,
  labelKey: 0,
};

function open(state: ClientQuotesState, dialog: QuotesDialog): ClientQuotesState {
  const openedDialogs = state.openedDialogs.includes(dialog)
    ? state.openedDialogs
    : [...state.openedDialogs, dialog];
  return { ...state, openDialog: dialog, openedDialogs };
}

/**
 * The client's quotes page as a state machine: which mode it is in and which dialog is open. An
 * event the current mode does not offer leaves the state as it is.
 */
export function clientQuotesReducer(
  state: ClientQuotesState,
  event: ClientQuotesEvent,
): ClientQuotesState {
  switch (event.type) {
    case 'filter-chosen':
      return state.mode === 'select' ? { ...state, statusFilter: event.statusFilter } : state;
    case 'add-item-opened':
      return state.mode === 'select' ? open(state, 'add-item') : state;
    case 'action-opened': {
      if (state.mode !== 'select') return state;
      const reviewKey = event.dialog === 'review-response' ? state.reviewKey + 1 : state.reviewKey;
      return open({ ...state, dialogQuotes: event.quotes, reviewKey }, event.dialog);
    }
    case 'shipping-label-chosen':
      return state.openDialog === 'actions'
        ? open({ ...state, labelKey: state.labelKey + 1 }, 'shipping-label')
        : state;
    case 'pickup-chosen':
      return state.openDialog === 'actions'
        ? { ...state, openDialog: null, mode: 'pickup' }
        : state;
    case 'pickup-cancelled':
      return state.mode === 'pickup' ? { ...state, mode: 'select' } : state;
    case 'pickup-completed':
      return state.mode === 'pickup' ? { ...state, mode: 'done' } : state;
    case 'completion-dismissed':
      return state.mode === 'done' ? { ...state, mode: 'select' } : state;
    case 'dialog-closed':
      return state.openDialog === null ? state : { ...state, openDialog: null };
  }
}
