/**
 * Build-time helpers of the `atelier-route-preload` plugin (apps/web/vite.config.ts): index.html
 * gets a small inline script that, from `location.pathname`, starts downloading the opened
 * route's page chunk, its static imports and its CSS beside the entry, instead of after the
 * entry has run and the router has asked for the page. Nothing here is part of the app bundle.
 */

/** A chunk of the build as Vite's manifest describes it (`build.manifest`). */
export interface BuildChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** What the inline script preloads when a pathname matches `path`. */
export interface RoutePreload {
  path: string;
  js: string[];
  css: string[];
  images: string[];
  /** The API calls it starts (early-requests.ts). */
  api: EarlyRequest[];
}

/** An API call the inline script starts; `path` names the route's parameters (`:token`). */
export interface EarlyRequest {
  path: string;
  /** Carries the stored session's bearer token; made only when a verified session is stored. */
  isSignedIn: boolean;
}

/** What the inline script's API calls send: the versioned Accept, the session's storage key. */
export interface EarlyRequestSettings {
  accept: string;
  sessionKey: string;
}

/**
 * The router's lazy pages as `[route key, page module]`, read from the source of
 * src/app/router.tsx (`lazyPage(routes.home, () => import('../features/auth/sign-in-page.tsx')`).
 * Throws when a `lazyPage(` call is not in that shape, so a rewrite of the router cannot silently
 * drop the preloads.
 */
export function lazyPagesOf(routerSource: string): [string, string][] {
  const pattern = /lazyPage\(\s*routes\.(\w+),\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)/g;
  const found = [...routerSource.matchAll(pattern)].map(
    ([, key = '', page = '']): [string, string] => [key, page],
  );
  const calls = routerSource.match(/lazyPage\(\s*routes\./g)?.length ?? 0;
  if (found.length === 0 || found.length !== calls) {
    throw new Error(
      `route-preload: read ${found.length} of ${calls} lazyPage(routes.…, () => import('…')) calls`,
    );
  }
  return found;
}

/** Every manifest key reachable from `keys` through static imports. */
function staticClosure(manifest: Record<string, BuildChunk>, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...keys];
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    if (seen.has(key)) continue;
    seen.add(key);
    pending.push(...(manifest[key]?.imports ?? []));
  }
  return seen;
}

/**
 * The preload table: for each page route, the files of its page chunk and of the chunks it
 * imports statically, less those the entry already loads (index.html preloads them itself).
 * `pages` pairs a route's path with its page's manifest key (its source, relative to apps/web).
 */
export function preloadTable(
  manifest: Record<string, BuildChunk>,
  pages: { path: string; page: string; images?: string[]; api?: EarlyRequest[] }[],
): RoutePreload[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const loadedByEntry = staticClosure(manifest, entries);
  const entryCss = new Set([...loadedByEntry].flatMap((key) => manifest[key]?.css ?? []));
  return pages.map(({ path, page, images = [], api = [] }) => {
    if (!manifest[page]) throw new Error(`route-preload: ${page} is not in the build`);
    const own = [...staticClosure(manifest, [page])].filter((key) => !loadedByEntry.has(key));
    // The page's chunk first: the browser starts the downloads in this order.
    own.sort((a, b) => Number(b === page) - Number(a === page));
    const css = [...new Set(own.flatMap((key) => manifest[key]?.css ?? []))];
    return {
      path,
      js: own.flatMap((key) => manifest[key]?.file ?? []),
      css: css.filter((file) => !entryCss.has(file)),
      images,
      api,
    };
  });
}

/**
 * The index of the route `pathname` opens, or -1: same number of segments, every static segment
 * equal (ignoring case, as react-router does), and the route with the most static segments wins
 * (`/quotes/pickup/:id` over `/quotes/:id/:x`). Runs in index.html from its source text
 * (`Function.prototype.toString`), so it uses nothing from outside itself.
 */
export function matchRoute(pathname: string, paths: string[]): number {
  const segments = (path: string) => path.split('/').filter((segment) => segment !== '');
  const wanted = segments(pathname).map((segment) => segment.toLowerCase());
  let best = -1;
  let bestScore = -1;
  for (let index = 0; index < paths.length; index += 1) {
    const route = segments(paths[index] ?? '');
    if (route.length !== wanted.length) continue;
    let score = 0;
    let isMatch = true;
    for (let at = 0; at < route.length; at += 1) {
      const segment = route[at] ?? '';
      if (segment.startsWith(':')) continue;
      if (segment.toLowerCase() !== wanted[at]) {
        isMatch = false;
        break;
      }
      score += 1;
    }
    if (isMatch && score > bestScore) {
      best = index;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The inline script for index.html: it adds `<link rel=modulepreload>` for the matched route's
 * JavaScript and `<link rel=preload as=style>` for its CSS (crossorigin, as Vite's own loader
 * asks for them, so the loader finds them in the cache), and `<link rel=preload as=image>` (high
 * priority) for the images that paint first. It also starts the route's first API calls
 * (early-requests.ts), their parameters taken from the pathname, and leaves each answer's promise
 * in `window.__atelierEarly` by path, with the Authorization it was asked with, for the API client
 * (`takeEarlyAnswer` in lib/api-client.ts), for 30 s. A signed-in call goes only with a stored
 * session that is verified and unexpired (lib/session-store.ts).
 */
export function preloadScript(
  table: RoutePreload[],
  base: string,
  settings: EarlyRequestSettings = { accept: '', sessionKey: '' },
): string {
  const data = JSON.stringify(
    table.map(({ path, js, css, images, api }) => [
      path,
      js,
      css,
      images,
      api.map((request) => [request.path, request.isSignedIn]),
    ]),
  );
  return `(function(){var t=${data};var match=${matchRoute.toString()};
var i=match(location.pathname,t.map(function(r){return r[0];}));if(i<0)return;
function add(rel,as,href,cors){var l=document.createElement('link');l.rel=rel;if(as)l.setAttribute('as',as);if(as==='image')l.setAttribute('fetchpriority','high');if(cors)l.crossOrigin='';l.href=href;document.head.appendChild(l);}
t[i][1].forEach(function(f){add('modulepreload','',${JSON.stringify(base)}+f,true);});
t[i][2].forEach(function(f){add('preload','style',${JSON.stringify(base)}+f,true);});
t[i][3].forEach(function(f){add('preload','image',f,false);});
var api=t[i][4];if(api.length===0||typeof fetch!=='function')return;
function parts(p){return p.split('/').filter(function(s){return s!=='';});}
var want=parts(location.pathname),params={};
parts(t[i][0]).forEach(function(s,k){if(s.charAt(0)!==':')return;try{params[s.slice(1)]=encodeURIComponent(decodeURIComponent(want[k]));}catch(e){}});
var auth=null;try{var s=JSON.parse(localStorage.getItem(${JSON.stringify(settings.sessionKey)})||'null');if(s&&s.isStylistVerified===true&&typeof s.token==='string'&&s.token!==''&&s.tokenExpires>Date.now())auth='Bearer '+s.token;}catch(e){}
var early=window.__atelierEarly={};
api.forEach(function(a){if(a[1]&&!auth)return;var ok=true;
var url=a[0].replace(/:(\\w+)/g,function(m,n){if(params[n]===undefined)ok=false;return params[n];});if(!ok)return;
var h={Accept:${JSON.stringify(settings.accept)}};if(a[1])h.Authorization=auth;
var answer=fetch(url,{headers:h});
answer.catch(function(){});early[url]={authorization:a[1]?auth:null,answer:answer};});
setTimeout(function(){window.__atelierEarly={};},30000);})();`;
}
