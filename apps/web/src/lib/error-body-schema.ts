// Loaded on demand by api-client.ts, with the first error answer.
export { ErrorBodySchema } from '@atelier/contract';
