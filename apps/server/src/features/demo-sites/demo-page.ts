import { PROGRAM_NAME } from '@atelier/contract';
import { escapeHtml } from '../../lib/html.ts';
import type { DEMO_SITE_PATHS } from './demo-site-paths.ts';

export type DemoSite = keyof typeof DEMO_SITE_PATHS;

/** Each stand-in's title, and the setting that points its links at the real site instead. */
export const DEMO_SITES: Readonly<Record<DemoSite, { title: string; setting: string }>> = {
  shop: { title: 'Demo shop', setting: 'SHOP_URL' },
  account: { title: 'Demo account site', setting: 'ACCOUNT_SITE_URL' },
  help: { title: 'Demo help site', setting: 'HELP_SITE_URL' },
};

/** A part of a page: a heading and its paragraphs, or a list of named values. */
export type Section =
  | { heading: string; paragraphs: readonly string[] }
  | { heading: string; rows: readonly (readonly [name: string, value: string])[] };

function sectionHtml(section: Section): string {
  const body =
    'rows' in section
      ? `<dl>${section.rows
          .map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`)
          .join('')}</dl>`
      : section.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('');
  return `<section><h3>${escapeHtml(section.heading)}</h3>${body}</section>`;
}

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;background:#f8f6f1;color:#1a1a1a;line-height:1.5}' +
  'header{background:#1a1a1a;color:#fff;padding:1rem 1.5rem}' +
  'header h1{margin:0;font-size:1.5rem}header p{margin:.25rem 0 0;color:#e6e6e6;font-size:.9rem}' +
  'main{max-width:40rem;margin:0 auto;padding:1.5rem}h2{font-size:1.25rem;margin:0 0 1rem}' +
  'h3{font-size:1rem;margin:1.5rem 0 .5rem}p{margin:0 0 .75rem}' +
  'dl{display:grid;grid-template-columns:minmax(6rem,max-content) 1fr;gap:.35rem 1rem;margin:0}' +
  'dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}' +
  // On a phone each value goes under its name, so an email address is not broken mid-word.
  '@media (max-width:30rem){dl{grid-template-columns:1fr;gap:0}dd{margin-bottom:.5rem}}' +
  '.refused{border-left:4px solid #b3261e;padding-left:1rem}';

/**
 * One stand-in page: the site's title on every page, what the page is, and that the setting
 * points the portal's links at the real site.
 */
export function renderDemoPage(
  site: DemoSite,
  page: { heading: string; sections?: readonly Section[]; refusal?: string },
): string {
  const { title, setting } = DEMO_SITES[site];
  const refusal = page.refusal
    ? `<p class="refused" role="alert">${escapeHtml(page.refusal)}</p>`
    : '';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex">` +
    `<title>${escapeHtml(`${page.heading} · ${title} · ${PROGRAM_NAME}`)}</title>` +
    `<style>${STYLE}</style></head><body>` +
    `<header><h1>${escapeHtml(title)}</h1>` +
    `<p>${escapeHtml(`A stand-in built into ${PROGRAM_NAME}, because ${setting} is not set. Set ${setting} to send these links to the real site.`)}</p></header>` +
    `<main><h2>${escapeHtml(page.heading)}</h2>${refusal}` +
    `${(page.sections ?? []).map(sectionHtml).join('')}</main></body></html>`
  );
}
