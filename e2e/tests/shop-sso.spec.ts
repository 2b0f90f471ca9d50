import { expect, test, type BrowserContext, type Locator } from '@playwright/test';
import { SHOP_URL } from '../shop-stand-in.ts';
import { shoot, signInAsDemo, watchConsole } from './fixtures.ts';

const SSO_COOKIE = 'atelier_sso';

/** Clicks a shop button and answers the tab it opens, once that tab reached the stand-in shop. */
async function openShop(context: BrowserContext, button: Locator) {
  const opened = context.waitForEvent('page');
  await button.click();
  const shop = await opened;
  await expect(shop.getByRole('heading', { name: 'Shop stand-in' })).toBeVisible();
  return shop;
}

test("Buy opens the client's shop account signed in: check-sso=true and the SSO cookie reach the shop", async ({
  page,
  context,
}, testInfo) => {
  const errors = watchConsole(page);
  await signInAsDemo(page);
  await page.goto('/clients');
  const card = page.getByRole('article').first();
  await expect(card).toBeVisible();

  const shop = await openShop(context, card.getByRole('button', { name: 'Buy' }));
  await expect(shop).toHaveURL(`${SHOP_URL}/account?check-sso=true`);
  await expect(shop.getByTestId('path')).toHaveText('/account');
  await expect(shop.getByTestId('query')).toHaveText('?check-sso=true');
  await expect(shop.getByTestId('cookie')).toContainText(
    new RegExp(`${SSO_COOKIE}=[\\w-]+\\.[\\w-]+\\.[\\w-]+`),
  );
  const cookie = (await context.cookies(SHOP_URL)).find(({ name }) => name === SSO_COOKIE);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  // A short-lived cookie: five minutes, not a session-long one.
  expect(cookie!.expires * 1000 - Date.now()).toBeLessThanOrEqual(300_000);
  // The shop tab cannot reach back into the portal.
  expect(await shop.evaluate(() => window.opener)).toBeNull();
  await shop.close();

  await expect(card.getByRole('button', { name: 'Buy' })).toBeEnabled();
  await shoot(page, 'clients-shop-sso', testInfo.project.name);
  expect(errors).toEqual([]);

  // §4: logout clears the single-sign-on cookie.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect
    .poll(async () => (await context.cookies(SHOP_URL)).map(({ name }) => name))
    .not.toContain(SSO_COOKIE);
});

test('"Quotes to Review" opens the shop account\'s quotes page signed in', async ({
  page,
  context,
}) => {
  await signInAsDemo(page);
  await page.goto('/clients');
  const review = page.getByRole('button', { name: /Quotes to Review/ }).first();

  const shop = await openShop(context, review);
  await expect(shop).toHaveURL(`${SHOP_URL}/account/quotes?check-sso=true`);
  await expect(shop.getByTestId('cookie')).toContainText(`${SSO_COOKIE}=`);
});
