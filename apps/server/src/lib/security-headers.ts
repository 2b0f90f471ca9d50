import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, worked out once: they are the same on every answer (no
 * CSP nonces), and helmet rebuilds them on each request when it runs as a middleware.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failure: unknown;
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => (failure = error),
  );
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return Object.fromEntries(headers);
}

/**
 * CSP sources (`'sha256-…'`) for the inline scripts of a page shell: the web's index.html starts
 * the opened route's downloads from one (apps/web/src/app/route-preload.ts), which
 * `script-src 'self'` alone would block.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
}
