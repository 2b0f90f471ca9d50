/**
 * Lighthouse (mobile: its default phone, simulated slow 4G and a 4x slower CPU) on sign-in, the
 * dashboard signed in as the demo stylist, and the pages a client opens from an email: "Curated
 * For" with 5 quotes to answer, Quote Share and Approve White Glove Offers. Every run starts
 * with an empty cache and an empty origin (no cookies, no localStorage). Needs the web build
 * (`npm run build`) and Debian's Chromium.
 *
 *   npm run build && npx tsx bench/page-audits.ts          (RUNS=3 by default; the median is kept)
 *
 * WEB_DIST_DIR audits another build (say, main's, copied aside) in the same conditions.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLIENT_PAGE_ROUTES, UploadedImageSchema } from '@atelier/contract';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import sharp from 'sharp';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { seedDemoDataIfEmpty } from '../apps/server/src/db/seed/seed.ts';
import { createAccessLink } from '../apps/server/src/features/links/access-links.ts';
import { bearerFor, sessionCookieFor } from './sign-in.ts';

const runs = Number(process.env.RUNS ?? 3);
const CURATED_QUOTES = 5;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-audit-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: '0' });
if (!fs.existsSync(path.join(config.webDistDir, 'index.html'))) {
  throw new Error(`no web build in ${config.webDistDir}: run \`npm run build\` first`);
}
const app = await buildApp(config, { logger: false });
await seedDemoDataIfEmpty({ db: app.database.db, auth: app.auth, storage: app.storage });
const address = await app.listen({ host: '127.0.0.1', port: 0 });

const bearer = (email: string) =>
  bearerFor(address, config.publicUrl, { email, password: 'atelier-demo' });

async function call(method: string, url: string, headers: Record<string, string>, body?: unknown) {
  const response = await fetch(`${address}${url}`, {
    method,
    headers:
      body instanceof FormData ? headers : { ...headers, 'content-type': 'application/json' },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

// The demo's first client, Olivia Bennett, has quotes waiting for her answer; top them up to 5.
const stylist = await bearer('demo@atelier.test');
const admin = await bearer('admin@atelier.test');
const { data: found } = (await call(
  'GET',
  '/api/stylist/clients?page=1&search=olivia',
  stylist,
)) as { data: { id: number }[] };
const clientId = found[0]!.id;

async function linkFor(purpose: 'client-response' | 'quote-share' | 'offer-approval') {
  return createAccessLink(app.database.db, { clientId, purpose, ttlDays: 1 });
}
const curatedToken = await linkFor('client-response');
const waiting = async () =>
  (
    (await call('GET', `/api/client/${CLIENT_PAGE_ROUTES.curated}/${curatedToken}`, {})) as {
      data: unknown[];
    }
  ).data.length;

const directory = (await call('GET', '/api/v2/designer-directory', stylist)) as {
  data: Record<string, { categories: Record<string, string> }>;
};
const [brandId, designer] = Object.entries(directory.data)[0]!;
for (let missing = CURATED_QUOTES - (await waiting()); missing > 0; missing -= 1) {
  const photo = await sharp({
    create: { width: 800, height: 800, channels: 3, background: { r: 120, g: 90, b: 60 } },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'item.jpg');
  const image = UploadedImageSchema.parse(
    await call('POST', '/api/stylist/white-glove-quotes/images', stylist, form),
  );
  const { data: quote } = (await call('POST', '/api/stylist/white-glove-quotes', stylist, {
    brandId: Number(brandId),
    categoryId: Number(Object.keys(designer.categories)[0]),
    name: `Audit piece ${missing}`,
    description: '',
    imageIds: [image.id],
    clientId,
  })) as { data: { id: number } };
  await call('POST', `/api/admin/quotes/${quote.id}/actions`, admin, {
    action: 'start_authentication',
  });
  await call('POST', `/api/admin/quotes/${quote.id}/actions`, admin, {
    action: 'authenticate',
    offers: { consignmentEstimate: 1500, buyoutQuote: 900 },
  });
}
const curatedCount = await waiting();
if (curatedCount < CURATED_QUOTES) throw new Error(`only ${curatedCount} quotes to answer`);

/** A page to audit; a signed-in one gets the demo stylist's session before each run. */
interface AuditedPage {
  name: string;
  url: string;
  isSignedIn?: boolean;
}

