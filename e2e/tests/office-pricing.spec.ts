import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, shoot, signInThroughForm, watchConsole } from './fixtures.ts';
import { itemToPrice, openFromQueue, PRICER } from './office-items.ts';

/** The seed sold six of this designer's jewelry: guidance from its own category. */
const DESIGNER = 'Van Cleef & Arpels';
const CATEGORY = 'Jewelry';

test('a pricer opens an item in "To price", reads the price guidance beside the offers and makes them', async ({
  page,
  baseURL,
}, testInfo) => {
  const errors = watchConsole(page);
  const project = testInfo.project.name;
  const name = `Frivole Pendant ${project}`;
  const quoteId = await itemToPrice(baseURL!, { name, designer: DESIGNER, category: CATEGORY });

  await signInThroughForm(page, PRICER);
  await expect(page).toHaveURL(/\/office$/);
  await page.getByRole('tab', { name: /^To price \d+$/ }).click();
  await openFromQueue(page, 'to_price', quoteId);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page
    .getByRole('region', { name: 'Decisions' })
    .getByRole('button', { name: 'Make offers' })
    .click();
  const form = page.getByRole('dialog', { name: 'Make offers' });
  const guidance = form.getByRole('region', { name: 'Price guidance' });
  // The seed's six, and any a journey running alongside has sold since.
  await expect(
    guidance.getByText(new RegExp(`^\\d+ sales of ${DESIGNER} ${CATEGORY}\\.$`)),
  ).toBeVisible();
  await expect(guidance.getByText('Median sale price')).toBeVisible();
  await expect(guidance.locator('dd').first()).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(guidance.getByText('Median buyout paid')).toBeVisible();
  await expect(guidance.getByText(/^\d+(\.\d)? days?$/)).toBeVisible();
  const latest = guidance.getByRole('listitem');
  await expect(latest).toHaveCount(5);
  // The comparables' photos are signed links that load.
  const photo = latest.first().locator('img');
  await expect(photo).toHaveAttribute('src', /\/files\/.+\?expires=\d+&signature=/);
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await shoot(page, 'office-pricing-guidance', project, false);
  await expectNoSeriousViolations(page);
  if (project === 'mobile') {
    // Stacked at 375 px: the guidance under the fields, nothing wider than the window.
    const field = await form.getByLabel('Consignment estimate ($)').boundingBox();
    const panel = await guidance.boundingBox();
    expect(panel!.y).toBeGreaterThan(field!.y);
    expect(panel!.x + panel!.width).toBeLessThanOrEqual(375);
  }

  await form.getByLabel('Consignment estimate ($)').fill('3,100');
  await form.getByLabel('Buyout quote ($)').fill('2,200');
  await form.getByRole('button', { name: 'Make offers' }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByText(new RegExp(`Item #${quoteId} is now: `))).toBeVisible();
  await shoot(page, 'office-pricing-offered', project);
  expect(errors).toEqual([]);
});
