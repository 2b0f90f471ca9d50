import http from 'node:http';

/** The shop account site during e2e runs: a page on loopback that shows what a request brought. */
export const SHOP_PORT = Number(process.env.E2E_SHOP_PORT ?? 3126);
// localhost, as the portal's: cookies ignore the port, so the portal's SSO cookie reaches this page.
export const SHOP_URL = `http://localhost:${SHOP_PORT}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function standInPage(request: http.IncomingMessage): string {
  const url = new URL(request.url ?? '/', SHOP_URL);
  const rows = [
    ['Path', url.pathname],
    ['Query', url.search],
    ['Cookie', request.headers.cookie ?? ''],
  ]
    .map(
      ([name, value]) =>
        `<dt>${name}</dt><dd data-testid="${name!.toLowerCase()}">${escapeHtml(value!)}</dd>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop stand-in</title></head><body><h1>Shop stand-in</h1><dl>${rows}</dl></body></html>`;
}

/** Playwright global setup: listen on loopback for the whole run; any GET gets the page. */
export default async function startShopStandIn() {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405).end();
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    });
    response.end(standInPage(request));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(SHOP_PORT, '127.0.0.1', () => resolve());
  });
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}
