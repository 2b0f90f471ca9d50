import type { OfficeReceipt, OfficeReceiveConflict } from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { sessionStore } from '../../lib/session-store.ts';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeJwtExpiringIn } from '../../test/jwt.ts';
import { renderApp } from '../../test/render-app.tsx';
import { officeMeDocument, queueDocument } from './office-test-data.ts';

afterEach(() => {
  sessionStore.end();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function signInAsStaff() {
  sessionStore.startSession(makeJwtExpiringIn(900_000));
  sessionStore.markOfficeVerified();
}

const WAREHOUSE = 'GET /api/office/queues/at_warehouse?page=1';
const item = (quoteId: number, name: string, barCode: string) => ({
  quoteId,
  name,
  designer: 'Hermès',
  barCode,
});

const parcelReceipt: OfficeReceipt = {
  code: '1ZATELIERSCAN0001',
  matched: 'shipment',
  shipment: { id: 5, trackingNumber: '1ZATELIERSCAN0001', client: 'Olivia Bennett' },
  received: [
    { ...item(41, 'Kelly 28', 'WG00000041'), status: 'received' },
    { ...item(42, 'Evelyne PM', 'WG00000042'), status: 'received' },
  ],
  missing: [
    {
      ...item(43, 'Garden Party 36', 'WG00000043'),
      status: 'offer_accepted',
      reason: 'not_in_transit',
      receivedAt: null,
    },
  ],
};

describe('Scan to receive', { timeout: 20_000 }, () => {
  test('a scanned tracking number lists what arrived and what is missing; the field is emptied and keeps the focus', async () => {
    const { requests } = mockFetch({
      'GET /api/office/me': () => jsonResponse(200, officeMeDocument()),
      [WAREHOUSE]: () => jsonResponse(200, queueDocument('at_warehouse', [])),
      'POST /api/office/receive': () => jsonResponse(200, { data: parcelReceipt }),
    });
    signInAsStaff();
    const { user } = renderApp('/office?stage=at_warehouse');
    const field = await screen.findByLabelText('Scan to receive');
    await user.click(field);
    await user.keyboard('1zatelier scan0001{Enter}');

    const status = within(screen.getByRole('region', { name: 'Receiving' })).getByRole('status');
    await waitFor(() =>
      expect(status).toHaveTextContent(
        'Parcel 1ZATELIERSCAN0001 for Olivia Bennett: 2 items received. 1 item not received.',
      ),
    );
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      code: '1zatelierscan0001',
    });
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    const arrived = screen.getByRole('region', { name: 'Arrived' });
    expect(within(arrived).getByRole('link', { name: 'Kelly 28' })).toHaveAttribute(
      'href',
      '/office/items/41',
    );
    expect(within(arrived).getByText('#42 · WG00000042')).toBeInTheDocument();
    const missing = screen.getByRole('region', { name: 'Not received' });
    expect(within(missing).getByText('Garden Party 36')).toBeInTheDocument();
    expect(within(missing).getByText('Not in transit: Offer Accepted')).toBeInTheDocument();
    // The queues are read anew: the items now wait in "At warehouse".
    await waitFor(() =>
      expect(requests.filter((r) => r.path === WAREHOUSE.slice(4)).length).toBeGreaterThan(1),
    );
  });

  test('an unknown code and a repeated scan say so; an empty Enter asks for a code', async () => {
    const already: OfficeReceiveConflict = {
      message: 'Kelly 28 (#41) was already received.',
      code: 'CONFLICT',
      receipt: {
        code: 'WG00000041',
        matched: 'item',
        shipment: null,
        received: [],
        missing: [
          {
            ...item(41, 'Kelly 28', 'WG00000041'),
            status: 'received',
            reason: 'already_received',
            receivedAt: '2026-11-27T15:00:00.000Z',
          },
        ],
      },
    };
    mockFetch({
      'GET /api/office/me': () => jsonResponse(200, officeMeDocument()),
      [WAREHOUSE]: () => jsonResponse(200, queueDocument('at_warehouse', [])),
      'POST /api/office/receive': (request) =>
        (request.body as { code: string }).code === 'WG00000041'
          ? jsonResponse(409, already)
          : jsonResponse(404, {
              message: 'No parcel or item has the code NOPE. Check it and scan again.',
              code: 'NOT_FOUND',
            }),
    });
    signInAsStaff();
    const { user } = renderApp('/office?stage=at_warehouse');
    const field = await screen.findByLabelText('Scan to receive');
    await user.click(field);
    await user.keyboard('{Enter}');
    expect(field).toHaveAccessibleDescription(/Scan or type a tracking number or a barcode first/);

    await user.keyboard('NOPE{Enter}');
    const status = within(screen.getByRole('region', { name: 'Receiving' })).getByRole('status');
    await waitFor(() =>
      expect(status).toHaveTextContent(
        'No parcel or item has the code NOPE. Check it and scan again.',
      ),
    );
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();

    await user.keyboard('WG00000041{Enter}');
    await waitFor(() =>
      expect(status).toHaveTextContent('Nothing received. Kelly 28 (#41) was already received.'),
    );
    const missing = screen.getByRole('region', { name: 'Not received' });
    expect(within(missing).getByText(/^Already received on /)).toBeInTheDocument();
  });

  test('the next parcel can be scanned while the last one is still on its way', async () => {
    let releaseFirst = () => {};
    const firstAnswer = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const { requests } = mockFetch({
      'GET /api/office/me': () => jsonResponse(200, officeMeDocument()),
      [WAREHOUSE]: () => jsonResponse(200, queueDocument('at_warehouse', [])),
      'POST /api/office/receive': async (request) => {
        if ((request.body as { code: string }).code === 'FIRST') await firstAnswer;
        return jsonResponse(200, { data: parcelReceipt });
      },
    });
    signInAsStaff();
    const { user } = renderApp('/office?stage=at_warehouse');
    const field = await screen.findByLabelText('Scan to receive');
    await user.click(field);
    await user.keyboard('FIRST{Enter}');
    const status = within(screen.getByRole('region', { name: 'Receiving' })).getByRole('status');
    expect(status).toHaveTextContent('Receiving FIRST…');
    await user.keyboard('SECOND{Enter}');
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
        { code: 'FIRST' },
        { code: 'SECOND' },
      ]),
    );
    releaseFirst();
    await waitFor(() => expect(status).toHaveTextContent(/2 items received/));
  });

  test('where the browser reads barcodes, the camera scans a code and lets the camera go', async () => {
    const stop = vi.fn();
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        detect = () => Promise.resolve([{ rawValue: '1ZATELIERSCAN0001' }]);
      },
    );
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: () => Promise.resolve({ getTracks: () => [{ stop }] }) },
    });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { requests } = mockFetch({
      'GET /api/office/me': () => jsonResponse(200, officeMeDocument()),
      [WAREHOUSE]: () => jsonResponse(200, queueDocument('at_warehouse', [])),
      'POST /api/office/receive': () => jsonResponse(200, { data: parcelReceipt }),
    });
    try {
      signInAsStaff();
      const { user } = renderApp('/office?stage=at_warehouse');
      await user.click(await screen.findByRole('button', { name: 'Scan with camera' }));
      const status = within(screen.getByRole('region', { name: 'Receiving' })).getByRole('status');
      await waitFor(() => expect(status).toHaveTextContent(/2 items received/));
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        code: '1ZATELIERSCAN0001',
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(stop).toHaveBeenCalled();
      expect(screen.getByLabelText('Scan to receive')).toHaveFocus();
    } finally {
      Reflect.deleteProperty(navigator, 'mediaDevices');
    }
  });

  test('a pricer, who cannot receive, is not offered the field', async () => {
    mockFetch({
      'GET /api/office/me': () =>
        jsonResponse(200, officeMeDocument({ role: 'pricer', rights: ['price'] })),
      [WAREHOUSE]: () => jsonResponse(200, queueDocument('at_warehouse', [])),
    });
    signInAsStaff();
    renderApp('/office?stage=at_warehouse');
    expect(await screen.findByText(/its items are taken by staff with the right to/)).toBeVisible();
    expect(screen.queryByLabelText('Scan to receive')).not.toBeInTheDocument();
  });
});