const pages: AuditedPage[] = [
  { name: 'Sign-in', url: '/' },
  { name: 'Dashboard (demo stylist)', url: '/dashboard', isSignedIn: true },
  {
    name: `Curated For (${curatedCount} quotes)`,
    url: `/${CLIENT_PAGE_ROUTES.curated}/${curatedToken}`,
  },
  { name: 'Quote Share', url: `/quote/${await linkFor('quote-share')}` },
  { name: 'Approve White Glove Offers', url: `/quotes/${await linkFor('offer-approval')}` },
];

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });

/**
 * Every run starts from an empty origin: its cookies, localStorage and every other store, and the
 * cache. Lighthouse's own reset leaves cookies and localStorage (its default `clearStorageTypes`),
 * so without this a page audited after the dashboard opened with the stylist's session.
 */
async function resetBrowser(page: Page): Promise<void> {
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCookies');
  await cdp.send('Storage.clearDataForOrigin', { origin: address, storageTypes: 'all' });
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

/**
 * The web keeps its session in localStorage beside the session cookie (apps/web/src/features/auth/
 * session-store.ts): both are set on the page's origin, then the cache alone is emptied, since
 * Lighthouse's own reset would not clear it without clearing the session too.
 */
async function signInPage(page: Page): Promise<void> {
  const { cookies, token } = await sessionCookieFor(address, config.publicUrl, {
    email: 'demo@atelier.test',
    password: 'atelier-demo',
  });
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    exp: number;
  };
  await page.goto(`${address}/health/live`);
  await browser.setCookie(
    ...cookies.map(({ name, value }) => ({ name, value, domain: '127.0.0.1', path: '/' })),
  );
  const session = { token, tokenExpires: payload.exp * 1000, isStylistVerified: true };
  // Runs in the page (bench/ compiles without the DOM's types).
  await page.evaluate(
    `localStorage.setItem('atelier.session', ${JSON.stringify(JSON.stringify(session))})`,
  );
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rows: string[] = [];
try {
  for (const page of pages) {
    const scores: {
      performance: number;
      accessibility: number;
      lcp: number;
      tbt: number;
      cls: number;
    }[] = [];
    for (let run = 0; run < runs; run += 1) {
      const tab = await browser.newPage();
      await resetBrowser(tab);
      if (page.isSignedIn) await signInPage(tab);
      const result = await lighthouse(
        `${address}${page.url}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          disableStorageReset: page.isSignedIn === true,
        },
        undefined,
        tab,
      );
      await tab.close();
      if (!result) throw new Error(`${page.name}: no Lighthouse result`);
      const { categories, audits } = result.lhr;
      scores.push({
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbt: audits['total-blocking-time']?.numericValue ?? NaN,
        cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
      });
      const failed = Object.values(audits)
        .filter(
          (audit) =>
            audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
        )
        .map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`);
      if (failed.length > 0)
        console.log(`${page.name}, run ${run + 1}, below 0.9: ${failed.join(', ')}`);
    }
    rows.push(
      `${page.name.padEnd(32)} performance ${String(median(scores.map((s) => s.performance))).padStart(3)}  accessibility ${String(median(scores.map((s) => s.accessibility))).padStart(3)}  LCP ${median(
        scores.map((s) => s.lcp),
      )
        .toFixed(0)
        .padStart(5)} ms  TBT ${median(scores.map((s) => s.tbt))
        .toFixed(0)
        .padStart(4)} ms  CLS ${median(scores.map((s) => s.cls)).toFixed(3)}`,
    );
  }
} finally {
  await browser.disconnect();
  await chrome.kill();
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\nLighthouse ${runs} run(s) per page, mobile, ${os.cpus().length} cores\n`);
for (const row of rows) console.log(row);
