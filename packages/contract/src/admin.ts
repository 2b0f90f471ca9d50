import { z } from 'zod';
import { OFFICE_ROLES } from './office.ts';

/* ---------- The back office's accounts, users and client links (`/api/admin/…`, the CLI) ---------- */

/** POST /api/admin/admins: an admin's account opened. */
export const CreatedAdminSchema = z.object({ userId: z.string(), email: z.string() });
export type CreatedAdmin = z.infer<typeof CreatedAdminSchema>;

/** A user's role: a stylist, one of the company's staff, or a shop account (`user`). */
export const ACCOUNT_ROLES = ['stylist', ...OFFICE_ROLES, 'user'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

const UserEmailSchema = z.string().trim().min(1, "Give the user's email.").max(320);

/** POST /api/admin/users/ban: refuses the user's sign-ins and ends their sessions. */
export const BanUserBodySchema = z.strictObject({
  email: UserEmailSchema,
  reason: z.string().trim().min(1).max(500).optional(),
});
export type BanUserBody = z.infer<typeof BanUserBodySchema>;

/** POST /api/admin/users/unban. */
export const UnbanUserBodySchema = z.strictObject({ email: UserEmailSchema });
export type UnbanUserBody = z.infer<typeof UnbanUserBodySchema>;

/** POST /api/admin/users/role: changes the user's role and ends their sessions. */
export const SetUserRoleBodySchema = z.strictObject({
  email: UserEmailSchema,
  role: z.enum(ACCOUNT_ROLES, { error: `role must be one of ${ACCOUNT_ROLES.join(', ')}` }),
});
export type SetUserRoleBody = z.infer<typeof SetUserRoleBodySchema>;

/** What a ban, unban or role change left: the user as they are now, and the sessions it ended. */
export const UserAccessAnswerSchema = z.object({
  email: z.string(),
  role: z.string(),
  banned: z.boolean(),
  sessionsEnded: z.number().int().min(0),
});
export type UserAccessAnswer = z.infer<typeof UserAccessAnswerSchema>;

/** POST /api/admin/clients/{clientId}/links/revoke: every live link of the client ended. */
export const RevokedLinksAnswerSchema = z.object({
  clientId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  revoked: z.number().int().min(0),
});
export type RevokedLinksAnswer = z.infer<typeof RevokedLinksAnswerSchema>;

/** The client pages the back office may mint a link to: "Curated For", Quote Share, offers. */
export const CLIENT_LINK_PAGES = ['curated', 'quotes', 'quote-offer'] as const;
export type ClientLinkPage = (typeof CLIENT_LINK_PAGES)[number];

/** POST /api/admin/clients/{clientId}/links. */
export const CreateClientLinkBodySchema = z.strictObject({
  page: z
    .enum(CLIENT_LINK_PAGES, { error: `page must be one of ${CLIENT_LINK_PAGES.join(', ')}` })
    .default('curated'),
});
export type CreateClientLinkBody = z.input<typeof CreateClientLinkBodySchema>;

export const ClientLinkAnswerSchema = z.object({ url: z.string(), expiresAt: z.iso.datetime() });
export type ClientLinkAnswer = z.infer<typeof ClientLinkAnswerSchema>;
