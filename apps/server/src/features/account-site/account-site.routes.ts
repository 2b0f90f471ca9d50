import { accountSiteApi } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStylist } from '../../auth/actor.ts';
import { route } from '../../lib/route.ts';
import { createAccountSiteLink, type HandoffIssuer } from './account-site-link.ts';

interface AccountSiteOptions extends HandoffIssuer {
  helpSiteUrl: string | null;
}

/** The "Stylist Account" modal's ways out: the FAQ, and signed hand-offs to the account site (§2). */
export const accountSiteRoutes: FastifyPluginAsyncZod<AccountSiteOptions> = async (
  app,
  { site, issuer, helpSiteUrl },
) => {
  route(app, accountSiteApi.getSiteLinks, () => ({
    helpUrl: helpSiteUrl,
    hasAccountSite: site !== null,
  }));

  route(app, accountSiteApi.createAccountSiteLink, (request) =>
    createAccountSiteLink({ site, issuer }, requireStylist(request), request.body.page),
  );
};
