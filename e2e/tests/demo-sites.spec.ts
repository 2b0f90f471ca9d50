import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { DEMO, shoot, signInAsDemo, watchConsole } from './fixtures.ts';

/*
 * A fresh start with none of SHOP_URL, ACCOUNT_SITE_URL, HELP_SITE_URL and ADMIN_URL set (the
 * fresh-* projects' server): every outside link of §2 reaches its built-in stand-in, through the
 * real sign-in of each (docs/decisions/0021), and the admin links this server's office records.
 */

/** Clicks what opens a new tab and answers that tab once it shows the stand-in's title. */
async function openTab(context: BrowserContext, opener: Locator, title: string): Promise<Page> {
  const opened = context.waitForEvent('page');
  await opener.click();
  const tab = await opened;
  await expect(tab.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect(await tab.evaluate(() => window.opener)).toBeNull();
  return tab;
}

/** Signs the demo stylist in, watching the console from the start. */
async function signIn(page: Page) {
  const errors = watchConsole(page);
  await signInAsDemo(page);
  return errors;
}

/** The stand-in page's own heading, and who it found signed in. */
async function expectPage(tab: Page, heading: string | RegExp, who: string) {
  await expect(tab.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  await expect(tab.getByRole('main')).toContainText(who);
  await expect(tab.getByRole('alert')).toHaveCount(0);
}

test('the shop buttons reach the demo shop signed in, and the admin links the office records', async ({
  page,
  context,
}, testInfo) => {
  const project = testInfo.project.name;
  const errors = await signIn(page);
  await page.goto('/clients');

  const olivia = page.getByRole('article', { name: 'Olivia Bennett' });
  const buy = await openTab(context, olivia.getByRole('button', { name: 'Buy' }), 'Demo shop');
  await expect(buy).toHaveURL(/\/demo\/shop\/account\?check-sso=true$/);
  await expectPage(buy, 'Account dashboard', 'Olivia Bennett');
  await shoot(buy, 'demo-shop', project);
  await buy.close();

  for (const [button, heading] of [
    ['Quotes to Review', 'Quotes to review'],
    ['Stuff to Ship', 'Stuff to ship'],
  ] as const) {
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: new RegExp(button) }) })
      .first();
    const name = (await card.getAttribute('aria-label')) ?? '';
    const tab = await openTab(
      context,
      card.getByRole('button', { name: new RegExp(button) }),
      'Demo shop',
    );
    await expectPage(tab, heading, name);
    await tab.close();
  }

  await olivia.getByRole('button', { name: 'Details' }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByText('Items Sold')).toBeVisible();
  const history = await openTab(
    context,
    modal.getByRole('button', { name: 'Purchase History' }),
    'Demo shop',
  );
  await expectPage(history, 'Account dashboard', 'Olivia Bennett');
  await history.close();

  // Without ADMIN_URL the admin links open this server's own office records (issue 30).
  await expect(modal.getByRole('link', { name: 'Supplier record' })).toHaveAttribute(
    'href',
    /^http:\/\/localhost:\d+\/office\/clients\/\d+$/,
  );
  await page.keyboard.press('Escape');

  await olivia.getByRole('link', { name: 'Quotes', exact: true }).click();
  await expect(page).toHaveURL(/\/quotes\/pickup\/\d+$/);
  const quote = page.getByRole('article', { name: /^Quote #\d+$/ }).first();
  const quoteId = ((await quote.getAttribute('aria-label')) ?? '').replace('Quote #', '');
  await expect(quote.getByRole('link', { name: `#${quoteId}` })).toHaveAttribute(
    'href',
    new RegExp(`^http://localhost:\\d+/office/items/${quoteId}$`),
  );
  expect(errors).toEqual([]);
});

test("the Stylist Account's rows and the FAQ reach the demo account and help sites, signed in", async ({
  page,
  context,
}, testInfo) => {
  const project = testInfo.project.name;
  const errors = await signIn(page);

  // The bottom bar's Account opens the modal whose rows lead to the account site.
  await page.getByRole('navigation', { name: 'Actions' }).getByText('Account').click();
  const modal = page.getByRole('dialog', { name: 'Stylist Account' });
  for (const [row, heading] of [
    ['Personal info', 'Personal info'],
    ['Security', 'Security'],
    ['Terms of use', 'Terms of use'],
  ] as const) {
    const tab = await openTab(
      context,
      modal.getByRole('button', { name: row }),
      'Demo account site',
    );
    await expect(tab).toHaveURL(/\/demo\/account\/[a-z-]+\?handoff=[\w-]+\.[\w-]+\.[\w-]+$/);
    await expectPage(tab, heading, DEMO.email);
    if (row === 'Personal info') await shoot(tab, 'demo-account', project);
    await tab.close();
  }

  await modal.getByRole('button', { name: 'Help' }).click();
  const help = await openTab(context, modal.getByRole('link', { name: 'FAQ' }), 'Demo help site');
  await expect(help.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
  await shoot(help, 'demo-help', project);
  await help.close();
  expect(errors).toEqual([]);
});

test('a browser that is not signed in is sent to sign in by the office records and refused by the account site', async ({
  page,
}, testInfo) => {
  // The back office's stand-in is retired: its records are the office's, behind the sign-in.
  await page.goto('/office/clients/1');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('main')).not.toContainText('Olivia');

  const handoff = await page.goto('/demo/account/security?handoff=not-a-token');
  expect(handoff?.status()).toBe(401);
  await expect(page.getByRole('heading', { level: 1, name: 'Demo account site' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('expired or is not valid');
  await shoot(page, 'demo-refused', testInfo.project.name);
});
