import type { MarketingBox } from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { accountDocument } from '../../test/fixtures.ts';
import { makeJwtExpiringIn } from '../../test/jwt.ts';
import { renderApp } from '../../test/render-app.tsx';
import { sessionStore } from '../../lib/session-store.ts';
import { tutorialsQueryKey } from '../tutorials/index.ts';
import { tutorialList } from '../tutorials/tutorials-test-data.ts';
import { marketingBoxQueryKey } from './marketing-box-queries.ts';

const BOX: MarketingBox = {
  isEnabled: true,
  title: 'Holiday consignment bonus',
  linkUrl: 'https://example.com/holiday',
  imageUrl: '/files/seed/marketing-holiday.jpg',
};

function renderDashboard(box: MarketingBox | null, isNewStylist: boolean) {
  const fetchMock = mockFetch({
    'GET /api/account?include=stylist': () => jsonResponse(200, accountDocument()),
    'GET /api/i18n': () => jsonResponse(200, { en: {} }),
    'GET /api/stylist/dashboard': () =>
      jsonResponse(200, {
        commissions: [{ total: 0, pending: 0 }],
        pendingItems: [{ pendingReviewTotal: 0, pendingShipmentTotal: 0 }],
        taskCount: 0,
        clientCount: 0,
      }),
    'GET /api/stylist/marketing-box': () => jsonResponse(200, { data: box }),
    'GET /api/stylist/tutorials': () => jsonResponse(200, tutorialList({ isNewStylist })),
  });
  sessionStore.startSession(makeJwtExpiringIn(900_000));
  sessionStore.markStylistVerified();
  return { ...renderApp('/dashboard'), ...fetchMock };
}

/** Waits until both optional cards have their answers, so their absence means something. */
async function settled(queryClient: ReturnType<typeof renderApp>['queryClient']) {
  await screen.findByRole('heading', { name: 'Welcome back, Coco' });
  await waitFor(() => {
    for (const queryKey of [marketingBoxQueryKey, tutorialsQueryKey]) {
      expect(queryClient.getQueryState(queryKey)?.status).toBe('success');
    }
  });
}

afterEach(() => {
  sessionStore.end();
});

// Whole-page renders are slow on a busy machine; the default 5 s is too tight.
const UI_TEST_TIMEOUT_MS = 20_000;

describe('dashboard marketing box and tutorials', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test('an enabled box shows its image and title, linking out; a new stylist sees tutorials', async () => {
    renderDashboard(BOX, true);
    const box = await screen.findByRole('region', { name: 'Marketing' });
    const link = within(box).getByRole('link', { name: /Holiday consignment bonus/ });
    expect(link).toHaveAttribute('href', 'https://example.com/holiday');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(box.querySelector('img')).toHaveAttribute('src', '/files/seed/marketing-holiday.jpg');

    const tutorials = await screen.findByRole('region', { name: 'Tutorials' });
    expect(await within(tutorials).findByRole('combobox', { name: 'Category' })).toHaveValue(
      'Welcome',
    );
    expect(
      within(tutorials).getByRole('button', { name: 'Play Welcome to Atelier' }),
    ).toBeInTheDocument();
  });

  test('no box while it is disabled, and no tutorials for a stylist past two months', async () => {
    const { queryClient } = renderDashboard(null, false);
    await settled(queryClient);
    await screen.findByRole('region', { name: 'Add New Client' });
    expect(screen.queryByRole('region', { name: 'Marketing' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Tutorials' })).toBeNull();
  });
});
