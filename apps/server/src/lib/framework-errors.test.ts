import net from 'node:net';
import { ErrorBodySchema } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../app.ts';
import { buildTestApp } from '../test/test-app.ts';

let app: App;
let port: number;
beforeAll(async () => {
  app = await buildTestApp();
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(() => app?.close());

/** Sends raw bytes and reads the whole answer, as a client that skips HTTP's rules would. */
function rawExchange(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.setTimeout(5_000, () => socket.destroy(new Error('no answer in 5 s')));
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
    socket.on('close', () => resolve(answer));
  });
}

function parseRaw(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  return { status, head, body: ErrorBodySchema.strict().parse(JSON.parse(body)) };
}

describe('failures before any route runs', () => {
  test('a path that is not valid percent-encoding: 400 in the error shape, the URL not echoed', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/stylist/clients/%ZZsecret' });
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.strict().parse(response.json())).toEqual({
      message: 'This address is not valid.',
      code: 'BAD_REQUEST',
    });
    expect(response.body).not.toContain('secret');
  });

  test('a path parameter past the router’s limit: 414 in the error shape', async () => {
    const long = `${'A'.repeat(150)}secret`;
    for (const url of [`/api/stylist/clients/${long}`, `/api/client/curated/${long}`]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(414);
      expect(ErrorBodySchema.strict().parse(response.json())).toEqual({
        message: 'This address is too long.',
        code: 'BAD_REQUEST',
      });
      expect(response.body).not.toContain('secret');
    }
  });

  test('oversized headers: 431 in the error shape, and the connection closes', async () => {
    const answer = await rawExchange(
      `GET /health/live HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    const { status, head, body } = parseRaw(answer);
    expect(status).toBe(431);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(head).toMatch(/connection: close/i);
    expect(body).toEqual({ message: 'The request headers are too large.', code: 'BAD_REQUEST' });
  });

  test('a request line HTTP cannot read: 400 in the error shape', async () => {
    const { status, body } = parseRaw(await rawExchange('NOT HTTP AT ALL\r\n\r\n'));
    expect(status).toBe(400);
    expect(body).toEqual({ message: 'The request could not be read.', code: 'BAD_REQUEST' });
  });

  test('the server goes on answering after each of them', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/health/live`);
    expect(response.status).toBe(200);
  });
});
