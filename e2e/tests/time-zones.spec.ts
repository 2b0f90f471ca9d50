import { AccountDocumentSchema, formatDate, QuoteListDocumentSchema } from '@atelier/contract';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { quotesWithOffers } from './accepted-quotes.ts';
import {
  apiToken,
  createClientThroughApi,
  openStylistAccount,
  shoot,
  signInThroughForm,
  watchConsole,
} from './fixtures.ts';

const LA = 'America/Los_Angeles';
const PASSWORD = 'pacific-evening-1930';

/** A browser set to `timeZoneId`, signed in as `email` through the form. */
async function signedInBrowser(
  browser: Browser,
  options: {
    baseURL: string;
    timezoneId: string;
    viewport: { width: number; height: number } | null;
  },
  email: string,
) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await signInThroughForm(page, { email, password: PASSWORD });
  await expect(page).toHaveURL(/\/dashboard$/);
  return { context, page };
}

async function storedTimeZone(page: Page) {
  const response = await page.request.get('/api/account?include=stylist', {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
  });
  return AccountDocumentSchema.parse(await response.json()).data.attributes.timeZone;
}

test("a stylist's time zone comes from the browser at sign-in, and each viewer sees a quote's date in their own", async ({
  browser,
  baseURL,
}, testInfo) => {
  const email = await openStylistAccount(baseURL!, {
    password: PASSWORD,
    firstName: 'Luz',
    lastName: 'Ortega',
    emailPrefix: 'time-zone',
  });
  const options = {
    baseURL: baseURL!,
    timezoneId: LA,
    viewport: testInfo.project.use.viewport ?? null,
  };

  const la = await signedInBrowser(browser, options, email);
  const errors = watchConsole(la.page);
  await expect.poll(() => storedTimeZone(la.page)).toBe(LA);

  const clientId = await createClientThroughApi(la.page, 'Marisol');
  await quotesWithOffers(la.page, baseURL!, clientId, 1);
  const quotes = await la.page.request.get(`/api/stylist/clients/${clientId}/quotes`, {
    headers: { authorization: `Bearer ${await apiToken(la.page)}` },
  });
  const createdAt = QuoteListDocumentSchema.parse(await quotes.json()).data[0]!.attributes
    .createdAt!;

  // A second viewer whose day differs from Los Angeles' at this instant: 14 hours ahead of UTC, or 12 behind.
  const laHour = Number(
    new Intl.DateTimeFormat('en-US', { timeZone: LA, hour: 'numeric', hourCycle: 'h23' }).format(
      new Date(createdAt),
    ),
  );
  const elsewhere = laHour >= 2 ? 'Pacific/Kiritimati' : 'Etc/GMT+12';
  expect(formatDate(createdAt, elsewhere)).not.toBe(formatDate(createdAt, LA));

  await la.page.goto(`/quotes/pickup/${clientId}`);
  const created = la.page.locator(`time[datetime="${createdAt}"]`);
  await expect(created).toHaveText(formatDate(createdAt, LA));
  await shoot(la.page, 'time-zone-quote-los-angeles', testInfo.project.name);

  const other = await signedInBrowser(browser, { ...options, timezoneId: elsewhere }, email);
  await other.page.goto(`/quotes/pickup/${clientId}`);
  await expect(other.page.locator(`time[datetime="${createdAt}"]`)).toHaveText(
    formatDate(createdAt, elsewhere),
  );
  await shoot(other.page, 'time-zone-quote-elsewhere', testInfo.project.name);
  // The stored zone is set once, from the first browser, not from every sign-in.
  expect(await storedTimeZone(other.page)).toBe(LA);

  expect(errors).toEqual([]);
  await la.context.close();
  await other.context.close();
});
