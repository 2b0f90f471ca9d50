import crypto from 'node:crypto';
import {
  ACCOUNT_SITE_HANDOFF_TTL_SECONDS,
  AccountDocumentSchema,
  ProfileImageResponseSchema,
  TutorialListDocumentSchema,
} from '@atelier/contract';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNT_SITE_HANDOFF_SECRET, ACCOUNT_SITE_URL, HELP_SITE_URL } from '../account-site.ts';
import {
  apiToken,
  DEMO,
  expectNoSeriousViolations,
  shoot,
  signInAsDemo,
  signInThroughForm,
  watchConsole,
} from './fixtures.ts';
import { gradientPng } from './png.ts';

const OTHER = { email: 'other@atelier.test', password: 'atelier-demo' };

async function openAccountModal(page: Page) {
  await page.getByRole('button', { name: 'Profile' }).click();
  const modal = page.getByRole('dialog', { name: 'Stylist Account' });
  await expect(modal.getByRole('button', { name: /^(Add|Change) Photo$/ })).toBeVisible();
  return modal;
}

async function accountOf(page: Page) {
  const response = await page.request.get('/api/account?include=stylist', {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
  });
  expect(response.status()).toBe(200);
  return AccountDocumentSchema.parse(await response.json());
}

test('a new profile photo shows in the modal and the top bar, and stays', async ({
  page,
}, testInfo) => {
  const errors = watchConsole(page);
  // The two projects run at once: each changes a stylist of its own.
  await signInThroughForm(page, testInfo.project.name === 'mobile' ? DEMO : OTHER);
  await expect(page).toHaveURL(/\/dashboard$/);
  const topBarPhoto = page.getByRole('button', { name: 'Profile' }).locator('img');
  const before = (await topBarPhoto.count()) > 0 ? await topBarPhoto.getAttribute('src') : null;

  const modal = await openAccountModal(page);
  const chooser = page.waitForEvent('filechooser');
  const uploaded = page.waitForResponse('**/api/stylist/upload-profile-image');
  await modal.getByRole('button', { name: /^(Add|Change) Photo$/ }).click();
  await (
    await chooser
  ).setFiles({
    name: 'portrait.png',
    mimeType: 'image/png',
    buffer: gradientPng(320, 320, [201, 165, 78], [107, 30, 44]),
  });
  const response = await uploaded;
  expect(response.status()).toBe(200);
  const { thumbnailUrl } = ProfileImageResponseSchema.parse(await response.json());
  expect(thumbnailUrl).not.toBe(before);

  await expect(modal.getByRole('button', { name: 'Change Photo' })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Change Photo' }).locator('img')).toHaveAttribute(
    'src',
    thumbnailUrl,
  );
  await expect(topBarPhoto).toHaveAttribute('src', thumbnailUrl);
  // The new photo really loads: a 256 px square thumbnail.
  await expect
    .poll(() => topBarPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(256);
  await shoot(page, 'account-modal-photo', testInfo.project.name, false);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Profile' }).locator('img')).toHaveAttribute(
    'src',
    thumbnailUrl,
    { timeout: 15_000 },
  );
  expect(errors).toEqual([]);
});

