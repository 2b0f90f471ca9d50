// What other features may use of the tutorials (docs/decisions/0032).
export { tutorialsQueryKey, useTutorials } from './tutorials-queries.ts';
