import { lazy, Suspense, type Dispatch } from 'react';
import { OpenAfterMount } from '../../components/open-after-mount.tsx';
import { ShippingLabelModal } from '../pickup/index.ts';
import { AcceptedActionsModal } from './accepted-actions-modal.tsx';
import type { ClientQuotesEvent, ClientQuotesState } from './client-quotes-state.ts';
import { ReviewResponseModal } from './review-response-modal.tsx';

// The photo uploads load on their first opening, not with the list.
const AddItemModal = lazy(() =>
  import('./add-item-modal.tsx').then((m) => ({ default: m.AddItemModal })),
);

interface ClientQuotesDialogsProps {
  clientId: number;
  clientFirstName: string | null;
  state: ClientQuotesState;
  dispatch: Dispatch<ClientQuotesEvent>;
  onResponsesSubmitted: () => void;
  onLabelCreated: () => void;
}

/** §2's modals of the client's quotes page: addItem, acceptedQuoteActions, reviewResponse, label. */
export function ClientQuotesDialogs({
  clientId,
  clientFirstName,
  state,
  dispatch,
  onResponsesSubmitted,
  onLabelCreated,
}: ClientQuotesDialogsProps) {
  const { openDialog, openedDialogs, dialogQuotes } = state;
  const closeDialog = () => dispatch({ type: 'dialog-closed' });
  return (
    <>
      <Suspense fallback={null}>
        {openedDialogs.includes('add-item') && (
          <OpenAfterMount>
            {(canOpen) => (
              <AddItemModal
                clientId={clientId}
                opened={canOpen && openDialog === 'add-item'}
                onClose={closeDialog}
              />
            )}
          </OpenAfterMount>
        )}
        {openedDialogs.includes('shipping-label') && (
          <OpenAfterMount>
            {(canOpen) => (
              <ShippingLabelModal
                key={`label-${state.labelKey}`}
                clientId={clientId}
                clientFirstName={clientFirstName}
                quotes={dialogQuotes}
                opened={canOpen && openDialog === 'shipping-label'}
                onClose={closeDialog}
                onCreated={onLabelCreated}
              />
            )}
          </OpenAfterMount>
        )}
      </Suspense>
      <AcceptedActionsModal
        quotes={dialogQuotes}
        opened={openDialog === 'actions'}
        onClose={closeDialog}
        onShippingLabel={() => dispatch({ type: 'shipping-label-chosen' })}
        onPickup={() => dispatch({ type: 'pickup-chosen' })}
      />
      <ReviewResponseModal
        key={`review-${state.reviewKey}`}
        clientId={clientId}
        quotes={dialogQuotes}
        opened={openDialog === 'review-response'}
        onClose={closeDialog}
        onSubmitted={onResponsesSubmitted}
      />
    </>
  );
}
