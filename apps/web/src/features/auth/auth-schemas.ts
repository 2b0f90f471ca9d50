import { z } from 'zod';

// The auth calls and their schemas (auth-api.ts, password-api.ts, account-queries.ts), loaded with
// the first call: the entry and the sign-in page import those modules and show before zod is
// downloaded. Every answer is still parsed by its schema.
export { accountApi, authApi } from '@atelier/contract';

/** The identity endpoints answer with their own bodies; the web needs only the status. */
export const AnyAnswerSchema = z.unknown();
