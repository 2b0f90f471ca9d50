import { z } from 'zod';

// The schemas of the auth calls (auth-api.ts, password-api.ts, account-queries.ts), loaded with
// the first call: the entry and the sign-in page import those modules and show before zod is
// downloaded. Every answer is still parsed by its schema.
export {
  AccountDocumentSchema,
  PasswordAnswerSchema,
  TokenResponseSchema,
} from '@atelier/contract';

/** The identity endpoints answer with their own bodies; the web needs only the status. */
export const AnyAnswerSchema = z.unknown();
