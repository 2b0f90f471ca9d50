import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../test/fetch-mock.ts';
import { accountDocument } from '../../test/fixtures.ts';
import { makeJwtExpiringIn } from '../../test/jwt.ts';
import { renderApp } from '../../test/render-app.tsx';
import { sessionStore } from '../../lib/session-store.ts';
import { MANIFEST_MESSAGE } from './manifest-page.tsx';
import { MANIFEST_NOT_FOUND_TEXT } from './manifest-queries.ts';
import { MANIFEST_HEADING } from './manifest-sheet.tsx';
import { pickupDocument, shipmentAnswer, STYLIST_MANIFEST_PATH } from './manifest-test-data.ts';

const UI_TEST_TIMEOUT_MS = 20_000;

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

function renderSignedIn(path: string, handlers: Record<string, Handler>) {
  const fetchMock = mockFetch({
    'GET /api/account?include=stylist': () => jsonResponse(200, accountDocument()),
    ...handlers,
  });
  sessionStore.startSession(makeJwtExpiringIn(900_000));
  sessionStore.markStylistVerified();
  return { ...fetchMock, ...renderApp(path) };
}

function manifestSection() {
  return screen.getByRole('region', { name: 'Manifest' });
}

afterEach(() => {
  sessionStore.end();
});

describe('ship manifest page', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test("shows the client's name, the message, Print and the sheet as paper", async () => {
    let answer: (response: Response) => void = () => {};
    const { user } = renderSignedIn('/quotes/manifest/12', {
      [STYLIST_MANIFEST_PATH]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await waitFor(() => expect(manifestSection()).toHaveAttribute('aria-busy', 'true'));
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();

    answer(shipmentAnswer()());
    expect(await screen.findByRole('heading', { level: 1, name: 'Ann Lee' })).toBeInTheDocument();
    expect(screen.getByText(MANIFEST_MESSAGE)).toBeInTheDocument();
    const sheet = within(manifestSection()).getByRole('article', { name: MANIFEST_HEADING });
    expect(within(sheet).getByRole('heading', { name: '2 ITEMS' })).toBeInTheDocument();
    expect(document.title).toBe('Atelier | Ship Manifest');

    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Shipping Label' })).toHaveAttribute(
      'href',
      '/shipping-label/12',
    );
  });

  test('a pickup has no label to open', async () => {
    renderSignedIn('/quotes/manifest/12', {
      [STYLIST_MANIFEST_PATH]: shipmentAnswer(pickupDocument()),
    });
    expect(await screen.findByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Shipping Label' })).toBeNull();
  });

  test('a shipment the server does not know reads "We couldn\'t find this manifest."', async () => {
    renderSignedIn('/quotes/manifest/12', {
      [STYLIST_MANIFEST_PATH]: () =>
        jsonResponse(404, { message: 'No such shipment', code: 'NOT_FOUND' }),
    });
    expect(await screen.findByText(MANIFEST_NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
  });

  test('a failed load offers Retry', async () => {
    let isBroken = true;
    const { user } = renderSignedIn('/quotes/manifest/12', {
      [STYLIST_MANIFEST_PATH]: () =>
        isBroken
          ? jsonResponse(500, { message: 'Internal error', code: 'INTERNAL' })
          : shipmentAnswer()(),
    });
    expect(await screen.findByText('This manifest could not be loaded')).toBeInTheDocument();
    isBroken = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ann Lee' })).toBeInTheDocument();
  });

  test('an address that names no shipment says the link is not valid, without asking', async () => {
    const { requests } = renderSignedIn('/quotes/manifest/twelve', {});
    expect(await screen.findByText('This manifest link is not valid.')).toBeInTheDocument();
    expect(requests.filter((request) => request.path.includes('white-glove-quotes'))).toEqual([]);
  });
});
