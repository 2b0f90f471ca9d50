import type { FastifyRequest } from 'fastify';

/** Where a link token sits in a URL: a client page API path, the manifest query, a page path. */
const TOKEN_PLACES: readonly RegExp[] = [
  /(^\/api\/client\/[^/?#]+\/)[^/?#]+/,
  // Every parameter that can carry a key: the manifest's shipment id, the client login's ticket,
  // the notification stream's API token (EventSource cannot send it in a header), a signed file
  // link's signature (docs/decisions/0013), and any `token`, `code` or `secret` (a reset link from
  // before its token moved to the fragment, an OAuth-style callback).
  /([?&](?:shipment-id|ticket|access_token|signature|token|code|secret|key|password)=)[^&#]*/gi,
  // The web pages a link opens (/curated/…, /quote/…, /quotes/…/print) carry the bare token.
  /(\/)[A-Za-z0-9_-]{43}(?=$|[/?#])/g,
];

/** The URL with every link token replaced, so that a log never holds a key to a client's page. */
export function redactLinkTokens(url: string): string {
  return TOKEN_PLACES.reduce((redacted, place) => redacted.replace(place, '$1[token]'), url);
}

/** The request as the log prints it: Fastify's default fields, with link tokens redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactLinkTokens(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
