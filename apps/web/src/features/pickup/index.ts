import { lazy } from 'react';

// What other features may use of the pickup and shipping parts (docs/decisions/0032).
export { CompletionPanel } from './completion-panel.tsx';
export { PickupConfirmation } from './pickup-confirmation.tsx';
export { ShareButton } from './share-button.tsx';
// The label form loads on its first opening, in its own chunk.
export const ShippingLabelModal = lazy(() =>
  import('./shipping-label-modal.tsx').then((m) => ({ default: m.ShippingLabelModal })),
);
