import fs from 'node:fs';
import { OFFICE_REPORT_CSV_STAGE_HEADER } from '@atelier/contract';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, shoot, signInThroughForm, watchConsole } from './fixtures.ts';
import { itemToPrice } from './office-items.ts';

const OFFICE = { email: 'office@atelier.test', password: 'atelier-demo' };
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const pad = (n: number) => String(n).padStart(2, '0');

test('operations opens Reports, changes the range and downloads the CSV', async ({
  page,
  baseURL,
}, testInfo) => {
  const errors = watchConsole(page);
  const project = testInfo.project.name;
  // An item of its own, authenticated today: "To authenticate" handled it, Nadia decided.
  await itemToPrice(baseURL!, { name: `Reported Tote ${project}` });

  await signInThroughForm(page, OFFICE);
  await expect(page).toHaveURL(/\/office$/);
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/office\/reports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();

  // The last 30 days: today's decisions are in them.
  const queues = page.getByRole('table', { name: /^Queues, / });
  const toAuthenticate = queues.getByRole('row', { name: /^To authenticate/ });
  await expect(toAuthenticate.getByRole('cell').first()).toHaveText(/^[1-9]\d*$/);
  const staff = page.getByRole('table', { name: /^Decisions per staff member/ });
  await expect(staff.getByRole('rowheader', { name: /Nadia Okafor/ })).toBeVisible();
  await expect(page.getByRole('table', { name: /^Items handled per day/ })).toBeVisible();

  if (project === 'mobile') {
    // At 375 px the wide tables scroll inside their boxes; the page does not scroll sideways.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  }
  await shoot(page, 'office-reports', project);
  await expectNoSeriousViolations(page);

  // The calendar opens on the range's first month: the 1st to the 2nd of that month.
  const start = new Date();
  start.setDate(start.getDate() - 29);
  const [year, month] = [start.getFullYear(), start.getMonth()];
  await page.getByRole('button', { name: 'Date range' }).click();
  await page.getByRole('button', { name: `1 ${MONTHS[month]} ${year}`, exact: true }).click();
  await page.getByRole('button', { name: `2 ${MONTHS[month]} ${year}`, exact: true }).click();
  const from = `${year}-${pad(month + 1)}-01`;
  const to = `${year}-${pad(month + 1)}-02`;
  await expect(page).toHaveURL(new RegExp(`/office/reports\\?from=${from}&to=${to}$`));
  const shown = `${month + 1}/1/${year} – ${month + 1}/2/${year}`;
  await expect(
    page
      .getByRole('table', { name: `Queues, ${shown}` })
      .or(page.getByText('No items handled in these dates')),
  ).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`atelier-office-report-${from}_${to}.csv`);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
    OFFICE_REPORT_CSV_STAGE_HEADER.join(','),
  );
  expect(errors).toEqual([]);
});
