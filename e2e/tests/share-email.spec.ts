import fs from 'node:fs';
import path from 'node:path';
import { ACCESS_TOKEN_PATTERN, ClientDocumentSchema } from '@atelier/contract';
import { expect, test, type Page } from '@playwright/test';
import { quotesWithOffers } from './accepted-quotes.ts';
import { apiToken, createClientThroughApi, DEMO, signInAsDemo, watchConsole } from './fixtures.ts';
import { receivedMessage } from './mailbox.ts';

const shotsDir = path.join(import.meta.dirname, '..', 'test-results', 'screens');

async function clientEmail(page: Page, clientId: number) {
  const response = await page.request.get(`/api/stylist/clients/${clientId}`, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
  });
  return ClientDocumentSchema.parse(await response.json()).data.attributes.email;
}

test('Share emails the client their offers: pictures, amounts, one button, answers to the stylist', async ({
  page,
  baseURL,
  isMobile,
}) => {
  const errors = watchConsole(page);
  await signInAsDemo(page);
  const clientId = await createClientThroughApi(page, 'Sasha');
  const email = await clientEmail(page, clientId);
  await quotesWithOffers(page, baseURL!, clientId, 2);

  await page.goto(`/quotes/pickup/${clientId}`);
  await expect(page.getByRole('heading', { name: "Sasha's Quotes" })).toBeVisible();
  await page.getByRole('button', { name: 'Share' }).filter({ visible: true }).first().click();
  await expect(page.getByText(/^Sent!/)).toBeVisible();

  // The message as the client's mail app reads it, delivered through real SMTP.
  const mail = await receivedMessage(email);
  expect(mail.subject).toBe('Camille sent you 2 offers');
  expect(mail.replyTo?.value).toEqual([{ name: 'Camille Laurent', address: DEMO.email }]);
  for (const part of [mail.text!, mail.html as string])
    for (const shown of [
      'Speedy 30 Monogram',
      'Oversized Wool Coat',
      'Buyout offer: $800.00',
      'Consignment estimate: $1,200.00',
    ])
      expect(part).toContain(shown);

  // One button, to Curated For; the thumbnails are JPEGs inside the message.
  const html = mail.html as string;
  const buttons = [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"[^>]*display:block/g)];
  expect(buttons.map(([, href]) => href)).toEqual([
    expect.stringMatching(/\/curated\/[A-Za-z0-9_-]+$/),
  ]);
  const pictures = mail.attachments.filter((attachment) => attachment.cid);
  expect(pictures.map((picture) => picture.contentType)).toEqual(['image/jpeg', 'image/jpeg']);
  for (const picture of pictures) expect(html).toContain(`src="cid:${picture.cid}"`);

  // The email as a phone and a desktop mail app draw it (Chromium; pictures as data URLs).
  let drawn = html;
  for (const picture of pictures)
    drawn = drawn.replace(
      `cid:${picture.cid}`,
      `data:image/jpeg;base64,${picture.content.toString('base64')}`,
    );
  if (!isMobile) {
    fs.mkdirSync(shotsDir, { recursive: true });
    for (const width of [600, 375]) {
      const reader = await page.context().newPage();
      await reader.setViewportSize({ width, height: 800 });
      await reader.setContent(drawn);
      await expect(reader.getByRole('link', { name: 'Review your offers' })).toBeVisible();
      expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      await reader.screenshot({
        path: path.join(shotsDir, `share-email-${width}.png`),
        fullPage: true,
      });
      await reader.close();
    }
  }

  // The button opens the client's page.
  const [, link, token] = /(https?:\/\/[^"]+\/curated\/([A-Za-z0-9_-]+))$/.exec(buttons[0]![1]!)!;
  expect(token).toMatch(ACCESS_TOKEN_PATTERN);
  const response = await page.goto(link!);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Curated For/);
  expect(errors).toEqual([]);
});
