import { z } from 'zod';
import { OFFICE_ROLES } from './office.ts';
import { PaymentMethodSchema } from './payment-method.ts';
import { TimeZoneSchema } from './time-zone.ts';

// Kept apart so the office's rows can name a payout method without importing accounts (a cycle).
export {
  PAYMENT_METHOD_WORDS,
  PAYMENT_METHODS,
  PaymentMethodSchema,
  type PaymentMethod,
} from './payment-method.ts';

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
  /** The back office's staff work at /office (operations, authenticator, pricer, admin); else null. */
  officeRole: z.enum(OFFICE_ROLES).nullable(),
  paymentMethod: PaymentMethodSchema.nullable(),
  paypalAddress: z.string().nullable(),
  /** The stylist's IANA time zone for emails and PDFs; null until the browser sets it at sign-in. */
  timeZone: z.string().nullable(),
  created_at: z.string(),
});
export type AccountAttributes = z.infer<typeof AccountAttributesSchema>;

export const StylistAttributesSchema = z.object({
  ...PersonAttributes,
  paymentMethod: PaymentMethodSchema,
  paypalAddress: z.string().nullable(),
  timeZone: z.string().nullable(),
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

/** PATCH /api/account/time-zone: the stylist's own time zone, an IANA name (the browser's at sign-in). */
export const TimeZoneBodySchema = z.strictObject({ timeZone: TimeZoneSchema });
export type TimeZoneBody = z.input<typeof TimeZoneBodySchema>;

/** Answer of GET /api/auth/token: a short-lived JWT whose `exp` the web compares to the clock. */
export const TokenResponseSchema = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const SignInBodySchema = z.strictObject({
  email: z.string().trim().min(1, 'Enter your email address'),
  password: z.string().min(1, 'Enter your password'),
  rememberMe: z.boolean().optional(),
});
export type SignInBody = z.infer<typeof SignInBodySchema>;

/** A new password (ASVS 6.2): long enough to be strong; the server also refuses common ones. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const NewPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`);
export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common ones. Choose one that is harder to guess.';

/** The single-use link to choose a new password lasts this long. */
export const PASSWORD_RESET_TTL_MINUTES = 30;

export const ForgotPasswordBodySchema = z.strictObject({
  email: z.string().trim().pipe(z.email('Enter your email address.')),
});
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

export const ResetPasswordBodySchema = z.strictObject({
  token: z.string().min(1).max(256),
  newPassword: NewPasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const ChangePasswordBodySchema = z.strictObject({
  currentPassword: z.string().min(1, 'Enter your current password.').max(PASSWORD_MAX_LENGTH),
  newPassword: NewPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** What the password calls answer: a sentence to show. */
export const PasswordAnswerSchema = z.object({ message: z.string() });
export type PasswordAnswer = z.infer<typeof PasswordAnswerSchema>;

export const FORGOT_PASSWORD_SENT_MESSAGE = `If an account uses this address, we have emailed it a link to choose a new password. The link works for ${PASSWORD_RESET_TTL_MINUTES} minutes.`;
export const PASSWORD_RESET_MESSAGE =
  'Your password is changed, and every browser that was signed in is signed out. Sign in with your new password.';
export const PASSWORD_CHANGED_MESSAGE =
  'Your password is changed. Every other browser that was signed in is signed out.';
export const RESET_LINK_INVALID_MESSAGE =
  'This link to choose a new password has expired or was already used. Ask for a new one.';

/** POST /api/admin/stylists: the back office opens a stylist's account (sign-up is closed). */
export const CreateStylistBodySchema = z.strictObject({
  email: z.string().trim().pipe(z.email('Enter an email address.')),
  password: NewPasswordSchema,
  firstName: z.string().trim().min(1, 'Enter a first name.').max(100),
  lastName: z.string().trim().min(1, 'Enter a last name.').max(100),
});
export type CreateStylistBody = z.infer<typeof CreateStylistBodySchema>;

export const CreatedStylistSchema = z.object({
  userId: z.string(),
  stylistId: z.number().int(),
  email: z.string(),
});
export type CreatedStylist = z.infer<typeof CreatedStylistSchema>;
