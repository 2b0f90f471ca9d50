import { z } from 'zod';

export const PaymentMethodSchema = z.enum(['check', 'paypal']);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

export const StylistAddressSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  address_1: z.string(),
  address_2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
});
export type StylistAddress = z.infer<typeof StylistAddressSchema>;

const PersonAttributes = {
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  initials: z.string(),
  thumbnailUrl: z.string().nullable(),
};

export const AccountAttributesSchema = z.object({
  ...PersonAttributes,
  email: z.string(),
  isStylist: z.boolean(),
  paymentMethod: PaymentMethodSchema.nullable(),
  paypalAddress: z.string().nullable(),
  created_at: z.string(),
});
export type AccountAttributes = z.infer<typeof AccountAttributesSchema>;

export const StylistAttributesSchema = z.object({
  ...PersonAttributes,
  paymentMethod: PaymentMethodSchema,
  paypalAddress: z.string().nullable(),
  created_at: z.string(),
  address: StylistAddressSchema.nullable(),
});
export type StylistAttributes = z.infer<typeof StylistAttributesSchema>;

export const StylistResourceSchema = z.object({
  id: z.string(),
  type: z.literal('stylists'),
  attributes: StylistAttributesSchema,
});
export type StylistResource = z.infer<typeof StylistResourceSchema>;

/** GET /api/account?include=stylist. `included` holds the stylist entry when the account is a stylist. */
export const AccountDocumentSchema = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('accounts'),
    attributes: AccountAttributesSchema,
  }),
  included: z.array(StylistResourceSchema),
});
export type AccountDocument = z.infer<typeof AccountDocumentSchema>;

export const AccountQuerySchema = z.strictObject({ include: z.enum(['stylist']).optional() });

/** Answer of GET /api/auth/token: a short-lived JWT whose `exp` the web compares to the clock. */
export const TokenResponseSchema = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const SignInBodySchema = z.strictObject({
  email: z.string().trim().min(1, 'Enter your email address'),
  password: z.string().min(1, 'Enter your password'),
  rememberMe: z.boolean().optional(),
});
export type SignInBody = z.infer<typeof SignInBodySchema>;
