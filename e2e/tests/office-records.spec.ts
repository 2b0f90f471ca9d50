import { ClientLinkAnswerSchema, OfficeItemDocumentSchema } from '@atelier/contract';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations, shoot, signInThroughForm, watchConsole } from './fixtures.ts';
import { signedIn, submittedItem } from './office-items.ts';

const OFFICE = { email: 'office@atelier.test', password: 'atelier-demo' };

/** No sideways scroll: the page is no wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test("operations opens a client's record from an item's workspace, sees its items by stage, and revokes its links", async ({
  page,
  baseURL,
}, testInfo) => {
  const errors = watchConsole(page);
  const project = testInfo.project.name;
  // An item and a client of its own: revoking touches only them.
  const quoteId = await submittedItem(baseURL!, { name: `Records Clutch ${project}` });
  const office = await signedIn(baseURL!, OFFICE);
  const item = OfficeItemDocumentSchema.parse(
    await (
      await office.context.get(`/api/office/items/${quoteId}`, { headers: office.headers })
    ).json(),
  ).data;
  // A link the client was sent, which opens their "Curated For" page until it is revoked.
  const minted = await office.context.post(`/api/admin/clients/${item.client.id}/links`, {
    headers: office.headers,
    data: {},
  });
  expect(minted.status(), await minted.text()).toBe(201);
  const token = ClientLinkAnswerSchema.parse(await minted.json())
    .url.split('/')
    .pop()!;
  const curated = () => office.context.get(`/api/client/curated/${token}`);
  expect((await curated()).status()).toBe(200);

  await signInThroughForm(page, OFFICE);
  await expect(page).toHaveURL(/\/office$/);
  await page.goto(`/office/items/${quoteId}`);
  const people = page.getByRole('region', { name: 'People' });
  await people.getByRole('link', { name: item.client.name }).click();

  await expect(page).toHaveURL(new RegExp(`/office/clients/${item.client.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: item.client.name })).toBeVisible();
  const contact = page.getByRole('region', { name: 'Contact' });
  await expect(contact.getByRole('link', { name: '(212) 555-0199' })).toHaveAttribute(
    'href',
    'tel:(212) 555-0199',
  );
  await expect(contact.getByRole('link', { name: item.stylist.name })).toHaveAttribute(
    'href',
    `/office/stylists/${item.stylist.id}`,
  );

  const stages = page.getByRole('region', { name: 'Items by stage' });
  await expect(stages.getByRole('heading', { level: 3 })).toHaveText(['To authenticate · 1']);
  await expect(stages.getByRole('link', { name: new RegExp(`^#${quoteId} `) })).toHaveAttribute(
    'href',
    `/office/items/${quoteId}`,
  );
  await expect(stages.getByText('On track')).toBeVisible();

  const links = page.getByRole('region', { name: 'Links' });
  await expect(links.getByText('One live link opens a page of this client’s.')).toBeVisible();
  await expect(links.getByText('Curated For')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shoot(page, 'office-client-record', project);
  await expectNoSeriousViolations(page);

  await links.getByRole('button', { name: 'Revoke links' }).click();
  await links.getByRole('button', { name: 'Revoke the link' }).click();
  await expect(page.getByText('One live link was ended.')).toBeVisible();
  await expect(
    links.getByText('No live link: nothing the client was sent opens a page now.'),
  ).toBeFocused();
  await expect(links.getByText('Revoked', { exact: true })).toBeVisible();
  await expect(links.getByRole('button', { name: 'Revoke links' })).toBeDisabled();
  // The link the client holds opens nothing now.
  expect((await curated()).status()).toBeGreaterThanOrEqual(400);

  // The stylist's record, from the client's.
  await contact.getByRole('link', { name: item.stylist.name }).click();
  await expect(page).toHaveURL(new RegExp(`/office/stylists/${item.stylist.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: item.stylist.name })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Clients · \d+$/ })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Items by stage' }).getByRole('heading', { level: 3 }).first(),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Commissions' }).getByText(/^Paid · \d+$/),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shoot(page, 'office-stylist-record', project);
  await expectNoSeriousViolations(page);

  await office.context.dispose();
  expect(errors).toEqual([]);
});
