import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { ACCOUNT_SITE_HANDOFF_SECRET, ACCOUNT_SITE_URL, HELP_SITE_URL } from './account-site.ts';
import { SMTP_PORT } from './mail-catcher.ts';
import { SHOP_URL } from './shop-stand-in.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
const dataDir = path.join(os.tmpdir(), `atelier-e2e-${port}`);
// A second server as a fresh machine runs it: no outside site configured, so the stand-ins serve.
const freshPort = port + 1;
const freshURL = `http://localhost:${freshPort}`;
const freshDataDir = path.join(os.tmpdir(), `atelier-e2e-${freshPort}`);
const FRESH_SPEC = /demo-sites\.spec\.ts$/;

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };
const mobile = {
  ...devices['Desktop Chrome'],
  viewport: { width: 375, height: 812 },
  hasTouch: true,
  isMobile: true,
};

/** Debian's Chromium, never a downloaded browser; the flags keep it off the (closed) network. */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './tests',
  // Mail leaves the product through real SMTP, to a server this run listens with on loopback;
  // the shop account site is a stand-in page on loopback too.
  globalSetup: ['./mail-catcher.ts', './shop-stand-in.ts'],
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [['list']],
  // A journey signs in, seeds through the API and drives several screens: 5-25 s on CI, and up to
  // 51 s on a busier 2-core machine (2026-11-24). One limit for all, with headroom past that.
  timeout: 90_000,
  // A first screen waits on its data; on a busy machine that alone has taken over 5 s.
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    launchOptions: chromiumLaunch,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: desktop, testIgnore: FRESH_SPEC },
    { name: 'mobile', use: mobile, testIgnore: FRESH_SPEC },
    { name: 'fresh-desktop', use: { ...desktop, baseURL: freshURL }, testMatch: FRESH_SPEC },
    { name: 'fresh-mobile', use: { ...mobile, baseURL: freshURL }, testMatch: FRESH_SPEC },
  ],
  // Started one after the other: the first builds what changed, the second finds it built.
  webServer: [
    {
      // A fresh embedded database every run, seeded with the demo data, on a port of its own;
      // started as `npm start` starts it: what changed is built (up to a minute), then it runs compiled.
      command: `rm -rf "${dataDir}" && exec node ../scripts/start.mjs`,
      url: `${baseURL}/health/ready`,
      reuseExistingServer: false,
      timeout: 180_000,
      // The start script passes it on to the server, which closes the database and its lock.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      stdout: 'pipe',
      env: {
        PORT: String(port),
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // Journeys sign in many times from one address; the limiter itself is tested in the server suite.
        SIGNIN_RATE_LIMIT_MAX: '500',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        SHOP_URL,
        OUTBOX_POLL_MS: '200',
        // Reminders of expiring offers are looked for twice a second, not once a minute.
        OFFER_SWEEP_MS: '500',
        ACCOUNT_SITE_URL,
        ACCOUNT_SITE_HANDOFF_SECRET,
        HELP_SITE_URL,
      },
    },
    {
      // No SHOP_URL, ACCOUNT_SITE_URL, HELP_SITE_URL nor ADMIN_URL (docs/decisions/0021).
      command: `rm -rf "${freshDataDir}" && exec node ../scripts/start.mjs`,
      url: `${freshURL}/health/ready`,
      reuseExistingServer: false,
      timeout: 180_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      stdout: 'pipe',
      env: {
        PORT: String(freshPort),
        PUBLIC_URL: freshURL,
        DATA_DIR: freshDataDir,
        LOG_LEVEL: 'warn',
        SIGNIN_RATE_LIMIT_MAX: '500',
        // Empty counts as unset, whatever the environment running the tests has.
        SHOP_URL: '',
        ACCOUNT_SITE_URL: '',
        HELP_SITE_URL: '',
        ADMIN_URL: '',
      },
    },
  ],
});
