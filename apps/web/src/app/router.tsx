import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppFrame } from './app-frame.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { PageLoading } from './page-loading.tsx';
import { RouteErrorPage } from './route-error-page.tsx';
import { routes, type AppRoute } from './routes.ts';

function page(route: AppRoute, element: ReactNode): RouteObject {
  return { path: route.path, element, handle: route };
}

/**
 * A page whose code loads when it is first opened (docs/decisions/0008): a client opening a link
 * from an email downloads the client page, not the stylist portal's charts and date pickers.
 */
function lazyPage(route: AppRoute, load: () => Promise<ComponentType>): RouteObject {
  return { path: route.path, handle: route, lazy: async () => ({ Component: await load() }) };
}

/** Every row of the route table with its screen; the guard reads each row from `handle`. */
export const appRoutes: RouteObject[] = [
  {
    element: <AppFrame />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          lazyPage(routes.home, () =>
            import('../features/auth/sign-in-page.tsx').then((m) => m.SignInPage),
          ),
          lazyPage(routes.dashboard, () =>
            import('../features/dashboard/dashboard-page.tsx').then((m) => m.DashboardPage),
          ),
          lazyPage(routes.clients, () =>
            import('../features/clients/clients-page.tsx').then((m) => m.ClientsPage),
          ),
          lazyPage(routes.clientQuotes, () =>
            import('../features/quotes/client-quotes-page.tsx').then((m) => m.ClientQuotesPage),
          ),
          lazyPage(routes.quoteReview, () =>
            import('../features/quotes/quote-review-page.tsx').then((m) => m.QuoteReviewPage),
          ),
          lazyPage(routes.manifest, () =>
            import('../features/manifest/manifest-page.tsx').then((m) => m.ManifestPage),
          ),
          lazyPage(routes.quoteShare, () =>
            import('../features/client-pages/quote-share-page.tsx').then((m) => m.QuoteSharePage),
          ),
          lazyPage(routes.quoteOffer, () =>
            import('../features/client-pages/offer-approval-page.tsx').then(
              (m) => m.OfferApprovalPage,
            ),
          ),
          lazyPage(routes.manifestPrint, () =>
            import('../features/manifest/manifest-print-page.tsx').then((m) => m.ManifestPrintPage),
          ),
          lazyPage(routes.commission, () =>
            import('../features/commissions/commission-page.tsx').then((m) => m.CommissionPage),
          ),
          lazyPage(routes.logout, () =>
            import('../features/auth/logout-page.tsx').then((m) => m.LogoutPage),
          ),
          lazyPage(routes.resetPassword, () =>
            import('../features/auth/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
          ),
          lazyPage(routes.shippingLabel, () =>
            import('../features/manifest/shipping-label-page.tsx').then((m) => m.ShippingLabelPage),
          ),
          lazyPage(routes.clientResponse, () =>
            import('../features/client-pages/curated-page.tsx').then((m) => m.CuratedPage),
          ),
          lazyPage(routes.hub, () =>
            import('../features/client-pages/hub-page.tsx').then((m) => m.HubPage),
          ),
          lazyPage(routes.office, () =>
            import('../features/office/office-page.tsx').then((m) => m.OfficePage),
          ),
          lazyPage(routes.officeItem, () =>
            import('../features/office/item-page.tsx').then((m) => m.ItemPage),
          ),
          lazyPage(routes.officeClient, () =>
            import('../features/office/client-record-page.tsx').then((m) => m.ClientRecordPage),
          ),
          lazyPage(routes.officeStylist, () =>
            import('../features/office/stylist-record-page.tsx').then((m) => m.StylistRecordPage),
          ),
          lazyPage(routes.officeReports, () =>
            import('../features/office/reports-page.tsx').then((m) => m.ReportsPage),
          ),
          page(routes.notFound, <NotFoundPage />),
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