test('help plays the Welcome tutorial and links to the FAQ', async ({ page }, testInfo) => {
  const errors = watchConsole(page);
  await signInAsDemo(page);
  const modal = await openAccountModal(page);
  await shoot(page, 'account-modal', testInfo.project.name, false);

  await modal.getByRole('button', { name: 'Help' }).click();
  await expect(modal.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', HELP_SITE_URL);
  const tutorials = modal.getByRole('region', { name: 'Tutorials' });
  await expect(tutorials.getByRole('combobox', { name: 'Category' })).toHaveValue('Welcome');
  const slide = tutorials.getByRole('group', { name: /Welcome to Atelier$/ });
  await expect(slide.locator('img')).toBeVisible();
  await expect
    .poll(() => slide.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await slide.scrollIntoViewIfNeeded();
  await shoot(page, 'account-help-tutorials', testInfo.project.name, false);

  await tutorials.getByRole('button', { name: 'Play Welcome to Atelier' }).click();
  const video = tutorials.locator('video');
  await expect(video).toHaveAttribute(
    'src',
    /\/files\/seed\/tutorial-welcome-tour\.webm\?expires=\d+&signature=[\w-]+$/,
  );
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
    .toBeGreaterThan(0.3);
  expect(await video.evaluate((element: HTMLVideoElement) => element.error)).toBeNull();
  await shoot(page, 'account-tutorial-playing', testInfo.project.name, false);

  // Another category starts over on its own first slide, and the video stops.
  await tutorials.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Shipping' }).click();
  await expect(tutorials.locator('video')).toHaveCount(0);
  await expect(tutorials.getByRole('group', { name: /^1 of 2: / })).toBeVisible();
  await tutorials.getByRole('button', { name: 'Next tutorial' }).click();
  await expect(tutorials.getByRole('button', { name: 'Go to tutorial 2' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  expect(errors).toEqual([]);
});

test('the account modal shows every row, Payout with its method among them, and passes axe', async ({
  page,
}, testInfo) => {
  const errors = watchConsole(page);
  await signInAsDemo(page);
  const modal = await openAccountModal(page);
  const rows = modal.getByRole('button', {
    name: /^(Personal info|Security|Payout|Help|Terms of use)\b/,
  });
  await expect(rows).toHaveCount(5);
  const payout = modal.getByRole('button', { name: /^Payout/ });
  await expect(payout).toContainText(/Check|PayPal|Not set/);
  await payout.scrollIntoViewIfNeeded();
  await expect(payout).toBeInViewport();
  await expectNoSeriousViolations(page, { include: '[role="dialog"]' });
  await payout.click();
  await expect(modal.getByRole('form', { name: 'Payout preference' })).toBeVisible();
  await shoot(page, 'account-modal-payout', testInfo.project.name, false);
  expect(errors).toEqual([]);
});

test('personal info opens the account site with a one-minute token for the stylist', async ({
  page,
  context,
}) => {
  const errors = watchConsole(page);
  await context.route(`${ACCOUNT_SITE_URL}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Account site</h1>' }),
  );
  await signInAsDemo(page);
  const account = await accountOf(page);
  const modal = await openAccountModal(page);

  const popup = page.waitForEvent('popup');
  await modal.getByRole('button', { name: 'Personal info' }).click();
  const tab = await popup;
  await tab.waitForURL(`${ACCOUNT_SITE_URL}/personal-info?handoff=*`);
  await expect(tab.getByRole('heading', { name: 'Account site' })).toBeVisible();
  expect(await tab.evaluate(() => window.opener)).toBeNull();

  const token = new URL(tab.url()).searchParams.get('handoff') ?? '';
  const [header, payload, signature] = token.split('.');
  const expected = crypto
    .createHmac('sha256', ACCOUNT_SITE_HANDOFF_SECRET)
    .update(`${header}.${payload}`)
    .digest('base64url');
  expect(signature).toBe(expected);
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
  expect(claims).toMatchObject({ sub: account.data.id, aud: ACCOUNT_SITE_URL });
  expect(Number(claims.exp) - Number(claims.iat)).toBe(ACCOUNT_SITE_HANDOFF_TTL_SECONDS);
  await tab.close();
  expect(errors).toEqual([]);
});

test('the dashboard shows the new demo stylist the marketing box and the tutorials', async ({
  page,
}, testInfo) => {
  const errors = watchConsole(page);
  await signInAsDemo(page);
  const box = page.getByRole('region', { name: 'Marketing' });
  await expect(box.getByRole('link', { name: /Holiday consignment bonus/ })).toHaveAttribute(
    'href',
    'https://example.com/holiday',
  );
  await expect
    .poll(() => box.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const tutorials = page.getByRole('region', { name: 'Tutorials' });
  await expect(tutorials.getByRole('button', { name: 'Play Welcome to Atelier' })).toBeVisible();
  await box.scrollIntoViewIfNeeded();
  await shoot(page, 'dashboard-marketing-tutorials', testInfo.project.name);
  expect(errors).toEqual([]);
});

test('a stylist who joined over two months ago gets no tutorials card', async ({ page }) => {
  const errors = watchConsole(page);
  const answered = page.waitForResponse('**/api/stylist/tutorials');
  await signInThroughForm(page, OTHER);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The card has its data: the dashboard's own call says this stylist is not new.
  const tutorials = TutorialListDocumentSchema.parse(await (await answered).json());
  expect(tutorials.meta.isNewStylist).toBe(false);
  await expect(page.getByRole('region', { name: 'Marketing' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Add New Client' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tutorials' })).toHaveCount(0);
  expect(errors).toEqual([]);
});
