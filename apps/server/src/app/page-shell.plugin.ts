import fs from 'node:fs';
import path from 'node:path';
import { API_PREFIX, ErrorCode, type ErrorBody } from '@atelier/contract';
import fastifyStatic from '@fastify/static';
import type { AppInstance } from '../lib/app-instance.ts';
import { inlineScriptHashes } from '../lib/security-headers.ts';

/** The web build this instance serves, if any: its page shells and their inline scripts. */
export interface PageShell {
  webDistDir: string;
  servesWeb: boolean;
  /** `/` with the sign-in page prerendered in it (apps/web/src/app/prerendered-shell.ts). */
  servesSignInShell: boolean;
  /** CSP sources for the shells' own inline scripts (none when no web build is served). */
  scriptHashes: string[];
}

export function readPageShell(webDistDir: string): PageShell {
  const indexHtml = path.join(webDistDir, 'index.html');
  const servesWeb = fs.existsSync(indexHtml);
  const signInHtml = path.join(webDistDir, 'sign-in.html');
  const servesSignInShell = servesWeb && fs.existsSync(signInHtml);
  const scriptHashes = servesWeb
    ? [
        ...new Set([
          ...inlineScriptHashes(fs.readFileSync(indexHtml, 'utf8')),
          ...(servesSignInShell ? inlineScriptHashes(fs.readFileSync(signInHtml, 'utf8')) : []),
        ]),
      ]
    : [];
  return { webDistDir, servesWeb, servesSignInShell, scriptHashes };
}

/**
 * The web build's files, and the page shell for any other GET outside the API (the web app routes
 * in the browser); anything else unknown answers 404 in the contract's error shape. Registered
 * last: the not-found handler is the app's own.
 */
export async function registerPageShell(app: AppInstance, shell: PageShell) {
  const { servesWeb, servesSignInShell } = shell;
  if (servesWeb) {
    await app.register(fastifyStatic, {
      root: shell.webDistDir,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each asset (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Hashed assets never change; index.html must always be fresh.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith(API_PREFIX) || request.url.startsWith('/health/');
    if (servesWeb && request.method === 'GET' && !isApi) {
      // The page shell must be revalidated on every visit, so a release is picked up at once.
      const isHome = request.url.split('?')[0] === '/';
      return reply
        .header('cache-control', 'no-cache')
        .sendFile(isHome && servesSignInShell ? 'sign-in.html' : 'index.html', {
          cacheControl: false,
        });
    }
    return reply.code(404).send({
      message: `No route for ${request.method} ${request.url.split('?')[0]}`,
      code: ErrorCode.notFound,
    } satisfies ErrorBody);
  });
}
