import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { pdfText } from '../../apps/server/src/test/pdf.ts';
import { acceptedQuotes, labelThroughApi } from './accepted-quotes.ts';
import { createClientThroughApi, signInAsDemo, uniqueEmail, watchConsole } from './fixtures.ts';

test('a label and a ship list print a Cyrillic and a Chinese name exactly', async ({
  page,
  baseURL,
  isMobile,
}) => {
  test.skip(isMobile, 'the PDFs are the same on a phone');
  const errors = watchConsole(page);
  await signInAsDemo(page);
  const clientId = await createClientThroughApi(page, 'Иван', uniqueEmail('ivan'), '王小明');
  const quoteIds = await acceptedQuotes(page, baseURL!, clientId, 1);
  const { shipment_id: shipmentId } = await labelThroughApi(page, clientId, quoteIds);

  // The label, downloaded by the browser from the label page's link.
  await page.goto(`/shipping-label/${shipmentId}`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  const label = fs.readFileSync((await download.path())!);
  expect(label.subarray(0, 5).toString()).toBe('%PDF-');
  expect(await pdfText(label)).toContain('Иван 王小明');

  // The ship list the same page links to.
  const shipList = await page.request.get(
    (await page.getByRole('link', { name: 'Ship List (PDF)' }).getAttribute('href'))!,
  );
  expect(shipList.headers()['content-type']).toBe('application/pdf');
  const text = await pdfText(await shipList.body());
  expect(text).toContain('Иван 王小明');
  expect(text).toContain('Ship list for Иван 王小明');
  expect(errors).toEqual([]);
});
