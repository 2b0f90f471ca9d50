import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { parseSync, runnerImport, type CSSOptions } from 'vite';
import { defineConfig, type Plugin } from 'vitest/config';
import { leanEndpoints } from './src/app/lean-endpoints.ts';
import { signInHtml } from './src/app/prerendered-shell.ts';
import {
  lazyPagesOf,
  preloadScript,
  preloadTable,
  type BuildChunk,
  type EarlyRequest,
  type EarlyRequestSettings,
} from './src/app/route-preload.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
/**
 * Writes a Brotli and a gzip copy beside every text asset of the build, which the server sends
 * to browsers that accept them (`preCompressed` in apps/server/src/app.ts): no compression work
 * per request, and the smallest download for a client opening a link on a phone.
 */
function precompress(): Plugin {
  return {
    name: 'atelier-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? path.join(root, 'dist');
      const texts = Object.keys(bundle).filter((file) => /\.(js|css|html|svg|json)$/.test(file));
      await Promise.all(
        texts.map(async (file) => {
          const source = await fs.readFile(path.join(outDir, file));
          if (source.length < 1024) return;
          const brotli = zlib.brotliCompressSync(source, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
          });
          await fs.writeFile(path.join(outDir, `${file}.br`), brotli);
          await fs.writeFile(path.join(outDir, `${file}.gz`), zlib.gzipSync(source, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * Builds the contract's endpoint objects with only what the browser reads of them
 * (src/app/lean-endpoints.ts): their summaries and request schemas are the server's and the API
 * document's, and would otherwise ride along with every page that calls the API.
 */
function leanContractEndpoints(): Plugin {
  return {
    name: 'atelier-lean-endpoints',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/, code: 'endpoints(' },
      handler(code, id) {
        const lean = leanEndpoints(code, parseSync(id, code).program);
        return lean === undefined ? null : { code: lean, map: null };
      },
    },
  };
}

/**
 * CSS modules' class names from the file's path and the class alone, so the build-time render of
 * the sign-in page (src/app/prerender.tsx, run apart from the bundle) names them as the bundle
 * does.
 */
function scopedName(name: string, filename: string): string {
  const file = path.relative(root, filename.split('?')[0] ?? filename).replaceAll(path.sep, '/');
  const hash = createHash('sha256').update(`${file}:${name}`).digest('base64url').slice(0, 6);
  return `${name}_${hash}`;
}
const css: CSSOptions = { modules: { generateScopedName: scopedName } };

/**
 * For the build-time render only: a CSS module is its class names, named as the bundle names them
 * (Vite's own CSS handling is not set up in `runnerImport`), and plain CSS is nothing.
 */
function cssAsClassNames(): Plugin {
  const prefix = '\0css-class-names:';
  return {
    name: 'atelier-css-class-names',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!/\.css$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved ? `${prefix}${resolved.id}.js` : null;
    },
    async load(id) {
      if (!id.startsWith(prefix)) return null;
      const file = id.slice(prefix.length, -'.js'.length);
      if (!file.endsWith('.module.css')) return 'export default {};';
      const source = await fs.readFile(file, 'utf8');
      const names = new Set(
        [...source.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map(
          ([, name = '']) => name,
        ),
      );
      const classes = Object.fromEntries([...names].map((name) => [name, scopedName(name, file)]));
      return `export default ${JSON.stringify(classes)};`;
    },
  };
}

/**
 * Lets each route's page start downloading with the entry (src/app/route-preload.ts): without
 * it, the page chunk and its CSS are asked for only once the entry has run, one round trip late.
 * `images` are what a route paints first (its LCP element), by route key.
 *
 * Also writes `sign-in.html`, which the server sends for `/`: index.html with the sign-in page
 * prerendered in it (src/app/prerendered-shell.ts), so it paints before any JavaScript has run.
 */
function routePreload(images: Record<string, string[]>): Plugin {
  let homeCss: string[] | undefined;
  let inlinePreload = '';
  return {
    name: 'atelier-route-preload',
    apply: 'build',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset' || !homeCss) {
          throw new Error('route-preload: no index.html or sign-in stylesheets to prerender with');
        }
        const { module } = await runnerImport<{
          renderSignInShell: () => string;
          signInTitle: string;
          sessionKey: string;
        }>(path.join(root, 'src/app/prerender.tsx'), {
          configFile: false,
          root,
          logLevel: 'silent',
          plugins: [cssAsClassNames()],
        });
        this.emitFile({
          type: 'asset',
          fileName: 'sign-in.html',
          source: signInHtml(String(index.source), {
            markup: module.renderSignInShell(),
            title: module.signInTitle,
            css: homeCss,
            preloadScript: inlinePreload,
            images: images.home ?? [],
            sessionKey: module.sessionKey,
            base: '/',
          }),
        });
      },
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const appDir = path.join(root, 'src/app');
        const { module } = await runnerImport<{ routes: Record<string, { path: string }> }>(
          path.join(appDir, 'routes.ts'),
          { configFile: false, root, logLevel: 'silent' },
        );
        const manifest: Record<string, BuildChunk> = {};
        const fileOf = new Map<string, string>();
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          manifest[chunk.fileName] = {
            file: chunk.fileName,
            isEntry: chunk.isEntry,
            imports: chunk.imports,
            css: [...(chunk.viteMetadata?.importedCss ?? [])],
          };
          if (chunk.facadeModuleId) fileOf.set(chunk.facadeModuleId, chunk.fileName);
        }
        const early = await runnerImport<{
          earlyRequests: Record<string, EarlyRequest[]>;
          earlyRequestSettings: EarlyRequestSettings;
        }>(path.join(appDir, 'early-requests.ts'), { configFile: false, root, logLevel: 'silent' });
        const routerSource = await fs.readFile(path.join(appDir, 'router.tsx'), 'utf8');
        const pages = lazyPagesOf(routerSource).map(([key, source]) => {
          const route = module.routes[key];
          const file = fileOf.get(path.resolve(appDir, source));
          if (!route || !file) throw new Error(`route-preload: no route or chunk for ${key}`);
          return {
            path: route.path,
            page: file,
            images: images[key] ?? [],
            api: early.module.earlyRequests[key] ?? [],
          };
        });
        // Before the entry's tags, so before its stylesheet: a classic script after a stylesheet
        // waits for it to load. After the head's meta tags, the charset among them.
        const entryTag = html.indexOf('<script type="module"');
        if (entryTag < 0) throw new Error('route-preload: no entry script in index.html');
        const table = preloadTable(manifest, pages);
        homeCss = table.find((route) => route.path === '/')?.css;
        inlinePreload = preloadScript(table, '/', early.module.earlyRequestSettings);
        const script = `<script>${inlinePreload}</script>\n    `;
        return html.slice(0, entryTag) + script + html.slice(entryTag);
      },
    },
  };
}

