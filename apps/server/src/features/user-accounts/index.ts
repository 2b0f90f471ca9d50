// What other features may use of the user accounts (docs/decisions/0032).
export { shopAccountRow } from './shop-account.ts';
