import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CLIENT_PAGE_TEXT } from '@atelier/contract';
import { expect, test } from '@playwright/test';
import { quotesWithOffers } from './accepted-quotes.ts';
import { apiToken, createClientThroughApi, shoot, signInAsDemo, uniqueEmail } from './fixtures.ts';
import { receivedMail } from './mailbox.ts';

const adminCli = path.resolve(import.meta.dirname, '../../apps/server/dist/admin.js');

/**
 * `npm run admin -- …` as an operator types it beside the running server: the same DATA_DIR and
 * PUBLIC_URL as the server (playwright.config.ts), no password.
 */
async function admin(baseURL: string, ...args: string[]) {
  const port = new URL(baseURL).port;
  const { stdout } = await promisify(execFile)(process.execPath, [adminCli, ...args], {
    env: {
      ...process.env,
      PORT: port,
      PUBLIC_URL: baseURL,
      DATA_DIR: path.join(os.tmpdir(), `atelier-e2e-${port}`),
      LOG_LEVEL: 'warn',
    },
  });
  return stdout.trim();
}

/** The pid in the embedded database's lock: the server process that holds it. */
const serverPid = (baseURL: string) =>
  fs.readFileSync(
    path.join(os.tmpdir(), `atelier-e2e-${new URL(baseURL).port}`, 'atelier.lock'),
    'utf8',
  );

test("links revoked while the server runs: the client's page stops at once", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await signInAsDemo(page);
  const email = uniqueEmail('odile');
  const clientId = await createClientThroughApi(page, 'Odile', email);
  await quotesWithOffers(page, baseURL!, clientId, 1);
  const shared = await page.request.post('/api/stylist/share', {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data: { clientId },
  });
  expect(shared.status()).toBe(200);
  const curated = /https?:\/\/[^\s"<>]+\/curated\/[\w-]+/.exec(await receivedMail(email))![0];

  const phone = await (await browser.newContext({ viewport: page.viewportSize() })).newPage();
  await phone.goto(curated);
  await expect(phone.getByText('Speedy 30 Monogram')).toBeVisible();
  const pid = serverPid(baseURL!);

  expect(await admin(baseURL!, 'revoke-links', String(clientId))).toMatch(
    new RegExp(`^Revoked [1-9]\\d* links? of Odile Testwood \\(client #${clientId}\\)\\.$`),
  );

  await phone.reload();
  await expect(phone.getByText(CLIENT_PAGE_TEXT.linkNotValid)).toBeVisible();
  await expect(phone.getByText(CLIENT_PAGE_TEXT.linkNotValidHelp)).toBeVisible();
  await shoot(phone, 'curated-revoked', testInfo.project.name);

  // The same server process all along, still serving the stylist who was signed in.
  expect(serverPid(baseURL!)).toBe(pid);
  const dashboard = await page.request.get('/api/stylist/dashboard', {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
  });
  expect(dashboard.status()).toBe(200);
});
