import { z } from 'zod';

// The ids in paths, apart from the schemas of their resources: an endpoint that takes one does not
// bring the whole resource's module (and its lists) into the web pages that call it.
export const ClientIdParamsSchema = z.strictObject({
  clientId: z.coerce
    .number({ error: 'Client id must be a number' })
    .int('Client id must be a whole number')
    .positive('Client id must be a whole number')
    .max(2_147_483_647, 'No such client'),
});

export const QuoteIdParamsSchema = z.strictObject({
  quoteId: z.coerce
    .number({ error: 'Quote id must be a number' })
    .int('Quote id must be a whole number')
    .positive('Quote id must be a whole number')
    .max(2_147_483_647, 'No such quote'),
});
