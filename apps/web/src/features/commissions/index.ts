// What other features may use of the commissions (docs/decisions/0032).
export { ReportsCard } from './reports-card.tsx';
