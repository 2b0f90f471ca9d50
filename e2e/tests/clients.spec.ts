import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { planDemoData } from '../../apps/server/src/db/seed/demo-plan.ts';
import { SHOP_URL } from '../shop-stand-in.ts';
import { createClientThroughApi, shoot, signInAsDemo, uniqueEmail } from './fixtures.ts';

const NO_MATCH = "Sorry, can't find anyone matching that.";

async function searchClients(page: Page, term: string) {
  const box = page.getByRole('searchbox', { name: 'Search clients' });
  await box.fill(term);
  await box.press('Enter');
}

const cards = (page: Page) => page.getByRole('article');

test('search narrows the list, and a search with no match says so', async ({ page }) => {
  await signInAsDemo(page);
  await page.goto('/clients');
  await expect(page.getByRole('heading', { name: 'Your Clients' })).toBeVisible();
  await expect(cards(page)).toHaveCount(30);

  await searchClients(page, 'olivia');
  await expect(page).toHaveURL(/search=olivia/);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Olivia Bennett');

  await searchClients(page, 'zzz-nobody-%_');
  await expect(page.getByText(NO_MATCH)).toBeVisible();
  await expect(cards(page)).toHaveCount(0);

  // An empty term is no search at all (§5).
  await searchClients(page, '   ');
  await expect(cards(page)).toHaveCount(30);
});

test('paging moves through the pages', async ({ page }) => {
  await signInAsDemo(page);
  // The 36 seeded clients, and none of those the other journeys add while this one runs.
  await page.goto('/clients?search=%40example.com');
  await expect(cards(page)).toHaveCount(30);
  const firstPageNames = await cards(page).getByRole('heading').allTextContents();

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(cards(page)).toHaveCount(6);
  const secondPageNames = await cards(page).getByRole('heading').allTextContents();
  expect(secondPageNames.filter((name) => firstPageNames.includes(name))).toEqual([]);
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();

  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(page).not.toHaveURL(/page=/);
  await expect(cards(page)).toHaveCount(30);
});

test('a client registered on the dashboard appears in the list; a duplicate email is refused under its field', async ({
  page,
  context,
}, testInfo) => {
  await signInAsDemo(page);
  await page.goto('/dashboard?go=addClient');
  const form = page.locator('#addClient');
  const email = uniqueEmail('rosalind');
  const fill = async (address: string) => {
    await form.getByLabel('First Name').fill('Rosalind');
    await form.getByLabel('Last Name').fill('Ferreira');
    await form.getByLabel('Email').fill(address);
    await form.getByLabel('Phone').fill('212 555 0142');
    await form.getByLabel('Address').fill('88 Mercer St');
    await form.getByLabel('City').fill('New York');
    await form.getByLabel('Postal Code').fill('10012');
  };
  await fill(email);
  await form.getByLabel('State').selectOption('NY');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form.getByText('Congratulations!')).toBeVisible();
  // §2: the login button (addClient.loginButton) beside add-another, on one row when there is room.
  const login = form.getByRole('button', { name: 'Log In as Client' });
  const addAnother = form.getByRole('button', { name: 'Add Another Client' });
  await expect(login).toBeVisible();
  await expect(addAnother).toBeVisible();
  if (testInfo.project.name === 'desktop') {
    expect((await login.boundingBox())!.y).toBe((await addAnother.boundingBox())!.y);
  }
  await shoot(page, 'add-client-success', testInfo.project.name, false);
  // It signs in to the new client's shop account (§7 client-login), in a tab of its own.
  const opened = context.waitForEvent('page');
  await login.click();
  const shop = await opened;
  await expect(shop.getByRole('heading', { name: 'Shop stand-in' })).toBeVisible();
  await expect(shop).toHaveURL(`${SHOP_URL}/account?check-sso=true`);
  await shop.close();

  await page.goto('/clients');
  await searchClients(page, email);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Rosalind Ferreira');

  await page.goto('/dashboard?go=addClient');
  await fill(email.toUpperCase());
  await form.getByLabel('State').selectOption('NY');
  await form.getByRole('button', { name: 'Create Account' }).click();
  // Her own client is named (docs/decisions/0017) …
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription(
    'You already have this client: Rosalind Ferreira. Search your clients for them.',
  );
  await expect(form.getByLabel('First Name')).toHaveValue('Rosalind');
  // … any other account's address gets one answer that names nobody (here another stylist's).
  await form.getByLabel('Email').fill('other@atelier.test');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription(
    'This email already has an account',
  );
});

test('notes typed and left are still there after a reload', async ({ page }) => {
  await signInAsDemo(page);
  const firstName = `Noted${crypto.randomBytes(2).toString('hex')}`;
  await createClientThroughApi(page, firstName);
  await page.goto(`/clients?search=${firstName}`);
  await cards(page).first().getByRole('button', { name: 'Details' }).click();
  const dialog = page.getByRole('dialog');
  const note = `Prefers Chanel, size 38. ${crypto.randomBytes(3).toString('hex')}`;
  await dialog.getByLabel('Notes').fill(note);
  await expect(dialog.getByText('Saved')).toBeVisible();

  // The 8-hour detail cache must not hide what the server kept: clear it, then reload.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith('clientDetail_')) localStorage.removeItem(key);
    }
  });
  await page.reload();
  await cards(page).first().getByRole('button', { name: 'Details' }).click();
  await expect(page.getByRole('dialog').getByLabel('Notes')).toHaveValue(note);
});

test("the client modal's stats match the seeded data", async ({ page }) => {
  const plan = planDemoData(new Date());
  const quotes = plan.demo.quotes.filter((quote) => quote.clientIndex === 0);
  const commissions = plan.demo.commissions.filter((row) => row.clientIndex === 0);
  const openStatuses = [
    'pending_authentication',
    'authentication_in_progress',
    'authenticated_no_offer',
    'authenticated_with_offer',
    'needs_more_info',
    'offer_pending',
    'offer_accepted',
    'in_transit',
    'received',
  ];
  const accepted = quotes.filter(
    (quote) => quote.acceptedOfferType === 'consignment' || quote.acceptedOfferType === 'buyout',
  ).length;
  const totalCents = commissions.reduce((sum, row) => sum + row.amountCents, 0);
  const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

  await signInAsDemo(page);
  await page.goto('/clients?search=Olivia%20Bennett');
  await cards(page).first().getByRole('button', { name: 'Details' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Olivia Bennett' })).toBeVisible();
  const stat = (name: string) => dialog.getByRole('group', { name, exact: true });
  const commissionsSection = dialog.getByRole('region', { name: 'Commissions' });
  await expect(commissionsSection.getByRole('group', { name: 'Commissions' })).toContainText(
    String(commissions.length),
  );
  await expect(stat('Total')).toContainText(money.format(totalCents / 100));
  const open = quotes.filter((quote) => openStatuses.includes(quote.status)).length;
  await expect(stat('Open Quotes')).toContainText(String(open));
  await expect(stat('Quotes Accepted')).toContainText(`${accepted}/${quotes.length}`);
  await expect(stat('Quotes Accepted')).toContainText(
    `${Math.round((accepted / quotes.length) * 100)}%`,
  );
  await expect(stat('Items Sold')).toContainText(
    String(quotes.filter((quote) => quote.status === 'sold').length),
  );
});
