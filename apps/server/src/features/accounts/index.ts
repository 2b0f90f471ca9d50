// What other features may use of the accounts (docs/decisions/0032).
export { shopAccountRow } from './shop-account.ts';
