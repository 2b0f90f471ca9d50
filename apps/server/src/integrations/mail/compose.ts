import { escapeHtml } from '../../lib/html.ts';

/** How every email opens: by the client's first name when there is one. */
export function greeting(firstName: string | null | undefined): string {
  return firstName ? `Hi ${firstName},` : 'Hello,';
}

/** A plain HTML email: `paragraphs` are HTML already (escape what goes into them). */
export function htmlEmail(title: string, paragraphs: readonly string[]): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
</head>
<body>
${paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('\n')}
</body>
</html>
`;
}
