import { describe, expect, test } from 'vitest';
import { CLIENT_RESPONSE_ROUTE } from '@atelier/contract';
import {
  documentTitle,
  manifestPath,
  manifestPrintPath,
  routes,
  shippingLabelPath,
} from './routes.ts';

// Spec §2 route table, copied row by row: path, name (null where §2 leaves it blank), login.
const specRows: { path: string; name: string | null; loginRequired: boolean; title: string }[] = [
  { path: '/', name: 'home', loginRequired: false, title: 'Home | Please log in' },
  {
    path: '/dashboard',
    name: 'dashboard',
    loginRequired: true,
    title: 'Dashboard | Manage Your Clients',
  },
  { path: '/clients', name: 'clients', loginRequired: true, title: 'Your Clients' },
  { path: '/quotes/pickup/:id', name: 'quote-pickup', loginRequired: true, title: 'Client Quotes' },
  {
    path: '/quotes/review/:id',
    name: 'quote-review',
    loginRequired: true,
    title: 'Client Responses',
  },
  { path: '/quotes/manifest/:shipmentId', name: null, loginRequired: true, title: 'Ship Manifest' },
  { path: '/quote/:id', name: 'quotes', loginRequired: false, title: 'Quote Share' },
  {
    path: '/quotes/:id',
    name: 'quote-offer',
    loginRequired: false,
    title: 'Approve White Glove Offers',
  },
  { path: '/quotes/:shipmentId/print', name: null, loginRequired: false, title: 'Print Manifest' },
  { path: '/commission/:id', name: null, loginRequired: true, title: 'Commission' },
  { path: '/logout', name: null, loginRequired: false, title: 'Signing out' },
  { path: '/shipping-label/:id', name: null, loginRequired: true, title: 'Shipping Label' },
];

const table = Object.values(routes);

describe('route table', () => {
  test.each(specRows)('has the §2 row $path', (row) => {
    const route = table.find((entry) => entry.path === row.path);
    expect(route, `no route for ${row.path}`).toBeDefined();
    expect(route?.loginRequired).toBe(row.loginRequired);
    expect(route?.title).toBe(row.title);
    if (row.name) expect(route?.name).toBe(row.name);
  });

  test('gives every route a distinct name and path', () => {
    expect(new Set(table.map((route) => route.name)).size).toBe(table.length);
    expect(new Set(table.map((route) => route.path)).size).toBe(table.length);
  });

  test('prefixes every page title with the program name', () => {
    expect(documentTitle(routes.dashboard)).toBe('Atelier | Dashboard | Manage Your Clients');
    expect(documentTitle(routes.home)).toBe('Atelier | Home | Please log in');
  });

  test('has the client response page, public, under its route name (docs/decisions/0006)', () => {
    expect(CLIENT_RESPONSE_ROUTE).toBe('curated');
    expect(routes.clientResponse).toMatchObject({
      path: '/curated/:token',
      title: 'Curated For',
      loginRequired: false,
    });
  });

  test('builds the manifest, print and label addresses of a shipment', () => {
    expect(manifestPath(12)).toBe('/quotes/manifest/12');
    expect(manifestPrintPath(12)).toBe('/quotes/12/print');
    expect(manifestPrintPath('abc_DEF-1')).toBe('/quotes/abc_DEF-1/print');
    expect(shippingLabelPath(12)).toBe('/shipping-label/12');
  });
});
