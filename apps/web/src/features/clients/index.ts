import { lazy } from 'react';

// What other features may use of the clients (docs/decisions/0032): both load on demand, in
// their own chunk. The form (its state picker above all) loads beside the dashboard's first
// cards, not before them.
export const AddClientForm = lazy(() =>
  import('./add-client-form.tsx').then((m) => ({ default: m.AddClientForm })),
);
export const ClientDetailModal = lazy(() =>
  import('./client-detail-modal.tsx').then((m) => ({ default: m.ClientDetailModal })),
);
