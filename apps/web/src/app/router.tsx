import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LogoutPage } from '../features/auth/logout-page.tsx';
import { SignInPage } from '../features/auth/sign-in-page.tsx';
import { ClientsPage } from '../features/clients/clients-page.tsx';
import { CommissionPage } from '../features/commissions/commission-page.tsx';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { ManifestPage } from '../features/manifest/manifest-page.tsx';
import { ManifestPrintPage } from '../features/manifest/manifest-print-page.tsx';
import { ShippingLabelPage } from '../features/manifest/shipping-label-page.tsx';
import { QuotePickupPage } from '../features/quotes/quote-pickup-page.tsx';
import { QuoteReviewPage } from '../features/quotes/quote-review-page.tsx';
import { AppFrame } from './app-frame.tsx';
import { ComingSoonPage } from './coming-soon-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RouteErrorPage } from './route-error-page.tsx';
import { routes, type AppRoute } from './routes.ts';

function page(route: AppRoute, element: ReactNode): RouteObject {
  return { path: route.path, element, handle: route };
}

function comingSoon(route: AppRoute): RouteObject {
  return page(route, <ComingSoonPage route={route} />);
}

/** Every row of the route table with its screen; the guard reads each row from `handle`. */
export const appRoutes: RouteObject[] = [
  {
    element: <AppFrame />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          page(routes.home, <SignInPage />),
          page(routes.dashboard, <DashboardPage />),
          page(routes.clients, <ClientsPage />),
          page(routes.quotePickup, <QuotePickupPage />),
          page(routes.quoteReview, <QuoteReviewPage />),
          page(routes.manifest, <ManifestPage />),
          comingSoon(routes.quoteShare),
          comingSoon(routes.quoteOffer),
          page(routes.manifestPrint, <ManifestPrintPage />),
          page(routes.commission, <CommissionPage />),
          page(routes.logout, <LogoutPage />),
          page(routes.shippingLabel, <ShippingLabelPage />),
          comingSoon(routes.clientResponse),
          page(routes.notFound, <NotFoundPage />),
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
