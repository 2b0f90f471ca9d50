import { OFFICE_QUEUE_TAB_LABELS, OFFICE_QUEUE_TABS } from '@atelier/contract';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations, shoot, signInThroughForm, watchConsole } from './fixtures.ts';
import { OPERATIONS, submittedItem } from './office-items.ts';

/** The widths the office is checked at: the desktop project's two, the phone's one. */
const WIDTHS = [
  { width: 1280, project: 'desktop' },
  { width: 1024, project: 'desktop' },
  { width: 375, project: 'mobile' },
] as const;

/** The queue of `label` shown and settled (no request on its way). */
async function queueShown(page: Page, label: string) {
  const section = page.getByRole('region', { name: `${label} items` });
  await expect(section).toHaveAttribute('aria-busy', 'false');
  return section;
}

const rowOf = (page: Page, quoteId: number) =>
  page.locator('tr, li').filter({ hasText: new RegExp(`#${quoteId}(?!\\d)`) });

for (const { width, project } of WIDTHS) {
  test(`every queue is axe-clean at ${width} px`, async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== project, `${width} px is the ${project} project's`);
    const errors = watchConsole(page);
    await page.setViewportSize({ width, height: 800 });
    await signInThroughForm(page, OPERATIONS);
    await expect(page).toHaveURL(/\/office$/);
    for (const stage of OFFICE_QUEUE_TABS) {
      const label = OFFICE_QUEUE_TAB_LABELS[stage];
      const tab = page.getByRole('tab', { name: new RegExp(`^${label} `) });
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await queueShown(page, label);
      await expectNoSeriousViolations(page);
    }
    expect(errors).toEqual([]);
  });

  test(`at ${width} px the queue's keys, the shortcuts and the workspace are axe-clean, and focus follows`, async ({
    page,
    baseURL,
  }, testInfo) => {
    test.skip(testInfo.project.name !== project, `${width} px is the ${project} project's`);
    const errors = watchConsole(page);
    await page.setViewportSize({ width, height: 800 });
    const quoteId = await submittedItem(baseURL!, { name: `Axe Alma ${width}` });
    await signInThroughForm(page, OPERATIONS);
    await expect(page).toHaveURL(/\/office$/);

    // The item's own row: the keyboard selects it, "Assign to me" keeps focus on it.
    await page.goto(`/office?stage=to_authenticate&q=%23${quoteId}`);
    await queueShown(page, 'To authenticate');
    const row = rowOf(page, quoteId);
    const link = row.getByRole('link').first();
    await expect(link).toBeVisible();
    await page.keyboard.press('j');
    await expect(link).toBeFocused();
    await expect(row).toHaveAttribute('aria-current', 'true');
    await expect(row).toHaveAttribute('data-selected', 'true');
    await shoot(page, `office-queue-selected-${width}`, project);
    await expectNoSeriousViolations(page);

    await row.getByRole('button', { name: `Assign to me, #${quoteId}` }).click();
    await expect(row.getByRole('button', { name: /Assign to me/ })).toHaveCount(0);
    await expect(link).toBeFocused();

    // "?" opens the shortcuts; Escape gives focus back to the row.
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('row', { name: /Assign the selected item to me/ })).toBeVisible();
    await shoot(page, `office-shortcuts-${width}`, project, false);
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(link).toBeFocused();

    // The header's button opens it too, and takes focus back when it closes (not on a phone,
    // whose header has no room for it).
    const opener = page.getByRole('button', { name: 'Keyboard shortcuts' });
    if (width < 576) {
      await expect(opener).toHaveCount(0);
    } else {
      await opener.click();
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: /close/i }).click();
      await expect(dialog).toHaveCount(0);
      await expect(opener).toBeFocused();
    }

    // "/" goes to the search, where keys type.
    await page.keyboard.press('/');
    const search = page.getByRole('searchbox', { name: 'Search' });
    await expect(search).toBeFocused();
    await page.keyboard.type('jk');
    await expect(search).toHaveValue(/jk$/);

    // The workspace, opened from the keyboard.
    await link.focus();
    await page.keyboard.press('o');
    await expect(page).toHaveURL(new RegExp(`/office/items/${quoteId}$`));
    await expect(page.getByRole('region', { name: 'Decisions' })).toBeVisible();
    await expectNoSeriousViolations(page);
    expect(errors).toEqual([]);
  });
}
