import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createEasyPostShippingProvider } from './easypost-provider.ts';
import { ShippingProviderError, type LabelRequest } from './shipping-provider.ts';

// Responses recorded in EasyPost's documented shapes, served from loopback: nothing leaves it.
const FIXTURES = path.join(import.meta.dirname, 'fixtures/easypost');
// The recorded label links point at EasyPost's file bucket; the server answers for it instead.
const FILE_HOST = 'https://easypost-files.s3.us-west-2.amazonaws.com';
const SHIPMENT_ID = 'shp_5c1e0f9a2b7d4e3c8a6f0b1d2e3f4a5b';
const LABEL_PATH = '/files/postage_label/20261121/e8d1f2c9b4a7460f9a0b5c3d2e1f0a9b';
const API_KEY = 'EZTK_test_recorded_key';

const request: LabelRequest = {
  reference: 'Atelier shipment 1042',
  from: {
    name: 'Stella Marsh',
    company: null,
    street1: '417 Montgomery St',
    street2: 'Floor 5',
    city: 'San Francisco',
    state: 'CA',
    postalCode: '94104',
    country: 'US',
    phone: '4155550132',
    email: 'stella@example.com',
  },
  to: {
    name: 'Atelier Resale Warehouse',
    company: 'Atelier Resale Warehouse',
    street1: '500 Commerce Way',
    street2: null,
    city: 'Secaucus',
    state: 'NJ',
    postalCode: '07094',
    country: 'US',
    phone: '2015550140',
    email: null,
  },
  parcel: { itemCount: 2, weightOz: 38 },
};

interface Reply {
  status: number;
  type: string;
  body: Buffer;
}

interface ReceivedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

let labelPdf: Buffer;
let labelPng: Buffer;
let fixtures: Record<string, string>;

beforeAll(async () => {
  labelPdf = await smallPdf();
  labelPng = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  const names = [
    'shipment-created',
    'shipment-bought',
    'shipment-label-pdf',
    'error-invalid-params',
  ];
  fixtures = Object.fromEntries(
    await Promise.all(
      names.map(async (name) => [
        name,
        await readFile(path.join(FIXTURES, `${name}.json`), 'utf8'),
      ]),
    ),
  );
});

function smallPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: [288, 432], margin: 0 });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) =>
    doc.on('end', () => resolve(Buffer.concat(chunks))),
  );
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  doc.fontSize(14).text('USPS GROUND ADVANTAGE', 20, 20);
  doc.end();
  return done;
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

const recorded =
  (name: string, status = 200) =>
  (origin: string) => ({
    status,
    type: 'application/json',
    body: Buffer.from(fixtures[name]!.replaceAll(FILE_HOST, origin)),
  });

const errorReply = (status: number, body: unknown) => () => ({
  status,
  type: 'application/json',
  body: Buffer.from(JSON.stringify(body)),
});

/** A stand-in for EasyPost's API and file host; routes are keyed "METHOD /path". */
async function startRecordedEasyPost(overrides: Record<string, (origin: string) => Reply> = {}) {
  const file = (body: Buffer, type: string) => () => ({ status: 200, type, body });
  const routes: Record<string, (origin: string) => Reply> = {
    'POST /v2/shipments': recorded('shipment-created', 201),
    [`POST /v2/shipments/${SHIPMENT_ID}/buy`]: recorded('shipment-bought'),
    [`GET /v2/shipments/${SHIPMENT_ID}/label`]: recorded('shipment-label-pdf'),
    [`GET ${LABEL_PATH}.png`]: file(labelPng, 'image/png'),
    [`GET ${LABEL_PATH}.pdf`]: file(labelPdf, 'application/pdf'),
    ...overrides,
  };
  const received: ReceivedRequest[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', origin);
    received.push({
      method: req.method ?? '',
      path: `${url.pathname}${url.search}`,
      authorization: req.headers.authorization,
      body: text ? JSON.parse(text) : null,
    });
    const route = routes[`${req.method} ${url.pathname}`];
    const reply = route?.(origin) ?? {
      status: 404,
      type: 'application/json',
      body: Buffer.from(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found' } })),
    };
    res.writeHead(reply.status, { 'content-type': reply.type }).end(reply.body);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = createEasyPostShippingProvider({ apiKey: API_KEY, apiUrl: `${origin}/v2` });
  return { provider, received, origin };
}

async function rejection(promise: Promise<unknown>): Promise<ShippingProviderError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ShippingProviderError);
  return error as ShippingProviderError;
}

