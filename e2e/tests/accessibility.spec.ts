import { CommissionListDocumentSchema } from '@atelier/contract';
import { test as base, expect, type Browser, type Locator, type Page } from '@playwright/test';
import { acceptedQuotes, labelThroughApi, sharedClient } from './accepted-quotes.ts';
import { apiToken, DEMO, expectNoSeriousViolations, shoot, signInThroughForm } from './fixtures.ts';

/**
 * axe over every page and modal at the project's width (1280 and 375 px): no serious or critical
 * finding anywhere. One sign-in and one set of records per worker; each state is reached by
 * navigating the same signed-in (or signed-out) page.
 */

interface World {
  /** Signed in as the demo stylist. */
  stylist: Page;
  /** No session: the sign-in pages and the client's links. */
  visitor: Page;
  clientId: number;
  /** Quotes whose offers wait for the client, and accepted ones ready for pickup or a label. */
  waitingIds: number[];
  acceptedId: number;
  shipmentId: number;
  commissionId: number;
  links: { curated: string; quoteShare: string; approval: string };
}

async function newProjectPage(browser: Browser, use: Record<string, unknown>, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: use.viewport as { width: number; height: number },
    isMobile: Boolean(use.isMobile),
    hasTouch: Boolean(use.hasTouch),
  });
  return context.newPage();
}