/**
 * Tabler draws each icon in a module of its own. Its wrapper and the icons several chunks draw
 * share one chunk, as components/icons.tsx did; an icon one chunk draws stays in that chunk, so a
 * page downloads only the icons it shows. An icon drawn in several places that is not listed here
 * becomes a chunk of its own: list it (scripts/check-web-size.mjs shows the difference).
 */
const sharedIcons =
  /[\\/]@tabler[\\/]icons-react[\\/].*[\\/](createReactComponent|defaultAttributes|Icon(Bell|Check|ChevronDown|ExternalLink|Mail|Phone|Photo|Refresh|Users))\.mjs$/;

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root,
  // The sign-in page paints its art first (its LCP element on a phone).
  plugins: [
    react(),
    leanContractEndpoints(),
    precompress(),
    routePreload({ home: ['/sign-in-art.svg'] }),
  ],
  css,
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': apiTarget,
      '/health': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/check-web-size.mjs, which holds each page to its download budget.
    manifest: true,
    rolldownOptions: {
      // A feature's index.ts only re-exports (docs/decisions/0032): a page takes from it just what
      // it uses, with no chunk of the index's own.
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false },
        ],
      },
      output: {
        // React and its router change less often than the app and every page needs them: a
        // chunk of their own stays cached across releases. Everything else, Mantine included,
        // is split by the pages that use it, so a page downloads only its own components
        // (docs/decisions/0008); the icons several chunks share are one chunk (sharedIcons).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            {
              name: 'icons',
              test: sharedIcons,
              priority: 20,
            },
            // The account's schema names the office's roles (packages/contract/src/account.ts): the
            // two travel together, as before the office page shared the roles' module, so that
            // module is no chunk of its own in every page's import map (issue 30).
            {
              name: 'account',
              test: /packages[\\/]contract[\\/]src[\\/](account|office)\.ts$/,
              priority: 20,
            },
            // Every page calls the API: the endpoint helpers the contract's files share travel
            // with the client that uses them, not as a chunk of their own.
            {
              name: 'api-client',
              test: /(apps[\\/]web[\\/]src[\\/]lib[\\/]api-client|packages[\\/]contract[\\/]src[\\/]endpoint)\.ts$/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    root,
    environment: 'jsdom',
    // Dates show in the viewer's zone: the tests' viewer is in UTC, whatever the machine's zone.
    env: { TZ: 'UTC' },
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
