import { CommissionListDocumentSchema, OfficeItemDocumentSchema } from '@atelier/contract';
import { expect, test } from '@playwright/test';
import { acceptedQuotes, labelThroughApi } from './accepted-quotes.ts';
import {
  apiToken,
  createClientThroughApi,
  expectNoSeriousViolations,
  shoot,
  signInAsDemo,
  signInThroughForm,
  watchConsole,
} from './fixtures.ts';
import {
  AUTHENTICATOR,
  decide,
  openFromQueue,
  OPERATIONS,
  signedIn,
  submittedItem,
} from './office-items.ts';

test('a counterfeit verdict waits for a second opinion: its author cannot approve it, operations does', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const project = testInfo.project.name;
  const errors = watchConsole(page);
  const quoteId = await submittedItem(baseURL!, { name: `Second Look Wallet ${project}` });
  const authenticator = await signedIn(baseURL!, AUTHENTICATOR);
  await decide(authenticator, quoteId, 'start_authentication');
  await authenticator.context.dispose();

  // The authenticator proposes the verdict in the workspace: it waits, and is not theirs to approve.
  await signInThroughForm(page, AUTHENTICATOR);
  await expect(page).toHaveURL(/\/office$/);
  await page.goto(`/office/items/${quoteId}`);
  const decisions = page.getByRole('region', { name: 'Decisions' });
  await decisions.getByRole('button', { name: 'Counterfeit' }).click();
  const form = page.getByRole('dialog', { name: 'Counterfeit' });
  await form.getByLabel('Reason (internal, for the record)').fill('The heat stamp font is wrong.');
  await form.getByRole('button', { name: 'Counterfeit' }).click();
  await expect(form).toHaveCount(0);
  await expect(decisions.getByText('Waiting for a second opinion')).toBeVisible();
  await expect(decisions.getByText(/nobody approves their own decision/)).toBeVisible();
  await expect(decisions.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  // Operations finds it under "Second opinion" and approves it.
  const leadContext = await browser.newContext();
  const lead = await leadContext.newPage();
  const leadErrors = watchConsole(lead);
  await signInThroughForm(lead, OPERATIONS);
  await expect(lead).toHaveURL(/\/office$/);
  await lead.getByRole('tab', { name: /^Second opinion \d+$/ }).click();
  await expect(lead).toHaveURL(/stage=second_opinion/);
  await openFromQueue(lead, 'second_opinion', quoteId);
  const leadDecisions = lead.getByRole('region', { name: 'Decisions' });
  await expect(leadDecisions.getByText(/Proposed by Nadia Okafor/)).toBeVisible();
  await shoot(lead, 'office-second-opinion', project);
  await expectNoSeriousViolations(lead);
  await leadDecisions.getByRole('button', { name: 'Approve' }).click();
  await expect(lead.getByText(new RegExp(`Item #${quoteId} is now: `))).toBeVisible();
  await expect(leadDecisions.getByText('Waiting for a second opinion')).toHaveCount(0);
  await expect(lead.getByRole('heading', { level: 1 })).toBeFocused();

  // The verdict took effect: the item, as its stylist sees it, is counterfeit.
  const item = await lead.request.get(`/api/office/items/${quoteId}`, {
    headers: { authorization: `Bearer ${await apiToken(lead)}` },
  });
  expect(OfficeItemDocumentSchema.parse(await item.json()).data.quote.attributes.status).toBe(
    'fake',
  );
  await leadContext.close();
  expect(errors).toEqual([]);
  expect(leadErrors).toEqual([]);
});

test('operations pays a sale from "Sold"; the stylist sees the commission paid', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const project = testInfo.project.name;
  const errors = watchConsole(page);
  // A sale of its own: accepted, labelled, received, converted and sold.
  await signInAsDemo(page);
  const clientId = await createClientThroughApi(page, `Payo${project === 'mobile' ? 'M' : 'D'}`);
  const [quoteId] = await acceptedQuotes(page, baseURL!, clientId, 1);
  await labelThroughApi(page, clientId, [quoteId!]);
  const lead = await signedIn(baseURL!, OPERATIONS);
  await decide(lead, quoteId!, 'receive');
  await decide(lead, quoteId!, 'convert');
  await decide(lead, quoteId!, 'record_sale', { commission: 98.76 });
  await lead.context.dispose();

  const officeContext = await browser.newContext();
  const office = await officeContext.newPage();
  const officeErrors = watchConsole(office);
  await signInThroughForm(office, OPERATIONS);
  await expect(office).toHaveURL(/\/office$/);
  await office.goto(`/office?stage=sold&q=%23${quoteId}`);
  const pick = office.getByRole('checkbox', { name: `Pay the commission of #${quoteId}` });
  await expect(pick).toBeVisible();
  await expect(office.getByText(/\$98\.76 · /)).toBeVisible();
  await pick.check();
  await expect(office.getByText('1 selected · $98.76')).toBeVisible();
  await shoot(office, 'office-sold-selected', project, false);
  await expectNoSeriousViolations(office);
  await office.getByRole('button', { name: 'Mark paid' }).click();
  await expect(office.getByText(/1 commission paid\. The stylists are told\./)).toBeVisible();
  // Focus stays on the list it was paid from, not lost with the disabled button.
  await expect(office.getByRole('region', { name: 'Sold items' })).toBeFocused();

  // The stylist's commission shows it paid.
  const sale = await page.request.get(`/api/stylist/commissions?page=1`, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
  });
  // The client is this test's own: its one commission is this sale.
  const row = CommissionListDocumentSchema.parse(await sale.json()).data.find(
    (commission) => commission.attributes.clientId === clientId,
  );
  expect(row?.attributes.paidAt, 'the sale is paid among the stylist commissions').toBeTruthy();
  await page.goto(`/commission/${row!.id}`);
  await expect(page.getByText(/^Paid On \d+\/\d+\/\d{4}$/)).toBeVisible();
  await officeContext.close();
  expect(errors).toEqual([]);
  expect(officeErrors).toEqual([]);
});
