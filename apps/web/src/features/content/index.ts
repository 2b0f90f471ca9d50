// What other features may use of the site's texts (docs/decisions/0032).
export { CONTENT_FALLBACKS } from './content-fallbacks.ts';
export { useContentTexts, useDisplayText } from './content-queries.ts';
