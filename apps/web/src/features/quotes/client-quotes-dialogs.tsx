import { lazy, Suspense, type Dispatch } from 'react';
import { OpenAfterMount } from '../../components/open-after-mount.tsx';
import { ShippingLabelModal } from '../pickup/index.ts';
import type { ClientQuotesEvent, ClientQuotesState } from './client-quotes-state.ts';

// Each dialog loads on its first opening, not with the list: the photo uploads, the answers form.
const AddItemModal = lazy(() =>
  import('./add-item-modal.tsx').then((m) => ({ default: m.AddItemModal })),
);
const AcceptedActionsModal = lazy(() =>
  import('./accepted-actions-modal.tsx').then((m) => ({ default: m.AcceptedActionsModal })),
);
const ReviewResponseModal = lazy(() =>
  import('./review-response-modal.tsx').then((m) => ({ default: m.ReviewResponseModal })),
);

interface ClientQuotesDialogsProps {
  clientId: number;
  clientFirstName: string | null;
  state: ClientQuotesState;
  dispatch: Dispatch<ClientQuotesEvent>;
  onResponsesSubmitted: () => void;
  onLabelCreated: () => void;
}

/**
 * §2's modals of the client's quotes page: addItem, acceptedQuoteActions, reviewResponse and the
 * label. Each has its own boundary, so one loading does not hide another while it closes.
 */
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
      {openedDialogs.includes('add-item') && (
        <Suspense fallback={null}>
          <OpenAfterMount>
            {(canOpen) => (
              <AddItemModal
                clientId={clientId}
                opened={canOpen && openDialog === 'add-item'}
                onClose={closeDialog}
              />
            )}
          </OpenAfterMount>
        </Suspense>
      )}
      {openedDialogs.includes('shipping-label') && (
        <Suspense fallback={null}>
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
        </Suspense>
      )}
      {openedDialogs.includes('actions') && (
        <Suspense fallback={null}>
          <OpenAfterMount>
            {(canOpen) => (
              <AcceptedActionsModal
                quotes={dialogQuotes}
                opened={canOpen && openDialog === 'actions'}
                onClose={closeDialog}
                onShippingLabel={() => dispatch({ type: 'shipping-label-chosen' })}
                onPickup={() => dispatch({ type: 'pickup-chosen' })}
              />
            )}
          </OpenAfterMount>
        </Suspense>
      )}
      {openedDialogs.includes('review-response') && (
        <Suspense fallback={null}>
          <OpenAfterMount>
            {(canOpen) => (
              <ReviewResponseModal
                key={`review-${state.reviewKey}`}
                clientId={clientId}
                quotes={dialogQuotes}
                opened={canOpen && openDialog === 'review-response'}
                onClose={closeDialog}
                onSubmitted={onResponsesSubmitted}
              />
            )}
          </OpenAfterMount>
        </Suspense>
      )}
    </>
  );
}
