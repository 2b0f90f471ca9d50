interface PrintPageSetupProps {
  /** A CSS `@page` size, e.g. `letter` or `4in 6in`. */
  size: string;
  margin: string;
  /** Printed in the bottom margin of every page, beside "Page n of m". */
  footer?: string | undefined;
}

/** A CSS string literal of `text`: quotes, backslashes and line breaks escaped. */
function cssString(text: string): string {
  return `"${text.replace(/["\\]/g, '\\$&').replace(/[\r\n]+/g, ' ')}"`;
}

/**
 * The printed page's size, margins and footer, for as long as the page that renders this is
 * mounted: `@page` cannot be scoped to an element, and the manifest (Letter) and label (4x6) differ.
 */
export function PrintPageSetup({ size, margin, footer }: PrintPageSetupProps) {
  const marginBoxes = footer
    ? `@bottom-left { content: ${cssString(footer)}; font: 9px system-ui, sans-serif; color: #555; }
  @bottom-right { content: "Page " counter(page) " of " counter(pages); font: 9px system-ui, sans-serif; color: #555; }`
    : '';
  return (
    <style>{`@page { size: ${size}; margin: ${margin}; ${marginBoxes} }
@media print { html, body { background: #fff !important; color: #000 !important; color-scheme: light; } }`}</style>
  );
}
