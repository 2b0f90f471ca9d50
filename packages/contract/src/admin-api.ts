import { CreateStylistBodySchema, CreatedStylistSchema } from './account.ts';
import {
  BanUserBodySchema,
  ClientLinkAnswerSchema,
  CreateClientLinkBodySchema,
  CreatedAdminSchema,
  RevokedLinksAnswerSchema,
  SetUserRoleBodySchema,
  UnbanUserBodySchema,
  UserAccessAnswerSchema,
} from './admin.ts';
import { ClientIdParamsSchema } from './params.ts';
import { endpoints } from './endpoint.ts';
import { ErrorBodySchema } from './errors.ts';
/** One change to a user, found by email: their state after it, or 404 for an unknown email. */
const userChange = { 200: UserAccessAnswerSchema, 400: ErrorBodySchema, 404: ErrorBodySchema };

const PASSWORD_RULE =
  'The password must have 12+ characters and not be a common one; the user can change it from the sign-in page ("Forgot password?").';

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
