import { MANIFEST_PRINT_DELAY_MS, MOBILE_APP_SCHEME_URL } from '@atelier/contract';
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { appRoutes } from '../../app/router.tsx';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../test/fetch-mock.ts';
import { accountDocument } from '../../test/fixtures.ts';
import { makeJwtExpiringIn } from '../../test/jwt.ts';
import { renderApp } from '../../test/render-app.tsx';
import { sessionStore } from '../../lib/session-store.ts';
import { PREPARING_TEXT, PRINTED_TEXT } from './manifest-print-page.tsx';
import {
  INVALID_MANIFEST_LINK_TEXT,
  manifestKeys,
  MANIFEST_NOT_FOUND_TEXT,
  SIGN_IN_FOR_MANIFEST_TEXT,
} from './manifest-queries.ts';
import { MANIFEST_HEADING } from './manifest-sheet.tsx';
import {
  CLIENT_MANIFEST_PATH,
  MANIFEST_TOKEN,
  shipmentAnswer,
  shipmentDocument,
  STYLIST_MANIFEST_PATH,
} from './manifest-test-data.ts';
import { PRINT_IMAGE_WAIT_MS } from './use-print-when-ready.ts';

const UI_TEST_TIMEOUT_MS = 20_000;
const PRINT_PATH = `/quotes/${MANIFEST_TOKEN}/print`;

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

let print = vi.fn();
let assign = vi.fn();

beforeEach(() => {
  print = vi.fn();
  assign = vi.fn();
  vi.spyOn(window, 'print').mockImplementation(print);
  // jsdom cannot navigate: stand in for the location, as the app scheme leaves the page anyway.
  vi.spyOn(window, 'location', 'get').mockReturnValue({ assign } as unknown as Location);
});

afterEach(() => {
  vi.useRealTimers();
  sessionStore.end();
});

function renderPrintPage(path: string, handlers: Record<string, Handler>) {
  const fetchMock = mockFetch(handlers);
  return { ...fetchMock, ...renderApp(path) };
}

