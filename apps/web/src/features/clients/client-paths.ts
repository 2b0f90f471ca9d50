import { generatePath } from 'react-router';
import { routes } from '../../app/routes.ts';

/** The client's quote-pickup page (§2 `/quotes/pickup/:id`). */
export function quotePickupPath(clientId: number): string {
  return generatePath(routes.quotePickup.path, { id: String(clientId) });
}
