import { z } from 'zod';

/** The one error shape every 4xx/5xx answer carries (§7, §8 read `message` and `errors`). */
export const ErrorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  /** Field name → messages, present when specific fields are at fault. */
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const ErrorCode = {
  badRequest: 'BAD_REQUEST',
  validation: 'VALIDATION_FAILED',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  rateLimited: 'RATE_LIMITED',
  /** The carrier (or the embedded label maker) could not make a label; nothing was recorded. */
  shippingProviderFailed: 'SHIPPING_PROVIDER_FAILED',
  internal: 'INTERNAL',
  /** The database (or another part the server needs) is briefly out of reach: try again after `Retry-After`. */
  unavailable: 'UNAVAILABLE',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