/** jsdom never loads images: have every image of the sheet arrived already. */
function haveImagesLoaded() {
  vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe('manifest print page', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test('prepares, prints one second after the manifest arrives, then returns to the app', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    haveImagesLoaded();
    renderPrintPage(PRINT_PATH, { [CLIENT_MANIFEST_PATH]: shipmentAnswer() });
    expect(await screen.findByRole('heading', { name: PREPARING_TEXT })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: MANIFEST_HEADING })).toBeInTheDocument();
    expect(print).not.toHaveBeenCalled();

    await advance(MANIFEST_PRINT_DELAY_MS);
    expect(print).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledExactlyOnceWith(MOBILE_APP_SCHEME_URL);
    expect(assign.mock.invocationCallOrder[0]).toBeGreaterThan(print.mock.invocationCallOrder[0]!);
    expect(screen.getByRole('heading', { name: PRINTED_TEXT })).toBeInTheDocument();

    await advance(10 * MANIFEST_PRINT_DELAY_MS);
    expect(print).toHaveBeenCalledTimes(1);
  });

  test('prints once under StrictMode, whose effects run twice', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    haveImagesLoaded();
    mockFetch({});
    // The manifest is at hand from the first render, so the print effect runs on mount: twice.
    const queryClient = new QueryClient();
    queryClient.setQueryData(
      manifestKeys.document({ kind: 'client', token: MANIFEST_TOKEN }),
      shipmentDocument(),
    );
    const router = createMemoryRouter(appRoutes, { initialEntries: [PRINT_PATH] });
    render(
      <StrictMode>
        <AppProviders queryClient={queryClient} mantineEnv="test">
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
    expect(await screen.findByRole('article', { name: MANIFEST_HEADING })).toBeInTheDocument();

    await advance(5 * MANIFEST_PRINT_DELAY_MS);
    expect(print).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  test('waits for images still loading, then prints', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPrintPage(PRINT_PATH, { [CLIENT_MANIFEST_PATH]: shipmentAnswer() });
    expect(await screen.findByRole('article', { name: MANIFEST_HEADING })).toBeInTheDocument();

    await advance(MANIFEST_PRINT_DELAY_MS);
    expect(print).not.toHaveBeenCalled();
    const sheet = screen.getByRole('article', { name: MANIFEST_HEADING });
    const images = Array.from(sheet.querySelectorAll('img'));
    expect(images).toHaveLength(3);
    await act(async () => {
      images.forEach((image, index) =>
        index % 2 === 0 ? fireEvent.load(image) : fireEvent.error(image),
      );
    });
    expect(print).toHaveBeenCalledTimes(1);
  });

  test('prints without images that never arrive, after a few seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPrintPage(PRINT_PATH, { [CLIENT_MANIFEST_PATH]: shipmentAnswer() });
    expect(await screen.findByRole('article', { name: MANIFEST_HEADING })).toBeInTheDocument();

    await advance(MANIFEST_PRINT_DELAY_MS);
    expect(print).not.toHaveBeenCalled();
    await advance(PRINT_IMAGE_WAIT_MS);
    expect(print).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledExactlyOnceWith(MOBILE_APP_SCHEME_URL);
  });

  test('a link token reads the public endpoint, without a bearer token', async () => {
    const { requests } = renderPrintPage(PRINT_PATH, {
      [CLIENT_MANIFEST_PATH]: shipmentAnswer(),
    });
    expect(await screen.findByRole('article', { name: MANIFEST_HEADING })).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.path).toBe(CLIENT_MANIFEST_PATH.replace('GET ', ''));
    expect(requests[0]?.headers.get('Authorization')).toBeNull();
  });

  test("a signed-in stylist's shipment id reads the stylist endpoint with the bearer token", async () => {
    const token = makeJwtExpiringIn(900_000);
    sessionStore.startSession(token);
    sessionStore.markStylistVerified();
    const { requests } = renderPrintPage('/quotes/12/print', {
      'GET /api/account?include=stylist': () => jsonResponse(200, accountDocument()),
      [STYLIST_MANIFEST_PATH]: shipmentAnswer(),
    });
    expect(await screen.findByRole('article', { name: MANIFEST_HEADING })).toBeInTheDocument();
    const manifestRequest = requests.find((request) => request.path.includes('white-glove'));
    expect(manifestRequest?.path).toBe(STYLIST_MANIFEST_PATH.replace('GET ', ''));
    expect(manifestRequest?.headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  test('a shipment id without a signed-in stylist asks to sign in, and prints nothing', async () => {
    const { requests } = renderPrintPage('/quotes/12/print', {});
    expect(await screen.findByText(SIGN_IN_FOR_MANIFEST_TEXT)).toBeInTheDocument();
    expect(screen.queryByText(PREPARING_TEXT)).toBeNull();
    expect(requests).toEqual([]);
  });

  test('anything else is not a manifest link', async () => {
    const { requests } = renderPrintPage('/quotes/not-a-token/print', {});
    expect(await screen.findByText(INVALID_MANIFEST_LINK_TEXT)).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  test('an expired or unknown link is not found, and nothing prints', async () => {
    renderPrintPage(PRINT_PATH, {
      [CLIENT_MANIFEST_PATH]: () =>
        jsonResponse(404, { message: 'Not a manifest link', code: 'NOT_FOUND' }),
    });
    expect(await screen.findByText(MANIFEST_NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(screen.getByText(/may have expired/)).toBeInTheDocument();
    expect(print).not.toHaveBeenCalled();
  });

  test('a failed load offers Retry, then prints', async () => {
    let isBroken = true;
    haveImagesLoaded();
    const { user } = renderPrintPage(PRINT_PATH, {
      [CLIENT_MANIFEST_PATH]: () =>
        isBroken
          ? jsonResponse(503, { message: 'Try again shortly', code: 'UNAVAILABLE' })
          : shipmentAnswer()(),
    });
    expect(await screen.findByText('Try again shortly')).toBeInTheDocument();
    isBroken = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: PREPARING_TEXT })).toBeInTheDocument();
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1), { timeout: 3000 });
  });
});
