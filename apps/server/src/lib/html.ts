const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe to place in HTML, in element content and in quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replaceAll(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}
