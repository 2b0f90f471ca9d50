import { OfficeQueueDocumentSchema } from '@atelier/contract';
import { expect, test } from '@playwright/test';
import {
  apiToken,
  createClientThroughApi,
  expectNoSeriousViolations,
  shoot,
  signInAsDemo,
  signInThroughForm,
  watchConsole,
} from './fixtures.ts';
import { gradientPng } from './png.ts';
import { AUTHENTICATOR, submittedItem } from './office-items.ts';

test('the authenticator asks for a date-code photo, the stylist answers from the card, and the item leads "To authenticate" marked "Answered"', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const project = testInfo.project.name;
  const errors = watchConsole(page);
  await signInAsDemo(page);
  const clientId = await createClientThroughApi(page, `Dora${project === 'mobile' ? 'M' : 'D'}`);
  const name = `Date Code Tote ${project}`;
  const quoteId = await submittedItem(baseURL!, { name, clientId });

  // The authenticator, in a browser of their own, asks for what is missing in the workspace.
  // The project's own settings (viewport, touch) apply to a context made in the test.
  const officeContext = await browser.newContext();
  const office = await officeContext.newPage();
  const officeErrors = watchConsole(office);
  await signInThroughForm(office, AUTHENTICATOR);
  await expect(office).toHaveURL(/\/office$/);
  await office.goto(`/office/items/${quoteId}`);
  await expect(office.getByRole('heading', { level: 1, name })).toBeVisible();
  const decisions = office.getByRole('region', { name: 'Decisions' });
  await decisions.getByRole('button', { name: 'Start authentication' }).click();
  await expect(
    office.getByText(`Item #${quoteId} is now: Authentication in progress.`),
  ).toBeVisible();
  await decisions.getByRole('button', { name: 'Request more info' }).click();
  const ask = office.getByRole('dialog', { name: 'Request more info' });
  await ask.getByLabel('What is missing').fill('a photo of the date code');
  await ask
    .getByLabel('Message to the stylist and client')
    .fill('Please photograph the stamp inside the pocket.');
  await ask.getByRole('button', { name: 'Request more info' }).click();
  await expect(ask).toHaveCount(0);
  await expect(office.getByText(/Not answered yet\./)).toBeVisible();

  // The stylist sees the request on the quote card and answers with a photo and a note.
  await page.goto(`/quotes/pickup/${clientId}`);
  const card = page.getByRole('article', { name: `Quote #${quoteId}` });
  const request = card.getByRole('region', {
    name: `Request for more information on #${quoteId}`,
  });
  await expect(request.getByText('The back office asks: a photo of the date code')).toBeVisible();
  await expect(request.getByText('Please photograph the stamp inside the pocket.')).toBeVisible();
  // What the stylist sees: the request in the middle of the window, clear of the fixed bars.
  await request.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await shoot(page, 'more-info-card', project, false);
  await expectNoSeriousViolations(page);

  await request.getByRole('button', { name: `Answer the request on #${quoteId}` }).click();
  const form = page.getByRole('dialog', { name: `Answer for #${quoteId}` });
  const send = form.getByRole('button', { name: 'Send answer' });
  await expect(send).toBeDisabled();
  await form.locator('input[type=file]').setInputFiles([
    {
      name: 'date-code.png',
      mimeType: 'image/png',
      buffer: gradientPng(700, 500, [20, 60, 90], [220, 230, 240]),
    },
  ]);
  await expect(form.getByRole('img', { name: 'date-code.png' })).toBeVisible();
  await form
    .getByLabel('Note for the back office')
    .fill('The stamp reads AR1029, inside the pocket.');
  await expect(send).toBeEnabled();
  await shoot(page, 'more-info-answer', project, false);
  await expectNoSeriousViolations(page);
  await send.click();
  await expect(page.getByText('Your answer went to the back office.')).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(request).toHaveCount(0);
  await expect(card.getByText('Authentication in Progress')).toBeVisible();

  // The office: the item leads "To authenticate" among the answered, marked "Answered".
  const queue = await office.request.get('/api/office/queues/to_authenticate', {
    headers: { authorization: `Bearer ${await apiToken(office)}` },
  });
  const rows = OfficeQueueDocumentSchema.parse(await queue.json()).data;
  const position = rows.findIndex((row) => row.quoteId === quoteId);
  expect(position).toBeGreaterThanOrEqual(0);
  // Other journeys may answer items at the same moment: only answered rows come before it.
  expect(rows.slice(0, position + 1).every((row) => row.answered)).toBe(true);

  await office.goto('/office');
  await expect(office.getByRole('tab', { name: /^To authenticate \d+$/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const row = office.locator('tr, li').filter({ hasText: new RegExp(`#${quoteId}(?!\\d)`) });
  await expect(row.getByText('Answered', { exact: true })).toBeVisible();
  await shoot(office, 'office-answered-queue', project, false);
  await expectNoSeriousViolations(office);

  // The workspace shows the answer: the note and the new photo.
  await row.getByRole('link', { name }).click();
  const answer = office.getByRole('region', { name: 'More information' });
  await expect(answer.getByText('The stamp reads AR1029, inside the pocket.')).toBeVisible();
  await expect(answer.getByRole('img', { name: 'Answer photo 1' })).toBeVisible();
  await office.evaluate(() => window.scrollTo(0, 0));
  await shoot(office, 'office-answered-item', project);
  await expectNoSeriousViolations(office);

  await officeContext.close();
  expect(errors).toEqual([]);
  expect(officeErrors).toEqual([]);
});
