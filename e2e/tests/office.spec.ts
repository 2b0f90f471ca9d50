import { OfficeQueueDocumentSchema } from '@atelier/contract';
import { expect, request, test, type Page } from '@playwright/test';
import {
  apiToken,
  DEMO,
  expectNoSeriousViolations,
  shoot,
  signInThroughForm,
  watchConsole,
} from './fixtures.ts';

const OFFICE = { email: 'office@atelier.test', password: 'atelier-demo' };
const AUTHENTICATOR = { email: 'authenticator@atelier.test', password: 'atelier-demo' };

const STAGE_TABS = [
  'To authenticate',
  'Needs more info',
  'To price',
  'Offers out',
  'Accepted',
  'In transit',
  'At warehouse',
  'Sold',
];

/** A row (table, wide) or card (list, narrow) of the item `#id`, and no other id that starts so. */
const itemRow = (page: Page, quoteId: number) =>
  page.locator('tr, li').filter({ hasText: new RegExp(`#${quoteId}(?!\\d)`) });

/** A staff member signed in through the API, for what another person does meanwhile. */
async function staffThroughApi(baseURL: string, account: { email: string; password: string }) {
  const context = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect((await context.post('/api/auth/sign-in/email', { data: account })).status()).toBe(200);
  const { token } = (await (await context.get('/api/auth/token')).json()) as { token: string };
  return {
    claim: (quoteId: number) =>
      context.post(`/api/office/items/${quoteId}/claim`, {
        headers: { authorization: `Bearer ${token}` },
        data: {},
      }),
    dispose: () => context.dispose(),
  };
}

test('operations signs in, lands on the queues and assigns an item to herself', async ({
  page,
}, testInfo) => {
  const errors = watchConsole(page);
  const project = testInfo.project.name;
  await signInThroughForm(page, OFFICE);
  await expect(page).toHaveURL(/\/office$/);
  await expect(page.getByRole('heading', { name: 'Queues' })).toBeVisible();
  // A phone's header leaves the name out for room.
  if (project === 'desktop')
    await expect(page.locator('header').getByText('Odile Park')).toBeVisible();
  for (const label of STAGE_TABS) {
    await expect(page.getByRole('tab', { name: new RegExp(`^${label} \\d+$`) })).toBeVisible();
  }
  await expect(page.getByRole('tab', { name: /^To authenticate \d+$/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText('In stage (business hours)').first()).toBeVisible();
  await shoot(page, 'office-queues', project);
  await shoot(page, 'office-queues-top', project, false);
  await expectNoSeriousViolations(page);

  // A reload keeps the staff member at /office (the session knows it is a staff session).
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Queues' })).toBeVisible();
  await expect(page).toHaveURL(/\/office$/);

  // Each project works its own queue: the two run at once against one server.
  const [stage, label] =
    project === 'mobile' ? ['at_warehouse', 'At warehouse'] : ['offers_out', 'Offers out'];
  await page.getByRole('tab', { name: new RegExp(`^${label} \\d+$`) }).click();
  await expect(page).toHaveURL(new RegExp(`stage=${stage}`));
  // The address changes before the new tab is drawn: the row is read from the new tab's list,
  // and the button clicked is that row's own.
  const list = page.getByRole('region', { name: `${label} items` });
  const firstFree = list.getByRole('button', { name: /^Assign to me, #\d+$/ }).first();
  await expect(firstFree).toBeEnabled();
  const quoteId = Number(/#(\d+)$/.exec((await firstFree.getAttribute('aria-label')) ?? '')?.[1]);
  expect(quoteId).toBeGreaterThan(0);
  await list.getByRole('button', { name: `Assign to me, #${quoteId}` }).click();
  const row = itemRow(page, quoteId);
  await expect(row.getByText('Odile Park')).toBeVisible();
  await expect(row.getByRole('button', { name: /Assign to me/ })).toHaveCount(0);
  if (stage === 'offers_out') {
    await expect(page.getByRole('columnheader', { name: 'Offers expire' })).toBeVisible();
  }
  await shoot(page, `office-assigned-${stage}`, project);

  // "Mine" keeps only her items, in the URL too; Back undoes it.
  await page.locator('label', { hasText: /^Mine$/ }).click();
  await expect(page).toHaveURL(/mine=true/);
  await expect(itemRow(page, quoteId)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Assign to me/ })).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await page.goBack();
  await expect(page).not.toHaveURL(/mine=true/);
  await expect(page.getByRole('switch', { name: 'Mine' })).not.toBeChecked();

  // A search that finds nothing says so and offers to clear the filters.
  await page.getByLabel('Search').fill('NO-SUCH-CODE');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText(`Nothing in ${label} matches these filters.`)).toBeVisible();
  await shoot(page, 'office-no-match', project);
  await page.getByRole('button', { name: 'Clear filters' }).last().click();
  await expect(itemRow(page, quoteId)).toBeVisible();

  await page.getByRole('link', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(errors).toEqual([]);
});

test('"Assign to me" on an item someone else took meanwhile says who holds it', async ({
  page,
  baseURL,
}, testInfo) => {
  const errors = watchConsole(page);
  const project = testInfo.project.name;
  // The page would hear the other claim at once (the staff stream) and drop its button: this is
  // the page that did not hear it yet, its stream cut.
  await page.route('**/api/office/stream**', (route) => route.abort());
  await signInThroughForm(page, AUTHENTICATOR);
  await expect(page).toHaveURL(/\/office$/);

  // An item nobody holds, a different one for each project.
  const answer = await page.request.get('/api/office/queues/to_authenticate', {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
  });
  expect(answer.status()).toBe(200);
  const free = OfficeQueueDocumentSchema.parse(await answer.json()).data.filter(
    (row) => row.holder === null,
  );
  const quoteId = free[project === 'mobile' ? 1 : 0]!.quoteId;
  const assign = page.getByRole('button', { name: `Assign to me, #${quoteId}` });
  await expect(assign).toBeEnabled();

  const office = await staffThroughApi(baseURL!, OFFICE);
  expect((await office.claim(quoteId)).status()).toBe(200);
  await office.dispose();

  await assign.click();
  await expect(page.getByText('Odile Park holds this item.')).toBeVisible();
  await expect(itemRow(page, quoteId).getByText('Odile Park')).toBeVisible();
  await expect(assign).toHaveCount(0);
  await shoot(page, 'office-claim-refused', project, false);
  await expectNoSeriousViolations(page);
  // The browser logs the refused claim's answer and the cut stream itself; nothing else may fail.
  expect(errors.filter((error) => !/status of 409|ERR_FAILED/.test(error))).toEqual([]);
});

test('a stylist opening /office is sent to the dashboard', async ({ page }) => {
  await signInThroughForm(page, DEMO);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/office');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Queues' })).toHaveCount(0);
});
