import { afterEach, describe, expect, test, vi } from 'vitest';
import routerSource from './router.tsx?raw';
import {
  lazyPagesOf,
  matchRoute,
  preloadScript,
  preloadTable,
  type BuildChunk,
} from './route-preload.ts';
import { routes } from './routes.ts';

const paths = lazyPagesOf(routerSource).map(([key]) => routes[key as keyof typeof routes].path);
const pathOf = (pathname: string) => paths[matchRoute(pathname, paths)];

describe('route preloads', () => {
  afterEach(() => {
    for (const link of document.head.querySelectorAll('link')) link.remove();
    window.history.replaceState(null, '', '/');
  });

  test('reads every lazy page of the router', () => {
    const pages = lazyPagesOf(routerSource);
    expect(pages).toContainEqual(['home', '../features/auth/sign-in-page.tsx']);
    expect(pages).toContainEqual(['clientResponse', '../features/client-pages/curated-page.tsx']);
    expect(pages).toContainEqual(['hub', '../features/client-pages/hub-page.tsx']);
    expect(pages).toContainEqual(['office', '../features/office/office-page.tsx']);
    expect(pages).toContainEqual(['officeItem', '../features/office/item-page.tsx']);
    expect(pages).toContainEqual(['officeClient', '../features/office/client-record-page.tsx']);
    expect(pages).toContainEqual(['officeReports', '../features/office/reports-page.tsx']);
    expect(pages).toHaveLength(20);
    expect(() => lazyPagesOf("lazyPage(routes.home, () => load('x'))")).toThrow();
  });

  test('maps a pathname to the route the router opens', () => {
    expect(pathOf('/')).toBe('/');
    expect(pathOf('/dashboard')).toBe('/dashboard');
    expect(pathOf('/Dashboard/')).toBe('/dashboard');
    expect(pathOf('/curated/abc-123')).toBe('/curated/:token');
    expect(pathOf('/hub/abc-123')).toBe('/hub/:token');
    expect(pathOf('/quotes/pickup/7')).toBe('/quotes/pickup/:id');
    expect(pathOf('/quotes/7')).toBe('/quotes/:id');
    expect(pathOf('/quotes/7/print')).toBe('/quotes/:shipmentId/print');
    expect(pathOf('/quotes/manifest/7')).toBe('/quotes/manifest/:shipmentId');
    expect(matchRoute('/no/such/page/here', paths)).toBe(-1);
  });

  test("lists a page's own chunks and CSS, less what the entry loads", () => {
    const manifest: Record<string, BuildChunk> = {
      'index.html': {
        file: 'assets/index.js',
        isEntry: true,
        imports: ['_react.js'],
        css: ['assets/index.css'],
      },
      '_react.js': { file: 'assets/react.js' },
      '_shared.js': {
        file: 'assets/shared.js',
        imports: ['_react.js'],
        css: ['assets/shared.css'],
      },
      'page.tsx': {
        file: 'assets/page.js',
        imports: ['index.html', '_shared.js'],
        css: ['assets/page.css'],
      },
    };
    expect(
      preloadTable(manifest, [{ path: '/p/:id', page: 'page.tsx', images: ['/art.svg'] }]),
    ).toEqual([
      {
        path: '/p/:id',
        js: ['assets/page.js', 'assets/shared.js'],
        css: ['assets/page.css', 'assets/shared.css'],
        images: ['/art.svg'],
        api: [],
      },
    ]);
  });

  test('the inline script adds the matched route’s preloads, and none elsewhere', () => {
    const table = [
      {
        path: '/',
        js: ['assets/sign-in.js'],
        css: ['assets/sign-in.css'],
        images: ['/art.svg'],
        api: [],
      },
      {
        path: '/curated/:token',
        js: ['assets/curated.js', 'assets/carousel.js'],
        css: [],
        images: [],
        api: [],
      },
    ];
    window.history.replaceState(null, '', '/curated/abc');
    new Function(preloadScript(table, '/'))();
    const links = [...document.head.querySelectorAll('link')].map((link) => [
      link.rel,
      link.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['modulepreload', '/assets/curated.js'],
      ['modulepreload', '/assets/carousel.js'],
    ]);

    document.head.querySelectorAll('link').forEach((link) => link.remove());
    window.history.replaceState(null, '', '/');
    new Function(preloadScript(table, '/'))();
    const home = [...document.head.querySelectorAll('link')];
    expect(
      home.map((link) => [link.rel, link.getAttribute('as'), link.getAttribute('href')]),
    ).toEqual([
      ['modulepreload', null, '/assets/sign-in.js'],
      ['preload', 'style', '/assets/sign-in.css'],
      ['preload', 'image', '/art.svg'],
    ]);
    expect(home[1]?.crossOrigin).toBe('');

    document.head.querySelectorAll('link').forEach((link) => link.remove());
    window.history.replaceState(null, '', '/nowhere/at/all');
    new Function(preloadScript(table, '/'))();
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });

  test("starts the route's API calls, with its parameters and the stored session's token", async () => {
    const table = [
      {
        path: '/curated/:token',
        js: [],
        css: [],
        images: [],
        api: [{ path: '/api/client/curated/:token', isSignedIn: false }],
      },
      {
        path: '/dashboard',
        js: [],
        css: [],
        images: [],
        api: [
          { path: '/api/account?include=stylist', isSignedIn: true },
          { path: '/api/stylist/dashboard', isSignedIn: true },
        ],
      },
    ];
    const settings = { accept: 'application/x.test', sessionKey: 'test.session' };
    const asked: [string, Headers][] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      asked.push([url, new Headers(init.headers)]);
      return Promise.resolve(new Response('{"data":1}', { status: 200 }));
    });
    const early = () =>
      (window as unknown as { __atelierEarly: Record<string, { authorization: string | null }> })
        .__atelierEarly;

    window.history.replaceState(null, '', '/curated/a%20b');
    new Function(preloadScript(table, '/', settings))();
    expect(asked.map(([url, headers]) => [url, headers.get('Accept')])).toEqual([
      ['/api/client/curated/a%20b', 'application/x.test'],
    ]);
    expect(early()['/api/client/curated/a%20b']?.authorization).toBeNull();

    // Signed-in calls go only with a verified, unexpired session.
    asked.length = 0;
    window.history.replaceState(null, '', '/dashboard');
    const session = { token: 'tok', tokenExpires: Date.now() + 60_000, isStylistVerified: false };
    localStorage.setItem('test.session', JSON.stringify(session));
    new Function(preloadScript(table, '/', settings))();
    expect(asked).toEqual([]);
    // A staff member's session (issue 30) makes no stylist call.
    localStorage.setItem('test.session', JSON.stringify({ ...session, isOfficeVerified: true }));
    new Function(preloadScript(table, '/', settings))();
    expect(asked).toEqual([]);
    localStorage.setItem('test.session', JSON.stringify({ ...session, isStylistVerified: true }));
    new Function(preloadScript(table, '/', settings))();
    expect(asked.map(([url, headers]) => [url, headers.get('Authorization')])).toEqual([
      ['/api/account?include=stylist', 'Bearer tok'],
      ['/api/stylist/dashboard', 'Bearer tok'],
    ]);
    expect(early()['/api/stylist/dashboard']?.authorization).toBe('Bearer tok');
    localStorage.clear();
    vi.unstubAllGlobals();
  });
});
