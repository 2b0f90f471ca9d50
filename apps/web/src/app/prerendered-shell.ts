/**
 * The sign-in page's prerendered shell (issue 19): the build renders the anonymous `/` (the top
 * bar and the sign-in card beside its art) into `sign-in.html`, which the server sends for `/`
 * only, so the page paints before any JavaScript has run. The app then renders the same markup
 * in its place (main.tsx): what was typed meanwhile is carried over (prerendered-sign-in.ts).
 */

/** On `#root` and on the sign-in form while they hold the prerendered markup, not yet React's. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
/** Set on the prerendered form by the shell's script when it held a submit back. */
export const SUBMITTED_ATTRIBUTE = 'data-submitted';
/** On the sign-in form's "Forgot password?" button. */
export const FORGOT_ATTRIBUTE = 'data-forgot';
/** Set on the prerendered form by the shell's script when "Forgot password?" was pressed. */
export const FORGOT_PRESSED_ATTRIBUTE = 'data-forgot-pressed';
/**
 * On `<html>` when this visit must not show the prerendered sign-in card: a stored session (the
 * app goes on to the dashboard) or `/?forgot` (the card opens on "Forgot password?").
 */
export const SPA_ATTRIBUTE = 'data-spa';

/**
 * The shell's inline script, run in `<head>` before the markup is parsed: marks a visit that
 * must not show the card (the shell's style then hides it), and keeps the prerendered form from
 * submitting natively before the app has taken it over: the form is marked instead, and the app
 * sends it once it has (features/auth/prerendered-sign-in.ts). A press of "Forgot password?" is
 * kept the same way, and the app opens that card. Reads the session store's key
 * (lib/session-store.ts), any stored value: an expired session is the app's to end.
 */
export function shellScript(sessionKey: string): string {
  return `(function(){var h=document.documentElement;try{if(location.pathname!=='/'||new URLSearchParams(location.search).has('forgot')||localStorage.getItem(${JSON.stringify(sessionKey)})!==null)h.setAttribute('${SPA_ATTRIBUTE}','');}catch(e){}
document.addEventListener('submit',function(e){var f=e.target;if(f.hasAttribute('${PRERENDERED_ATTRIBUTE}')){e.preventDefault();f.setAttribute('${SUBMITTED_ATTRIBUTE}','');}},true);
document.addEventListener('click',function(e){var b=e.target&&e.target.closest&&e.target.closest('[${FORGOT_ATTRIBUTE}]');var f=b&&b.closest('form');if(f&&f.hasAttribute('${PRERENDERED_ATTRIBUTE}'))f.setAttribute('${FORGOT_PRESSED_ATTRIBUTE}','');},true);})();`;
}

/** What `sign-in.html` adds to the built index.html. */
export interface SignInShell {
  /** The rendered top bar and page (`renderSignInShell` in prerender.tsx), with one form. */
  markup: string;
  /** The document title the app sets on this page. */
  title: string;
  /** The sign-in page's own stylesheets (besides the entry's), applied before the first paint. */
  css: string[];
  sessionKey: string;
  base: string;
  /** index.html's route-preload script (route-preload.ts), run after the first paint here. */
  preloadScript: string;
  /** What the page paints first (its art), preloaded from the start. */
  images: string[];
}

/**
 * The script at the end of sign-in.html that loads the app once the prerendered page has painted:
 * the route's preloads (route-preload.ts), the entry's module preloads, then the entry. The page
 * needs no JavaScript to show, so its 160 kB no longer share the network with its stylesheets
 * and art before the first paint (on a phone's network, they did).
 */
export function loadAfterPaintScript(preload: string, entry: string, modules: string[]): string {
  return `(function(){function go(){${preload}
${JSON.stringify(modules)}.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l);});
var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry)};document.head.appendChild(s);}
if(document.visibilityState==='hidden')go();else requestAnimationFrame(function(){setTimeout(go,0);});})();`;
}

function replaceOnce(html: string, search: string, replacement: string): string {
  const at = html.indexOf(search);
  if (at < 0 || html.indexOf(search, at + 1) >= 0) {
    throw new Error(`prerender: expected one ${search}`);
  }
  return html.slice(0, at) + replacement + html.slice(at + search.length);
}

/** `sign-in.html`: the built index.html with the sign-in page in `#root`. */
export function signInHtml(indexHtml: string, shell: SignInShell): string {
  let html = indexHtml.replace(
    /<title>[^<]*<\/title>/,
    `<title>${escapeHtml(shell.title)}</title>`,
  );
  const links = shell.css
    .map((file) => `<link rel="stylesheet" crossorigin href="${shell.base}${file}">`)
    .join('\n    ');
  // The script before the entry's stylesheet (a classic script after a stylesheet waits for it);
  // the page's stylesheets after the entry's, as the app orders them.
  html = replaceOnce(
    html,
    '<script type="module"',
    `<script>${shellScript(shell.sessionKey)}</script>\n    <script type="module"`,
  );
  html = replaceOnce(
    html,
    '</head>',
    `  ${links}
    <style>html[${SPA_ATTRIBUTE}] #root[${PRERENDERED_ATTRIBUTE}]{display:none}</style>
  </head>`,
  );
  // The app loads after the first paint (loadAfterPaintScript); the art, from the start.
  html = replaceOnce(html, `<script>${shell.preloadScript}</script>`, '');
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!entry?.[1]) throw new Error('prerender: no entry script in index.html');
  html = html.replace(entry[0], '');
  const modules: string[] = [];
  html = html.replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_, href) => {
    modules.push(String(href));
    return '';
  });
  const images = shell.images
    .map((image) => `<link rel="preload" as="image" href="${image}" fetchpriority="high">\n    `)
    .join('');
  html = replaceOnce(html, '<script>', `${images}<script>`);
  const markup = replaceOnce(shell.markup, '<form ', `<form ${PRERENDERED_ATTRIBUTE} `);
  const load = loadAfterPaintScript(shell.preloadScript, entry[1], modules);
  return replaceOnce(
    html,
    '<div id="root"></div>',
    `<div id="root" ${PRERENDERED_ATTRIBUTE}>${markup}</div>\n    <script>${load}</script>`,
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
}
