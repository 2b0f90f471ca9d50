import {
  NotificationDocumentSchema,
  NotificationListDocumentSchema,
  type CreateNotificationBody,
  type NotificationListDocument,
} from '@atelier/contract';
import { expect, request, test, type Locator, type Page } from '@playwright/test';
import { apiToken, DEMO, shoot, signInThroughForm, watchConsole } from './fixtures.ts';

const ADMIN = { email: 'admin@atelier.test', password: 'atelier-demo' };
const OTHER = { email: 'other@atelier.test', password: 'atelier-demo' };

/** The two projects run at once: each reads and clears the notifications of a stylist of its own. */
const stylistFor = (project: string) => (project === 'mobile' ? OTHER : DEMO);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function unreadIn(label: string | null): number {
  const match = /^Notifications, (\d+) unread$/.exec(label ?? '');
  if (!match) throw new Error(`not the bell's name: ${label}`);
  return Number(match[1]);
}

/** The back office, signed in as admin through the API. */
async function backOffice(baseURL: string) {
  const admin = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect((await admin.post('/api/auth/sign-in/email', { data: ADMIN })).status()).toBe(200);
  const { token } = (await (await admin.get('/api/auth/token')).json()) as { token: string };
  return {
    async notify(body: CreateNotificationBody) {
      const response = await admin.post('/api/admin/notifications', {
        headers: { authorization: `Bearer ${token}` },
        data: body,
      });
      expect(response.status(), await response.text()).toBe(201);
      return NotificationDocumentSchema.parse(await response.json()).data;
    },
    dispose: () => admin.dispose(),
  };
}

async function notificationsOf(page: Page): Promise<NotificationListDocument> {
  const response = await page.request.get('/api/stylist/notifications', {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
  });
  expect(response.status()).toBe(200);
  return NotificationListDocumentSchema.parse(await response.json());
}

test('a notification from the back office rings the bell at once; reading it clears the badge', async ({
  page,
  baseURL,
}, testInfo) => {
  const errors = watchConsole(page);
  const project = testInfo.project.name;
  const stylist = stylistFor(project);
  const streamOpened = page.waitForResponse((response) =>
    response.url().includes('/api/stylist/notifications/stream'),
  );
  await signInThroughForm(page, stylist);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await streamOpened).headers()['content-type']).toBe('text/event-stream; charset=utf-8');

  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible();
  const before = unreadIn(await bell.getAttribute('aria-label'));

  const office = await backOffice(baseURL!);
  const stamp = `${project}, ${Date.now()}`;
  await office.notify({
    stylistEmail: stylist.email,
    kind: 'label_created',
    text: `Your shipping label is ready (${stamp}).`,
  });
  const text = `Your Birkin 30 was authenticated (${stamp}).`;
  const created = await office.notify({
    stylistEmail: stylist.email,
    kind: 'quote_status_changed',
    text,
    link: '/clients',
  });
  await office.dispose();

  // No reload: the stream brings it.
  await expect
    .poll(async () => unreadIn(await bell.getAttribute('aria-label')))
    .toBeGreaterThanOrEqual(before + 2);
  await expect(page.getByTestId('notification-bell-icon')).toHaveCSS('animation-name', /bell-ring/);
  await shoot(page, 'notifications-bell', project, false);

  await bell.click();
  const modal = page.getByRole('dialog', { name: 'Notifications' });
  const row = modal.getByRole('link', { name: new RegExp(`^${escapeRegExp(text)}`) });
  await expect(row).toBeVisible();
  await expect(row).toHaveAccessibleName(/Unread$/);
  // Newest first: this one above the label's, made just before it. (Other journeys running at the
  // same time may tell this stylist something newer still, so not necessarily at the very top.)
  // The label's row has no link, so it is a button: read the list's items, whatever they hold.
  const texts = await modal.getByRole('listitem').allTextContents();
  const newest = texts.findIndex((name) => name.startsWith(text));
  const older = texts.findIndex((name) =>
    name.startsWith(`Your shipping label is ready (${stamp}).`),
  );
  expect(newest).toBeGreaterThanOrEqual(0);
  expect(newest).toBeLessThan(older);
  await shoot(page, 'notifications-modal', project, false);

  await row.click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(modal).toBeHidden();
  await expect
    .poll(async () => (await notificationsOf(page)).data.find((n) => n.id === created.id)?.readAt)
    .toEqual(expect.any(String));

  await page.getByRole('button', { name: 'Alerts' }).click();
  await expect(
    modal.getByRole('link', { name: new RegExp(`^${escapeRegExp(text)}`) }),
  ).not.toHaveAccessibleName(/Unread$/);
  await modal.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible();
  await expect(modal.getByText('No unread notifications')).toBeVisible();
  await shoot(page, 'notifications-all-read', project, false);
  expect(errors).toEqual([]);
});

