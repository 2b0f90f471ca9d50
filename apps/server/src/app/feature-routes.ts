import type { Auth } from '../auth/auth.ts';
import type { SessionWatch } from '../auth/sessions.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { accountRoutes } from '../features/account/account.routes.ts';
import { demoHandoffSecret } from '../features/account-site/account-site-link.ts';
import { accountSiteRoutes } from '../features/account-site/account-site.routes.ts';
import { clientDataRoutes } from '../features/client-data/client-data.routes.ts';
import { clientPagesRoutes } from '../features/client-pages/client-pages.routes.ts';
import { clientLoginRoutes } from '../features/clients/client-login.routes.ts';
import { clientsRoutes } from '../features/clients/clients.routes.ts';
import { adminCommissionsRoutes } from '../features/commissions/admin-commissions.routes.ts';
import { commissionsRoutes } from '../features/commissions/commissions.routes.ts';
import { contentRoutes } from '../features/content/content.routes.ts';
import { dashboardRoutes } from '../features/dashboard/dashboard.routes.ts';
import { demoSitesRoutes } from '../features/demo-sites/demo-sites.routes.ts';
import { healthRoutes } from '../features/health/health.routes.ts';
import { adminClientLinksRoutes } from '../features/links/admin-client-links.routes.ts';
import { pickupRoutes } from '../features/pickup/pickup.routes.ts';
import { marketingBoxRoutes } from '../features/marketing-box/marketing-box.routes.ts';
import { adminNotificationsRoutes } from '../features/notifications/admin-notifications.routes.ts';
import type { NotificationHub } from '../features/notifications/notification-hub.ts';
import { notificationsRoutes } from '../features/notifications/notifications.routes.ts';
import { profileImageRoutes } from '../features/profile/profile-image.routes.ts';
import { adminQuotesRoutes } from '../features/quotes/admin-quotes.routes.ts';
import { officeRoutes } from '../features/office/office.routes.ts';
import { quotesRoutes } from '../features/quotes/quotes.routes.ts';
import { shareRoutes } from '../features/share/share.routes.ts';
import { tutorialsRoutes } from '../features/tutorials/tutorials.routes.ts';
import { adminAccountsRoutes } from '../features/user-accounts/admin-accounts.routes.ts';
import { adminOutboxRoutes } from '../integrations/outbox/admin-outbox.routes.ts';
import type { ShippingProvider } from '../integrations/shipping/shipping-provider.ts';
import { createShopSso, shopSsoTokenKey } from '../integrations/shop-sso/shop-sso.ts';
import { filesRoutes } from '../integrations/storage/files.routes.ts';
import type { FileStorage } from '../integrations/storage/storage.ts';
import type { AppInstance } from '../lib/app-instance.ts';
import type { Uploads } from '../lib/multipart.ts';

/** Every feature's routes, each an encapsulated plugin given only what it uses. */
export async function registerFeatureRoutes(
  app: AppInstance,
  deps: {
    config: Config;
    database: Database;
    auth: Auth;
    /** AUTH_SECRET (or the generated one): the demo hand-off and shop SSO keys derive from it. */
    secret: string;
    storage: FileStorage;
    uploads: Uploads;
    notificationHub: NotificationHub;
    /** Which sessions are live; a ban or a role change through this instance forgets them. */
    sessions: SessionWatch;
    shippingProvider: ShippingProvider;
  },
) {
  const { config, database, auth, secret, storage, uploads } = deps;
  await app.register(healthRoutes, { ping: database.ping });
  await app.register(filesRoutes, { storage });
  await app.register(accountRoutes, { db: database.db, storage });
  await app.register(clientsRoutes, { db: database.db, sites: config.sites, storage });
  const shopSso = createShopSso({
    shopUrl: config.sites.shopUrl,
    publicUrl: config.publicUrl,
    cookie: { name: config.sso.cookieName, domain: config.sso.cookieDomain },
    tokenKey: shopSsoTokenKey(config.sso.tokenSecret, secret),
    multipassSecret: config.sso.multipassSecret,
  });
  await app.register(clientLoginRoutes, {
    db: database.db,
    publicUrl: config.publicUrl,
    rateLimitMax: config.clientPages.rateLimitMax,
    shopSso,
  });
  await app.register(dashboardRoutes, { db: database.db });
  await app.register(contentRoutes, { db: database.db });
  await app.register(profileImageRoutes, { db: database.db, storage, uploads });
  await app.register(tutorialsRoutes, { db: database.db, storage });
  await app.register(marketingBoxRoutes, { db: database.db, storage });
  const handoff = {
    site: config.accountSite && {
      url: config.accountSite.url,
      handoffSecret: config.accountSite.handoffSecret ?? demoHandoffSecret(secret),
    },
    issuer: config.publicUrl,
  };
  await app.register(accountSiteRoutes, { ...handoff, helpSiteUrl: config.helpSiteUrl });
  await app.register(demoSitesRoutes, {
    db: database.db,
    sites: config.demoSites,
    shopSso,
    handoff,
  });
  await app.register(quotesRoutes, { db: database.db, storage, sites: config.sites, uploads });
  await app.register(adminQuotesRoutes, {
    db: database.db,
    storage,
    sites: config.sites,
    offerExpiryDays: config.offers.expiryDays,
  });
  await app.register(adminCommissionsRoutes, { db: database.db, storage });
  await app.register(officeRoutes, {
    db: database.db,
    storage,
    sites: config.sites,
    offerExpiryDays: config.offers.expiryDays,
    settings: config.office,
    hub: deps.notificationHub,
  });
  await app.register(pickupRoutes, {
    db: database.db,
    storage,
    sites: config.sites,
    provider: deps.shippingProvider,
    warehouse: config.shipping.warehouse,
    publicUrl: config.publicUrl,
  });
  await app.register(shareRoutes, { db: database.db, publicUrl: config.publicUrl });
  await app.register(clientPagesRoutes, {
    db: database.db,
    storage,
    sites: config.sites,
    publicUrl: config.publicUrl,
    rateLimitMax: config.clientPages.rateLimitMax,
    uploads,
    hub: deps.notificationHub,
  });
  await app.register(commissionsRoutes, {
    db: database.db,
    publicUrl: config.publicUrl,
    storage,
  });
  await app.register(notificationsRoutes, { db: database.db, hub: deps.notificationHub });
  await app.register(adminNotificationsRoutes, { db: database.db });
  await app.register(adminAccountsRoutes, { db: database.db, auth, sessions: deps.sessions });
  await app.register(adminOutboxRoutes, { db: database.db });
  await app.register(adminClientLinksRoutes, { db: database.db, publicUrl: config.publicUrl });
  await app.register(clientDataRoutes, { db: database.db, storage });
}
