import {
  AccountSiteLinkBodySchema,
  AccountSiteLinkSchema,
  ErrorBodySchema,
  SiteLinksSchema,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStylist } from '../../auth/auth.plugin.ts';
import { createAccountSiteLink, type HandoffIssuer } from './account-site-link.ts';

interface AccountSiteOptions extends HandoffIssuer {
  helpSiteUrl: string | null;
}

/** The "Stylist Account" modal's ways out: the FAQ, and signed hand-offs to the account site (§2). */
export const accountSiteRoutes: FastifyPluginAsyncZod<AccountSiteOptions> = async (
  app,
  { site, issuer, helpSiteUrl },
) => {
  app.get(
    '/api/site-links',
    {
      schema: {
        tags: ['account'],
        operationId: 'getSiteLinks',
        summary:
          'What the account modal links to here: the help site, and whether an account site exists',
        response: { 200: SiteLinksSchema },
      },
    },
    () => ({ helpUrl: helpSiteUrl, hasAccountSite: site !== null }),
  );

  app.post(
    '/api/stylist/account-site-link',
    {
      schema: {
        tags: ['account'],
        operationId: 'createAccountSiteLink',
        summary: 'A one-minute signed link to a page of the external account site',
        body: AccountSiteLinkBodySchema,
        response: { 200: AccountSiteLinkSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    (request) =>
      createAccountSiteLink({ site, issuer }, requireStylist(request), request.body.page),
  );
};
