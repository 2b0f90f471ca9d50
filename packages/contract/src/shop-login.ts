import { z } from 'zod';
import { ACCESS_TOKEN_PATTERN } from './pickup.ts';

/**
 * Where in the client's shop account a stylist lands (§2): Buy opens the dashboard, "Quotes to
 * Review" the quotes page, "Stuff to Ship" the ship-list page.
 */
export const SHOP_LOGIN_TARGETS = ['dashboard', 'quotes', 'ship-list'] as const;
export const ShopLoginTargetSchema = z.enum(SHOP_LOGIN_TARGETS);
export type ShopLoginTarget = z.infer<typeof ShopLoginTargetSchema>;

/** The path of each target on the shop account site. */
export const SHOP_LOGIN_PATHS: Record<ShopLoginTarget, string> = {
  dashboard: '/account',
  quotes: '/account/quotes',
  'ship-list': '/account/ship-list',
};

export const CreateClientLoginBodySchema = z.strictObject({
  target: ShopLoginTargetSchema.default('dashboard'),
});
export type CreateClientLoginBody = z.input<typeof CreateClientLoginBodySchema>;

/** A single-use address, valid for a minute, that signs the browser in to the client's shop account. */
export const ClientLoginTicketSchema = z.object({
  url: z.string(),
  expiresAt: z.string(),
});
export type ClientLoginTicket = z.infer<typeof ClientLoginTicketSchema>;

/** `userId` is the client's shop account (the client resource's `attributes.userId`). */
export const ClientLoginParamsSchema = z.strictObject({
  userId: z.string().min(1).max(100),
});

export const ClientLoginQuerySchema = z.strictObject({
  ticket: z.string().regex(ACCESS_TOKEN_PATTERN, 'Not a valid sign-in link'),
  target: ShopLoginTargetSchema.default('dashboard'),
});

export const SHOP_LOGIN_EXPIRED_MESSAGE =
  'This shop sign-in link has expired or was already used. Open the shop again from the portal.';
export const SHOP_NOT_CONFIGURED_MESSAGE = "The shop isn't connected yet";
export const SHOP_LOGIN_FAILED_TITLE = "Couldn't open the shop";