const test = base.extend<object, { world: World }>({
  world: [
    async ({ browser }, use, workerInfo) => {
      const options = workerInfo.project.use as Record<string, unknown>;
      const baseURL = options.baseURL as string;
      const stylist = await newProjectPage(browser, options, baseURL);
      const shared = await sharedClient(stylist, baseURL, 'Aurelie');
      const [acceptedId, labelledId] = await acceptedQuotes(stylist, baseURL, shared.clientId, 2);
      const label = await labelThroughApi(stylist, shared.clientId, [labelledId!]);
      const commissions = await stylist.request.get('/api/stylist/commissions', {
        headers: { authorization: `Bearer ${await apiToken(stylist)}` },
      });
      const [commission] = CommissionListDocumentSchema.parse(await commissions.json()).data;
      await use({
        stylist,
        visitor: await newProjectPage(browser, options, baseURL),
        clientId: shared.clientId,
        waitingIds: [shared.speedy, shared.coat],
        acceptedId: acceptedId!,
        shipmentId: label.shipment_id,
        commissionId: Number(commission!.id),
        links: shared,
      });
      await stylist.context().close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The visible one of a control the page shows twice (desktop bar and the phone's bottom bar). */
const visible = (locator: Locator) => locator.filter({ visible: true }).first();

/** Waits for the modals' and toasts' entrance transitions, then asks axe. */
async function expectClean(page: Page) {
  await page.waitForTimeout(300);
  await expectNoSeriousViolations(page);
}

async function quotesPage(world: World) {
  const page = world.stylist;
  await page.goto(`/quotes/pickup/${world.clientId}`);
  await expect(page.getByRole('article')).toHaveCount(4);
  return page;
}

async function selectQuote(page: Page, quoteId: number) {
  const checkbox = page.getByRole('article', { name: `Quote #${quoteId}` }).getByRole('checkbox');
  if (await page.evaluate(() => navigator.maxTouchPoints > 0)) await checkbox.tap();
  else await checkbox.click();
  await expect(checkbox).toHaveAttribute('aria-checked', 'true');
}

async function pickupOrLabel(world: World) {
  const page = await quotesPage(world);
  await selectQuote(page, world.acceptedId);
  await visible(page.getByRole('button', { name: 'Pickup/Shipping Label' })).click();
  const dialog = page.getByRole('dialog', { name: 'Pickup or Shipping Label' });
  await expect(dialog.getByRole('heading', { name: 'Pickup or Shipping Label' })).toBeFocused();
  return dialog;
}

test.describe('signed out', () => {
  test('sign-in', async ({ world: { visitor } }) => {
    await visitor.goto('/');
    await expect(visitor.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expectClean(visitor);
  });

  test('sign-in with a wrong password', async ({ world: { visitor } }) => {
    await signInThroughForm(visitor, { ...DEMO, password: 'not-the-password' });
    await expect(visitor.getByText('Invalid email or password')).toBeVisible();
    await expectClean(visitor);
  });

  test('forgot password', async ({ world: { visitor } }) => {
    await visitor.goto('/?forgot');
    await expect(visitor.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
    await expectClean(visitor);
  });

  test('reset password with field errors', async ({ world: { visitor } }, testInfo) => {
    await visitor.goto('/reset-password#token=a-token-never-sent');
    await visitor.getByLabel('New password', { exact: true }).fill('short');
    await visitor.getByLabel('Confirm new password', { exact: true }).fill('other');
    await visitor.getByRole('button', { name: 'Save new password' }).click();
    await expect(visitor.getByLabel('New password', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expectClean(visitor);
    await shoot(visitor, 'a11y-reset-errors', testInfo.project.name, false);
  });

  test('Curated For', async ({ world: { visitor, links } }) => {
    await visitor.goto(links.curated);
    await expect(visitor.getByRole('heading', { name: 'Curated For' })).toBeVisible();
    await expectClean(visitor);
  });

  test('Quote Share', async ({ world: { visitor, links } }) => {
    await visitor.goto(links.quoteShare);
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    await expectClean(visitor);
  });

  test('Approve White Glove Offers', async ({ world: { visitor, links } }) => {
    await visitor.goto(links.approval);
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    await expectClean(visitor);
  });

  test('page not found', async ({ world: { visitor } }) => {
    await visitor.goto('/no-such-page');
    await expect(visitor.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expectClean(visitor);
  });
});

test.describe('signed in', () => {
  test('dashboard', async ({ world: { stylist } }) => {
    await stylist.goto('/dashboard');
    await expect(
      stylist.locator('#commissions').getByRole('heading', { name: 'REPORTS' }),
    ).toBeVisible();
    await expect(stylist.getByText('AMOUNT RECEIVED', { exact: false }).first()).toBeVisible();
    await expectClean(stylist);
  });

  test('add client with field errors', async ({ world: { stylist } }, testInfo) => {
    await stylist.goto('/dashboard?go=addClient');
    await stylist.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await stylist.getByRole('button', { name: 'Create Account' }).click();
    await expect(stylist.getByRole('textbox', { name: 'Email' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expectClean(stylist);
    await shoot(stylist, 'a11y-add-client-errors', testInfo.project.name, false);
  });

  test('clients', async ({ world: { stylist } }) => {
    await stylist.goto('/clients');
    await expect(stylist.getByRole('article')).toHaveCount(30);
    await expectClean(stylist);
  });

  test('client detail modal', async ({ world: { stylist } }) => {
    await stylist.goto('/clients');
    await stylist.getByRole('article').first().getByRole('button', { name: 'Details' }).click();
    await expect(stylist.getByRole('dialog').getByText('Items Sold')).toBeVisible();
    await expectClean(stylist);
  });

  test('account modal', async ({ world: { stylist } }, testInfo) => {
    await stylist.goto('/dashboard');
    await stylist.getByRole('button', { name: 'Profile' }).click();
    const dialog = stylist.getByRole('dialog', { name: 'Stylist Account' });
    // It opens on its title, not on its close button.
    await expect(dialog.getByRole('heading', { name: 'Stylist Account' })).toBeFocused();
    await expectClean(stylist);
    await shoot(stylist, 'a11y-account-modal', testInfo.project.name, false);
  });

  test('notifications modal', async ({ world: { stylist } }, testInfo) => {
    await stylist.goto('/dashboard');
    await stylist
      .getByRole('button', { name: /^Notifications/ })
      .first()
      .click();
    const dialog = stylist.getByRole('dialog', { name: 'Notifications' });
    // It opens on its title, not on its close button.
    await expect(dialog.getByRole('heading', { name: 'Notifications' })).toBeFocused();
    await expectClean(stylist);
    await shoot(stylist, 'a11y-notifications-modal', testInfo.project.name, false);
  });

  test('quotes page', async ({ world }) => {
    await expectClean(await quotesPage(world));
  });

  test('quotes page with a toast', async ({ world }, testInfo) => {
    const page = await quotesPage(world);
    await visible(page.getByRole('button', { name: 'Share' })).click();
    const toast = page.getByRole('alert').filter({ hasText: /sent/i });
    await expect(toast).toBeVisible();
    // The toast closes by itself, and axe can outlast it on a busy machine: the pointer on it holds it.
    await toast.hover();
    await expectClean(page);
    // The toast leaves the top bar's bell and avatar in sight and in reach.
    const box = (await toast.boundingBox())!;
    for (const control of [/^Notifications/, 'Profile']) {
      const covered = (await page
        .getByRole('banner')
        .getByRole('button', { name: control })
        .boundingBox())!;
      expect(overlaps(box, covered), `the toast covers ${control}`).toBe(false);
    }
    await shoot(page, 'a11y-toast', testInfo.project.name, false);
  });

  test('at 320 px no button on the quotes page is cut off', async ({ world }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'the narrowest phone');
    const page = world.stylist;
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: 320, height: 640 });
    try {
      await quotesPage(world);
      await shoot(page, 'a11y-quotes-320', 'mobile', false);
      const clipped = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('button'))
          .filter((button) => button.getClientRects().length > 0)
          .filter((button) => {
            const rect = button.getBoundingClientRect();
            const label = button.querySelector<HTMLElement>('.mantine-Button-label') ?? button;
            return (
              rect.left < 0 ||
              rect.right > window.innerWidth ||
              label.scrollWidth > label.clientWidth + 1
            );
          })
          .map((button) => button.textContent),
      );
      expect(clipped).toEqual([]);
    } finally {
      await page.setViewportSize(size);
    }
  });

  test('add item modal', async ({ world }) => {
    const page = await quotesPage(world);
    await visible(page.getByRole('button', { name: 'Add Item' })).click();
    await expect(page.getByRole('dialog', { name: 'New Item' })).toBeVisible();
    await expectClean(page);
  });

  test('review response modal', async ({ world }) => {
    const page = await quotesPage(world);
    await selectQuote(page, world.waitingIds[0]!);
    // Shared offers wait for the client: the stylist follows up and records the answers.
    await visible(page.getByRole('button', { name: 'Follow Up with Client' })).click();
    await expect(page.getByRole('dialog', { name: 'Review Response & Offers' })).toBeVisible();
    await expectClean(page);
  });

  test('"Pickup or Shipping Label" modal', async ({ world }) => {
    await pickupOrLabel(world);
    await expectClean(world.stylist);
  });

  test('pickup confirmation and the signature modal', async ({ world }) => {
    const dialog = await pickupOrLabel(world);
    await dialog.getByRole('button', { name: 'Pickup', exact: true }).click();
    const page = world.stylist;
    await expect(page.getByRole('heading', { name: 'CONFIRM PICKUP DETAILS' })).toBeVisible();
    await expectClean(page);
    await page.getByRole('button', { name: 'Tap to sign' }).click();
    await expect(page.getByRole('dialog', { name: 'Client Signature' })).toBeVisible();
    await expectClean(page);
  });

  test('shipping label modal', async ({ world }) => {
    const dialog = await pickupOrLabel(world);
    await dialog.getByRole('button', { name: 'Shipping Label' }).click();
    await expect(
      world.stylist.getByRole('dialog', { name: 'Create Shipping Label' }),
    ).toBeVisible();
    await expectClean(world.stylist);
  });

  test('client responses', async ({ world: { stylist, clientId, waitingIds } }) => {
    await stylist.goto(`/quotes/review/${clientId}?quotes=${waitingIds.join(',')}`);
    await expect(stylist.getByRole('heading', { level: 1 })).toBeVisible();
    await expectClean(stylist);
  });

  test('manifest', async ({ world: { stylist, shipmentId } }) => {
    await stylist.goto(`/quotes/manifest/${shipmentId}`);
    await expect(stylist.getByRole('heading', { level: 1 })).toBeVisible();
    await expectClean(stylist);
  });

  test('shipping label', async ({ world: { stylist, shipmentId } }) => {
    await stylist.goto(`/shipping-label/${shipmentId}`);
    await expect(stylist.getByRole('link', { name: 'Download PDF' })).toBeVisible();
    await expectClean(stylist);
  });

  test('printed manifest', async ({ world: { stylist, shipmentId } }) => {
    await stylist.goto(`/quotes/${shipmentId}/print`);
    await expect(stylist.getByRole('heading', { level: 1 })).toBeVisible();
    await expectClean(stylist);
  });

  test('commission', async ({ world: { stylist, commissionId } }) => {
    await stylist.goto(`/commission/${commissionId}`);
    await expect(stylist.getByRole('heading', { name: 'Commission' }).first()).toBeVisible();
    await expectClean(stylist);
  });

  test('page not found', async ({ world: { stylist } }) => {
    await stylist.goto('/no-such-page');
    await expect(stylist.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expectClean(stylist);
  });
});

/** The element that has the focus: its accessible-ish name, and whether the focus shows. */
const focused = (page: Page) =>
  page.evaluate(async () => {
    const element = document.activeElement as HTMLInputElement | null;
    if (!element || element === document.body) return null;
    // The focus style is read once its transition (a field's border colour) has run.
    await Promise.all(element.getAnimations().map((animation) => animation.finished));
    const label = element.labels?.[0]?.textContent;
    const style = getComputedStyle(element);
    const rect = element.getBoundingClientRect();
    // Mantine's fields show focus by their border taking the focus colour, not by a ring.
    const probe = document.body.appendChild(document.createElement('span'));
    probe.style.color = style.getPropertyValue('--input-bd-focus');
    const isFieldMarked =
      element.matches('.mantine-Input-input') &&
      style.borderColor === getComputedStyle(probe).color;
    probe.remove();
    return {
      tag: element.tagName.toLowerCase(),
      name: (element.getAttribute('aria-label') ?? label ?? element.textContent ?? '').trim(),
      isFocusVisible: element.matches(':focus-visible'),
      hasRing: style.outlineStyle !== 'none' || style.boxShadow !== 'none' || isFieldMarked,
      top: rect.top,
      bottom: rect.bottom,
      inBars: Boolean(element.closest('header, footer')),
    };
  });

/** Presses Tab until `isTarget` holds for the focused element, at most `limit` times. */
async function tabTo(
  page: Page,
  isTarget: (name: string) => boolean,
  check: (stop: NonNullable<Awaited<ReturnType<typeof focused>>>) => void = () => {},
  limit = 80,
) {
  let wasOutside = false;
  for (let stops = 0; stops < limit; stops += 1) {
    await page.keyboard.press('Tab');
    const stop = await focused(page);
    // Past the page's last stop the focus visits the browser's own controls, then starts over.
    if (stop === null) {
      expect(wasOutside, 'the focus comes back to the page').toBe(false);
      wasOutside = true;
      continue;
    }
    wasOutside = false;
    expect(stop!.isFocusVisible && stop!.hasRing, `focus shows: ${JSON.stringify(stop)}`).toBe(
      true,
    );
    check(stop!);
    if (isTarget(stop!.name)) return stop!;
  }
  throw new Error(`Tab never reached the element after ${limit} stops`);
}

test('keyboard alone: sign in, walk the dashboard, open a client and close it', async ({
  page,
}, testInfo) => {
  const viewport = page.viewportSize()!;
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await tabTo(page, (name) => name === 'Email');
  await page.keyboard.type(DEMO.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(DEMO.password);
  // The show-password toggle is a tab stop of its own, and Space works it.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Show text' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByLabel('Password')).toHaveAttribute('type', 'text');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Forgot password?' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('AMOUNT RECEIVED', { exact: false }).first()).toBeVisible();

  // Every stop on the dashboard shows its focus, clear of the fixed top and bottom bars.
  const header = (await page.getByRole('banner').boundingBox())!;
  const bar = (await page.getByRole('navigation', { name: 'Actions' }).boundingBox())!;
  await tabTo(
    page,
    (name) => name === 'Clients',
    (stop) => {
      if (stop.inBars) return;
      expect(stop.top, `${stop.name} is under the top bar`).toBeGreaterThanOrEqual(
        header.y + header.height,
      );
      expect(stop.bottom, `${stop.name} is under the action bar`).toBeLessThanOrEqual(
        Math.min(bar.y, viewport.height),
      );
    },
    120,
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole('article')).toHaveCount(30);

  const first = page.getByRole('article').first();
  const clientName = (await first.getAttribute('aria-label'))!;
  await tabTo(page, (name) => name === 'Details');
  const details = first.getByRole('button', { name: 'Details' });
  await expect(details).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: clientName });
  await expect(dialog.getByText('Items Sold')).toBeVisible();
  // The dialog opens on the client's name, not on its close button.
  await expect(dialog.getByRole('heading', { name: clientName })).toBeFocused();
  await shoot(page, 'a11y-client-detail-focus', testInfo.project.name, false);
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Reload client' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(details).toBeFocused();
});
