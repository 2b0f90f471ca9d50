import type { AppInstance } from '../lib/app-instance.ts';
import { securityHeaders } from '../lib/security-headers.ts';

/**
 * The security headers (CSP and helmet's others) on every answer, worked out once. Added as a
 * hook on the app itself, not an encapsulated plugin, so they cover every route.
 */
export function registerSecurityHeaders(
  app: AppInstance,
  options: {
    publicUrl: string;
    /** The page shells' own inline scripts (page-shell.plugin.ts). */
    shellScriptHashes: readonly string[];
  },
) {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The shells' own inline scripts, by their hashes (none when no web build is served).
        scriptSrc: ["'self'", ...options.shellScriptHashes],
        // Mantine and Swagger UI inject style tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        // No page sets a <base>; an injected one could redirect every relative link (ASVS 3.4.3).
        baseUri: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // A browser ignores HSTS over plain http; sent only where the product is served over https.
    strictTransportSecurity: options.publicUrl.startsWith('https:')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