test('with nothing to show, Alerts says the stylist is all caught up', async ({
  page,
}, testInfo) => {
  const errors = watchConsole(page);
  // The stylist's real list depends on the other journeys; this one is about the empty screen.
  await page.route('**/api/stylist/notifications', (route) =>
    route.fulfill({ json: { data: [], meta: { unread: 0 } } }),
  );
  await signInThroughForm(page, stylistFor(testInfo.project.name));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible();
  await page.getByRole('button', { name: 'Alerts' }).click();
  const modal = page.getByRole('dialog', { name: 'Notifications' });
  await expect(modal.getByText('You’re all caught up.')).toBeVisible();
  await shoot(page, 'notifications-empty', testInfo.project.name, false);
  expect(errors).toEqual([]);
});

/** The icon's shake as the browser runs it: its CSS name and its whole length in milliseconds. */
const shakeOf = (icon: Locator) =>
  icon.evaluate((element) => {
    const timing = element.getAnimations()[0]?.effect?.getComputedTiming();
    return {
      name: getComputedStyle(element).animationName,
      totalMs: timing ? Number(timing.activeDuration) : 0,
    };
  });

interface FirstShake {
  name: string;
  totalMs: number;
  /** How far the bell leans at 0.7, 1.7, 2.7 and 3.7 s into the shake. */
  tilts: number[];
}
type ShakeWindow = Window & { firstShake?: Promise<FirstShake> };

/**
 * Starts watching, in the page, for the bell's next shake. The page reads it in the same task the
 * shake appears (a mutation observer runs before any timer), so no delay of the test runner's on a
 * busy machine can let the 4 seconds run out before it is seen (CI saw that once, 2026-11-28).
 */
const watchFirstShake = (page: Page) =>
  page.evaluate(() => {
    (window as ShakeWindow).firstShake = new Promise<FirstShake>((resolve) => {
      const read = () => {
        const element = document.querySelector<HTMLElement>(
          '[data-testid="notification-bell-icon"]',
        );
        if (!element || !/shaking/.test(element.className)) return false;
        const animation = element.getAnimations()[0];
        const tilts: number[] = [];
        if (animation) {
          const at = animation.currentTime;
          animation.pause();
          for (const ms of [700, 1_700, 2_700, 3_700]) {
            animation.currentTime = ms;
            tilts.push(Math.abs(new DOMMatrix(getComputedStyle(element).transform).b));
          }
          animation.currentTime = at;
          animation.play();
        }
        const timing = animation?.effect?.getComputedTiming();
        resolve({
          name: getComputedStyle(element).animationName,
          totalMs: timing ? Number(timing.activeDuration) : 0,
          tilts,
        });
        return true;
      };
      if (read()) return;
      const observer = new MutationObserver(() => {
        if (read()) observer.disconnect();
      });
      observer.observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['class'],
      });
    });
  });

const firstShake = (page: Page) =>
  page.evaluate(() => (window as ShakeWindow).firstShake as Promise<FirstShake>);

/** Holds the unread count back until the test releases it, so that it can watch it arrive. */
async function holdUnread(page: Page, unread: number) {
  let release: () => void = () => {};
  const ready = new Promise<void>((resolve) => (release = resolve));
  await page.unrouteAll();
  await page.route('**/api/stylist/notifications', async (route) => {
    await ready;
    await route.fulfill({ json: { data: [], meta: { unread } } });
  });
  return release;
}

test('with unread above 0 the bell shakes for 4 seconds, and not at all with reduced motion', async ({
  page,
}, testInfo) => {
  const errors = watchConsole(page);
  let release = await holdUnread(page, 2);
  await signInThroughForm(page, stylistFor(testInfo.project.name));
  await expect(page).toHaveURL(/\/dashboard$/);
  await watchFirstShake(page);
  release();
  const shake = await firstShake(page);
  expect(shake).toEqual({
    name: expect.stringMatching(/bell-ring/),
    totalMs: 4_000,
    tilts: expect.any(Array),
  });
  // And it moves all along: no still moment late in any second (a ring that rests reads as short).
  for (const tilt of shake.tilts) expect(tilt).toBeGreaterThan(0.02);
  await expect(page.getByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible();
  // It ends by itself once the 4 seconds are over.
  const icon = page.getByTestId('notification-bell-icon');
  await expect.poll(async () => (await shakeOf(icon)).name, { timeout: 8_000 }).toBe('none');
  await expect(icon).not.toHaveClass(/shaking/);

  // The bell still turns gold for the news; it just does not swing.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  release = await holdUnread(page, 2);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible();
  await watchFirstShake(page);
  release();
  expect(await firstShake(page)).toEqual({ name: 'none', totalMs: 0, tilts: [] });
  await expect(page.getByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible();
  expect(errors).toEqual([]);
});