describe('EasyPost shipping provider', () => {
  test('creates the shipment with both addresses and the parcel, signed with the API key', async () => {
    const { provider, received } = await startRecordedEasyPost();
    await provider.createLabel(request);

    const create = received[0]!;
    expect(create).toMatchObject({ method: 'POST', path: '/v2/shipments' });
    expect(create.authorization).toBe(`Basic ${Buffer.from(`${API_KEY}:`).toString('base64')}`);
    expect(create.body).toEqual({
      shipment: {
        reference: 'Atelier shipment 1042',
        from_address: {
          name: 'Stella Marsh',
          street1: '417 Montgomery St',
          street2: 'Floor 5',
          city: 'San Francisco',
          state: 'CA',
          zip: '94104',
          country: 'US',
          phone: '4155550132',
          email: 'stella@example.com',
        },
        to_address: {
          name: 'Atelier Resale Warehouse',
          company: 'Atelier Resale Warehouse',
          street1: '500 Commerce Way',
          city: 'Secaucus',
          state: 'NJ',
          zip: '07094',
          country: 'US',
          phone: '2015550140',
        },
        parcel: { length: 12, width: 10, height: 6, weight: 38 },
        options: { label_format: 'PNG', label_size: '4x6' },
      },
    });
  });

  test('buys the cheapest rate, converts the label to PDF and downloads both files', async () => {
    const { provider, received } = await startRecordedEasyPost();
    await provider.createLabel(request);

    expect(received.slice(1, 3).map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      {
        method: 'POST',
        path: `/v2/shipments/${SHIPMENT_ID}/buy`,
        // USPS GroundAdvantage at $8.31, the third of five recorded rates.
        body: { rate: { id: 'rate_7c5a3e1f9b2d4c6e8a0b2d4f6a8c0e2b' } },
      },
      { method: 'GET', path: `/v2/shipments/${SHIPMENT_ID}/label?file_format=PDF`, body: null },
    ]);
    expect(
      received
        .slice(3)
        .map(({ method, path }) => `${method} ${path}`)
        .sort(),
    ).toEqual([`GET ${LABEL_PATH}.pdf`, `GET ${LABEL_PATH}.png`]);
    expect(received).toHaveLength(5);
  });

  test('answers with the carrier, service, tracking code, shipment id and the label files', async () => {
    const { provider } = await startRecordedEasyPost();
    const label = await provider.createLabel(request);

    expect(label).toEqual({
      carrier: 'USPS',
      service: 'Ground Advantage',
      trackingNumber: '9400100208271088654321',
      labelPdf,
      labelPng,
      providerShipmentId: SHIPMENT_ID,
    });
  });

  test("an EasyPost refusal becomes a ShippingProviderError with EasyPost's message", async () => {
    const { provider, received } = await startRecordedEasyPost({
      'POST /v2/shipments': recorded('error-invalid-params', 422),
    });

    const error = await rejection(provider.createLabel(request));
    expect(error.message).toBe('Unable to create shipment, one or more parameters were invalid.');
    expect(error.detail).toMatchObject({
      cause: { statusCode: 422, code: 'SHIPMENT.INVALID_PARAMS' },
      purchasedShipmentId: null,
    });
    expect(received).toHaveLength(1);
  });

  test('a rejected API key is not shown to the stylist', async () => {
    const { provider } = await startRecordedEasyPost({
      'POST /v2/shipments': errorReply(401, {
        error: {
          code: 'APIKEY.INACTIVE',
          message: 'This api key is no longer active.',
          errors: [],
        },
      }),
    });

    const error = await rejection(provider.createLabel(request));
    expect(error.message).toMatch(/shipping service is unavailable/);
    expect(error.detail).toMatchObject({ cause: { statusCode: 401 } });
  });

  test("a shipment without rates is refused with the carrier's reason and nothing is bought", async () => {
    const noRates = (origin: string) => {
      const shipment = JSON.parse(recorded('shipment-created')(origin).body.toString('utf8'));
      shipment.rates = [];
      shipment.messages = [
        {
          carrier: 'USPS',
          carrier_account_id: 'ca_8b2f4e6a1c3d4f5e9a7b6c5d4e3f2a1b',
          type: 'rate_error',
          message: 'to_address.zip: Invalid ZIP Code.',
        },
      ];
      return { status: 201, type: 'application/json', body: Buffer.from(JSON.stringify(shipment)) };
    };
    const { provider, received } = await startRecordedEasyPost({ 'POST /v2/shipments': noRates });

    const error = await rejection(provider.createLabel(request));
    expect(error.message).toBe('to_address.zip: Invalid ZIP Code.');
    expect(received.map(({ path }) => path)).toEqual(['/v2/shipments']);
  });

  test('a label that cannot be downloaded names the paid shipment for a refund', async () => {
    const { provider } = await startRecordedEasyPost({
      [`GET ${LABEL_PATH}.pdf`]: errorReply(403, { message: 'Access Denied' }),
    });

    const error = await rejection(provider.createLabel(request));
    expect(error.message).toBe('The label file could not be downloaded. Please try again.');
    expect(error.detail).toMatchObject({ purchasedShipmentId: SHIPMENT_ID });
  });
});
