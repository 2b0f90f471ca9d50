import { expect, test } from '@playwright/test';
import { shoot, signInAsDemo, watchConsole } from './fixtures.ts';

test('the screens render without console errors', async ({ page }, testInfo) => {
  const errors = watchConsole(page);
  const project = testInfo.project.name;

  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await shoot(page, 'sign-in', project);

  await page.getByLabel('Email').fill('demo@atelier.test');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await shoot(page, 'sign-in-error', project);

  await signInAsDemo(page);
  await expect(page.getByRole('navigation', { name: 'Actions' })).toBeVisible();
  await shoot(page, 'dashboard', project);

  await expect(page.getByText('AMOUNT RECEIVED', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
  await shoot(page, 'dashboard-filled', project);

  await page.getByRole('navigation', { name: 'Actions' }).getByText('Clients').click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole('article')).toHaveCount(30);
  await shoot(page, 'clients', project);

  await page
    .getByRole('article', { name: 'Olivia Bennett' })
    .getByRole('button', { name: 'Details' })
    .click();
  await expect(page.getByRole('dialog').getByText('Items Sold')).toBeVisible();
  // A modal is fixed to the viewport; a full-page shot would lay the list out under it.
  await shoot(page, 'client-detail', project, false);
  await page.keyboard.press('Escape');

  await page.goto('/clients?search=nobody-matches-this');
  await expect(page.getByText("Sorry, can't find anyone matching that.")).toBeVisible();
  await shoot(page, 'clients-no-match', project);

  await page.getByRole('navigation', { name: 'Actions' }).getByText('Account').click();
  await expect(page.getByRole('button', { name: 'LOGOUT' })).toBeVisible();
  await shoot(page, 'account', project);

  // Failed sign-in attempts log a 401 resource error in Chromium's console; nothing else may.
  expect(errors.filter((text) => !text.includes('401'))).toEqual([]);
});
