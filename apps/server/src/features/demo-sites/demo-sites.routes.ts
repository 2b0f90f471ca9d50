import {
  AccountSitePageSchema,
  SHOP_LOGIN_PATHS,
  type AccountSitePage,
  type ShopLoginTarget,
} from '@atelier/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DemoSites } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { ShopSso } from '../../integrations/shop-sso/shop-sso.ts';
import type { AppInstance } from '../../lib/app-instance.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyAccountSiteHandoff, type HandoffIssuer } from '../account-site/index.ts';
import { renderDemoPage, type DemoSite, type Section } from './demo-page.ts';
import { DEMO_SITE_PATHS } from './demo-site-paths.ts';
import { findPerson } from './demo-sites.service.ts';

const SHOP_PAGES: Readonly<Record<ShopLoginTarget, string>> = {
  dashboard: 'Account dashboard',
  quotes: 'Quotes to review',
  'ship-list': 'Stuff to ship',
};

const ACCOUNT_PAGES: Readonly<Record<AccountSitePage, string>> = {
  'personal-info': 'Personal info',
  security: 'Security',
  terms: 'Terms of use',
};

const FAQ: Section[] = [
  {
    heading: 'How does a client answer my offers?',
    paragraphs: [
      'Share the quotes from the client’s quotes page: the client gets an email with a link to their Curated For page, answers Yes or No for each item and confirms. You are notified at once.',
    ],
  },
  {
    heading: 'How do items reach the warehouse?',
    paragraphs: [
      'For accepted items, create a shipping label (optionally emailing the client the ship list) or record a pickup with the client’s signature.',
    ],
  },
  {
    heading: 'When am I paid?',
    paragraphs: [
      'A commission is pending until the item sells and the payout is made, by check (3-5 business days) or PayPal, as chosen under Payout in Stylist Account.',
    ],
  },
];

/** What each page of the demo account site says beside who is signed in: it changes nothing. */
const ACCOUNT_PAGE_TEXT: Readonly<Record<AccountSitePage, Section>> = {
  'personal-info': {
    heading: 'Your details',
    paragraphs: ['The real account site edits your name, address and contact details here.'],
  },
  security: {
    heading: 'Password',
    paragraphs: [
      'This demo site changes nothing. To change your password, use “Forgot password?” on the portal’s sign-in page, or set DEMO_SITES=false to change it in Stylist Account.',
    ],
  },
  terms: {
    heading: 'Demo terms',
    paragraphs: [
      'These are placeholder terms of use for trying Atelier. The real terms are on the account site that ACCOUNT_SITE_URL names.',
    ],
  },
};

/** A browser reads these pages: every refusal is a page too, with its 4xx status. */
function answerWithPage(site: DemoSite) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const status = error instanceof AppError ? error.status : (error.statusCode ?? 500);
    if (status >= 500) throw error;
    const refusal =
      error instanceof AppError ? error.message : 'This address is not valid on this site.';
    const heading = status === 404 ? 'Not found' : status === 401 ? 'Not signed in' : 'Refused';
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderDemoPage(site, { heading, refusal }));
  };
}

function sendPage(reply: FastifyReply, site: DemoSite, heading: string, sections: Section[]) {
  return reply
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(renderDemoPage(site, { heading, sections }));
}

const PUBLIC = { access: 'public' } as const;
const hidden = { hide: true };

/** Each stand-in in a scope of its own, so that its refusals are its own pages. */
async function registerSite(
  app: AppInstance,
  site: DemoSite,
  routes: (scope: AppInstance) => void,
) {
  await app.register(async (scope) => {
    scope.setErrorHandler(answerWithPage(site));
    routes(scope);
  });
}

/**
 * The built-in stand-ins of the outside sites (docs/decisions/0021), each reached through the
 * real mechanism: the shop reads the single sign-on cookie, the account site verifies the hand-off
 * token. The back office has no stand-in: its admin links open this server's office (issue 30).
 */
export const demoSitesRoutes: FastifyPluginAsyncZod<{
  db: Db;
  sites: DemoSites;
  shopSso: ShopSso;
  handoff: HandoffIssuer;
}> = async (app, { db, sites, shopSso, handoff }) => {
  if (sites.shop) {
    await registerSite(app, 'shop', (scope) => {
      for (const [target, path] of Object.entries(SHOP_LOGIN_PATHS)) {
        scope.get(
          `${DEMO_SITE_PATHS.shop}${path}`,
          {
            config: PUBLIC,
            schema: { ...hidden, querystring: z.object({ 'check-sso': z.string().optional() }) },
          },
          async (request, reply) => {
            const token = request.cookies[shopSso.cookieName];
            // As the shop would: the portal's sign-in is looked for when it asks, with check-sso=true.
            const customer =
              request.query['check-sso'] === 'true' && token
                ? await shopSso.readSignIn(token).catch(() => null)
                : null;
            if (!customer) {
              throw AppError.unauthorized(
                'No valid sign-in from the portal reached the shop: its sign-in cookie is missing, altered or expired. Open the shop again from the portal.',
              );
            }
            return sendPage(reply, 'shop', SHOP_PAGES[target as ShopLoginTarget], [
              {
                heading: 'Signed in through the portal',
                rows: [
                  ['Client', customer.name],
                  ['Email', customer.email],
                  ['Shop account', customer.userId],
                ],
              },
            ]);
          },
        );
      }
    });
  }

  if (sites.account) {
    await registerSite(app, 'account', (scope) => {
      scope.get(
        `${DEMO_SITE_PATHS.account}/:page`,
        {
          config: PUBLIC,
          schema: {
            ...hidden,
            params: z.object({ page: AccountSitePageSchema }),
            querystring: z.object({ handoff: z.string().optional() }),
          },
        },
        async (request, reply) => {
          const { handoff: token } = request.query;
          const signedIn = token
            ? await verifyAccountSiteHandoff(handoff, token).catch(() => null)
            : null;
          const person = signedIn ? await findPerson(db, signedIn.userId) : null;
          if (!person) {
            throw AppError.unauthorized(
              'This sign-in link has expired or is not valid. Open the page again from Stylist Account in the portal.',
            );
          }
          const { page } = request.params;
          return sendPage(reply, 'account', ACCOUNT_PAGES[page], [
            {
              heading: 'Signed in through the portal',
              rows: [
                ['Name', person.name],
                ['Email', person.email],
                ['Page asked for', page],
              ],
            },
            ACCOUNT_PAGE_TEXT[page],
          ]);
        },
      );
    });
  }

  if (sites.help) {
    await registerSite(app, 'help', (scope) => {
      scope.get(DEMO_SITE_PATHS.help, { config: PUBLIC, schema: hidden }, async (_request, reply) =>
        sendPage(reply, 'help', 'Frequently asked questions', FAQ),
      );
    });
  }
};
