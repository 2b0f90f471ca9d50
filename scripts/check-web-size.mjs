/**
 * Checks what each page of the built web app downloads before it can show itself: the entry and
 * the page's own chunk with everything they import statically, gzip-compressed as the server
 * sends them. Fails when a page's JavaScript is over its budget (issue 19):
 *
 *   node scripts/check-web-size.mjs            (after `node scripts/build.mjs web`)
 *
 * Pages are the router's lazy `*-page.tsx` modules, read from Vite's manifest
 * (`build.manifest` in apps/web/vite.config.ts). Chunks a page imports on demand (a modal, the
 * charts) are shown apart and not counted: they load after the page is on screen.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

const repoRoot = path.resolve(import.meta.dirname, '..');
const distDir = path.join(repoRoot, 'apps/web/dist');

/**
 * Bytes of gzip-compressed JavaScript a page may download before it shows; kB are 1000 bytes.
 * Issue 19's goals are 120 kB for sign-in and 250 kB for every page. Sign-in is not there yet
 * (React and its router alone are 97 kB; 2026-11-25: 204 kB, 2026-11-26: 161.5 kB once the
 * toasts, the action bar and zod left the entry and the sign-in page; +0.1 kB the same day for
 * taking over the prerendered sign-in form and the early API answers, while sign-in stopped
 * waiting for its JavaScript to paint; +0.1 kB the same day for the route of the client's hub in
 * the entry's route table, issue 20; +0.1 kB for keeping a press of "Forgot password?" made
 * before the app runs, which was lost; 2026-11-28, +0.2 kB for calling the API through the
 * contract's endpoint objects, docs/decisions/0033, once the browser's build leaves out what only
 * the server reads of them, apps/web/src/app/lean-endpoints.ts; the same day, 153.3 kB once the
 * layout's two fixed bars stopped using Mantine's AppShell, docs/decisions/0035; +0.2 kB the same
 * day for the back office, issue 30: its route in the entry's table, the session's second kind and
 * the guard that keeps staff and stylists apart, while its page and header load only at /office;
 * +0.1 kB the same day for the item workspace's own entry in the route table, which took 15 kB off
 * the workspace, 249.6 to 234.6 kB, that had loaded through the queues' chunk; +0.1 kB the same
 * day for Scan to receive, whose chunks the entry's preload list names for the queues' page, 153.7
 * kB to the byte; +0.2 kB the same day for the office's client and stylist records, two rows of the
 * route table and their lazy imports in the entry, while their pages load only at their own
 * addresses, 153.9 kB; +0.2 kB the same day for the office's reports route and the staff
 * stream's shared EventSource hook, 154.1 kB):
 * it is held where it stands so it cannot grow. Lower it as it shrinks.
 */
export const budgets = {
  'src/features/auth/sign-in-page.tsx': 154_200,
  default: 250_000,
};

/**
 * @typedef {object} ManifestChunk
 * @property {string} file
 * @property {string} [src]
 * @property {boolean} [isEntry]
 * @property {boolean} [isDynamicEntry]
 * @property {string[]} [imports]
 * @property {string[]} [dynamicImports]
 * @property {string[]} [css]
 */

/**
 * @typedef {object} PageSize
 * @property {string} page the page's source, relative to apps/web
 * @property {number} js gzip bytes of JavaScript downloaded before the page shows
 * @property {number} css gzip bytes of CSS downloaded before the page shows
 * @property {number} onDemand gzip bytes of JavaScript the page may import later
 * @property {number} budget
 */

/**
 * Every manifest key reachable from `keys` through static imports.
 * @param {Record<string, ManifestChunk>} manifest
 * @param {string[]} keys
 */
function staticClosure(manifest, keys) {
  const seen = new Set();
  const pending = [...keys];
  while (pending.length > 0) {
    const key = /** @type {string} */ (pending.pop());
    if (seen.has(key)) continue;
    seen.add(key);
    pending.push(...(manifest[key]?.imports ?? []));
  }
  return seen;
}

/**
 * Sizes of each page of a build.
 * @param {Record<string, ManifestChunk>} manifest
 * @param {(file: string) => number} gzipSize gzip bytes of a file of the build
 * @returns {PageSize[]}
 */
export function measurePages(manifest, gzipSize) {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length === 0) throw new Error('The manifest has no entry chunk.');
  const pages = Object.keys(manifest)
    .filter((key) => manifest[key]?.isDynamicEntry && /-page\.tsx$/.test(key))
    .sort();
  if (pages.length === 0) throw new Error('The manifest has no lazy *-page.tsx chunk.');

  /** @param {Iterable<string>} keys @param {'js' | 'css'} kind */
  const sum = (keys, kind) => {
    const files = new Set();
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk) continue;
      if (kind === 'js') files.add(chunk.file);
      else for (const css of chunk.css ?? []) files.add(css);
    }
    let bytes = 0;
    for (const file of files) bytes += gzipSize(file);
    return bytes;
  };

  return pages.map((page) => {
    const first = staticClosure(manifest, [...entries, page]);
    const later = new Set();
    for (const key of first) {
      for (const lazy of manifest[key]?.dynamicImports ?? []) {
        // Other pages are other routes; they are measured on their own.
        if (lazy === page || /-page\.tsx$/.test(lazy)) continue;
        for (const reached of staticClosure(manifest, [lazy])) {
          if (!first.has(reached)) later.add(reached);
        }
      }
    }
    return {
      page,
      js: sum(first, 'js'),
      css: sum(first, 'css'),
      onDemand: sum(later, 'js'),
      budget: budgets[/** @type {keyof typeof budgets} */ (page)] ?? budgets.default,
    };
  });
}

/** @param {number} bytes */
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * One line per page, and the pages over their budget.
 * @param {PageSize[]} sizes
 */
export function report(sizes) {
  const width = Math.max(...sizes.map((size) => size.page.length));
  const lines = sizes.map(
    (size) =>
      `${size.page.padEnd(width)}  js ${kB(size.js).padStart(9)} / ${kB(size.budget).padStart(8)}` +
      `  css ${kB(size.css).padStart(8)}  on demand ${kB(size.onDemand).padStart(8)}` +
      (size.js > size.budget ? '  OVER BUDGET' : ''),
  );
  return { lines, over: sizes.filter((size) => size.js > size.budget) };
}

/** @param {string} dir the web build */
export function checkBuild(dir = distDir) {
  const manifestPath = path.join(dir, '.vite/manifest.json');
  if (!fs.existsSync(manifestPath)) {
    throw new Error(`No ${manifestPath}: build the web app first (node scripts/build.mjs web).`);
  }
  /** @type {Record<string, ManifestChunk>} */
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const gzipSize = (/** @type {string} */ file) =>
    zlib.gzipSync(fs.readFileSync(path.join(dir, file)), { level: 9 }).length;
  return report(measurePages(manifest, gzipSize));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { lines, over } = checkBuild();
  console.log(
    `Gzip bytes each page downloads before it shows (apps/web/dist):\n${lines.join('\n')}`,
  );
  if (over.length > 0) {
    console.error(
      `\n${over.length} page(s) over budget: ${over.map((size) => size.page).join(', ')}. ` +
        'Load what the page does not need at once on demand (docs/decisions/0008).',
    );
    process.exit(1);
  }
}
