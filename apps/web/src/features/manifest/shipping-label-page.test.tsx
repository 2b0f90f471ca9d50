import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../test/fetch-mock.ts';
import { accountDocument } from '../../test/fixtures.ts';
import { makeJwtExpiringIn } from '../../test/jwt.ts';
import { renderApp } from '../../test/render-app.tsx';
import { sessionStore } from '../../lib/session-store.ts';
import { MANIFEST_NOT_FOUND_TEXT } from './manifest-queries.ts';
import {
  pickupDocument,
  shipmentAnswer,
  shipmentDocument,
  STYLIST_MANIFEST_PATH,
} from './manifest-test-data.ts';
import { NO_LABEL_TEXT } from './shipping-label-page.tsx';

const UI_TEST_TIMEOUT_MS = 20_000;

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

function renderSignedIn(path: string, handlers: Record<string, Handler>) {
  mockFetch({
    'GET /api/account?include=stylist': () => jsonResponse(200, accountDocument()),
    ...handlers,
  });
  sessionStore.startSession(makeJwtExpiringIn(900_000));
  sessionStore.markStylistVerified();
  return renderApp(path);
}

function labelSection() {
  return screen.getByRole('region', { name: 'Shipping label' });
}

afterEach(() => {
  sessionStore.end();
});

describe('shipping label page', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test('shows the label with its tracking number, carrier and method, and its PDFs', async () => {
    const { user } = renderSignedIn('/shipping-label/12', {
      [STYLIST_MANIFEST_PATH]: shipmentAnswer(),
    });
    const image = await screen.findByRole('img', {
      name: 'Shipping label, tracking number 1Z999AA10123456784',
    });
    expect(image).toHaveAttribute('src', '/files/labels/12.png');
    const section = labelSection();
    expect(within(section).getByRole('heading', { level: 1, name: 'Ann Lee' })).toBeInTheDocument();
    expect(within(section).getByText('1Z999AA10123456784')).toBeInTheDocument();
    expect(within(section).getByText('UPS · Ground')).toBeInTheDocument();
    expect(document.title).toBe('Atelier | Shipping Label');

    const pdf = within(section).getByRole('link', { name: 'Download PDF' });
    expect(pdf).toHaveAttribute('href', '/files/labels/12.pdf');
    expect(pdf).toHaveAttribute('download');
    expect(pdf).toHaveAttribute('target', '_blank');
    expect(within(section).getByRole('link', { name: 'Ship List (PDF)' })).toHaveAttribute(
      'href',
      '/files/shiplists/12.pdf',
    );

    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await user.click(within(section).getByRole('button', { name: 'Print Label' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  test('leaves out the ship list when the shipment has none', async () => {
    const document = shipmentDocument({ attributes: { shiplistPDFLink: null } });
    renderSignedIn('/shipping-label/12', { [STYLIST_MANIFEST_PATH]: shipmentAnswer(document) });
    expect(await screen.findByRole('link', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ship List (PDF)' })).toBeNull();
  });

  test('a pickup without a label says so and leads to its manifest', async () => {
    renderSignedIn('/shipping-label/12', {
      [STYLIST_MANIFEST_PATH]: shipmentAnswer(pickupDocument()),
    });
    expect(await screen.findByText(NO_LABEL_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print Label' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ship Manifest' })).toHaveAttribute(
      'href',
      '/quotes/manifest/12',
    );
  });

  test('an unknown shipment is not found', async () => {
    renderSignedIn('/shipping-label/12', {
      [STYLIST_MANIFEST_PATH]: () => jsonResponse(404, { message: 'Not found', code: 'NOT_FOUND' }),
    });
    expect(await screen.findByText(MANIFEST_NOT_FOUND_TEXT)).toBeInTheDocument();
  });

  test('a failed load offers Retry', async () => {
    let isBroken = true;
    const { user } = renderSignedIn('/shipping-label/12', {
      [STYLIST_MANIFEST_PATH]: () =>
        isBroken
          ? jsonResponse(500, { message: 'Internal error', code: 'INTERNAL' })
          : shipmentAnswer()(),
    });
    expect(await screen.findByText('This shipping label could not be loaded')).toBeInTheDocument();
    isBroken = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Print Label' })).toBeInTheDocument();
  });
});
