/** Every link's address in an email's HTML, in order (entities in it decoded as a browser would). */
export function linksIn(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].map(([, href]) =>
    (href ?? '').replaceAll('&amp;', '&'),
  );
}
