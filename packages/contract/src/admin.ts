import { z } from 'zod';
import { ClientIdParamsSchema } from './clients.ts';
import { CreateStylistBodySchema, CreatedStylistSchema } from './account.ts';
import { endpoints } from './endpoint.ts';
import { ErrorBodySchema } from './errors.ts';

/* ---------- The back office's accounts, users and client links (`/api/admin/…`, the CLI) ---------- */

/** POST /api/admin/admins: an admin's account opened. */
export const CreatedAdminSchema = z.object({ userId: z.string(), email: z.string() });
export type CreatedAdmin = z.infer<typeof CreatedAdminSchema>;

export const ACCOUNT_ROLES = ['stylist', 'admin', 'user'] as const;
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

/** The back office's hold on any client's links: admin staff only, as the CLI's commands. */
export const adminClientLinksApi = endpoints('back office', {
  revokeClientLinks: {
    method: 'POST',
    path: '/api/admin/clients/:clientId/links/revoke',
    access: 'admin',
    summary: 'End every live link of a client (client pages, manifests) at once',
    params: ClientIdParamsSchema,
    responses: { 200: RevokedLinksAnswerSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
  },
  createClientLink: {
    method: 'POST',
    path: '/api/admin/clients/:clientId/links',
    access: 'admin',
    summary: "A new link to one of a client's pages (Curated For by default)",
    params: ClientIdParamsSchema,
    body: CreateClientLinkBodySchema,
    responses: { 201: ClientLinkAnswerSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
  },
});

const PASSWORD_RULE =
  'The password must have 12+ characters and not be a common one; the user can change it from the sign-in page ("Forgot password?").';

/** One change to a user, found by email: their state after it, or 404 for an unknown email. */
const userChange = { 200: UserAccessAnswerSchema, 400: ErrorBodySchema, 404: ErrorBodySchema };

/** The back office opens accounts and bans or re-roles users, as `npm run admin -- …` does. */
export const adminAccountsApi = endpoints('back office', {
  createStylist: {
    method: 'POST',
    path: '/api/admin/stylists',
    summary: "Open a stylist's account",
    description: PASSWORD_RULE,
    access: 'admin',
    body: CreateStylistBodySchema,
    responses: { 201: CreatedStylistSchema, 400: ErrorBodySchema, 409: ErrorBodySchema },
  },
  createAdmin: {
    method: 'POST',
    path: '/api/admin/admins',
    summary: "Open an admin's account (back office API and CLI)",
    description: PASSWORD_RULE,
    access: 'admin',
    body: CreateStylistBodySchema,
    responses: { 201: CreatedAdminSchema, 400: ErrorBodySchema, 409: ErrorBodySchema },
  },
  banUser: {
    method: 'POST',
    path: '/api/admin/users/ban',
    summary: "Refuse a user's sign-ins and end their sessions at once, on every instance",
    access: 'admin',
    body: BanUserBodySchema,
    responses: userChange,
  },
  unbanUser: {
    method: 'POST',
    path: '/api/admin/users/unban',
    summary: 'Let a banned user sign in again',
    access: 'admin',
    body: UnbanUserBodySchema,
    responses: userChange,
  },
  setUserRole: {
    method: 'POST',
    path: '/api/admin/users/role',
    summary: "Change a user's role; their sessions end",
    access: 'admin',
    body: SetUserRoleBodySchema,
    responses: userChange,
  },
});
