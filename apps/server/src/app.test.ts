import { ErrorBodySchema, HealthSchema } from '@atelier/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import Fastify from 'fastify';
import { loggerOptions, type App } from './app.ts';
import { OneLinePerRequest } from './lib/request-log.ts';
import { contentTexts } from './db/schema.ts';
import { buildTestApp, createTestAccount, tokenFor } from './test/test-app.ts';

let app: App;
let stylistToken: string;

beforeAll(async () => {
  app = await buildTestApp({ BODY_LIMIT_BYTES: '2048' });
  // A write route used only here, to drive the shared validation and error machinery with a real insert.
  app.post(
    '/api/test-write',
    { schema: { body: z.strictObject({ key: z.string().min(1), value: z.string() }) } },
    async (request, reply) => {
      await app.database.db.insert(contentTexts).values(request.body);
      return reply.code(201).send({ ok: true });
    },
  );
  const stylist = await createTestAccount(app);
  stylistToken = await tokenFor(app, stylist.email);
});
afterAll(() => app.close());

const rowCount = async () =>
  (await app.database.db.select({ n: count() }).from(contentTexts))[0]!.n;

function postWrite(payload: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/test-write',
    headers: {
      authorization: `Bearer ${stylistToken}`,
      'content-type': 'application/json',
      ...headers,
    },
    payload,
  });
}

describe('errors have one shape and change nothing', () => {
  test('a valid write goes through (the control for the cases below)', async () => {
    const before = await rowCount();
    const response = await postWrite(JSON.stringify({ key: 'k1', value: 'v' }));
    expect(response.statusCode).toBe(201);
    expect(await rowCount()).toBe(before + 1);
  });

  test('malformed JSON answers 400 in the error shape', async () => {
    const before = await rowCount();
    const response = await postWrite('{"key": "k2", ');
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json())).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'The request body is not valid JSON.',
    });
    expect(await rowCount()).toBe(before);
  });

  test('unknown fields answer 400 naming each field', async () => {
    const before = await rowCount();
    const response = await postWrite(JSON.stringify({ key: 'k3', value: 'v', isAdmin: true }));
    expect(response.statusCode).toBe(400);
    const body = ErrorBodySchema.parse(response.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors).toEqual({ isAdmin: ['Unknown field'] });
    expect(await rowCount()).toBe(before);
  });

  test('an invalid field answers 400 with the error under that field', async () => {
    const response = await postWrite(JSON.stringify({ key: '', value: 'v' }));
    expect(response.statusCode).toBe(400);
    expect(Object.keys(ErrorBodySchema.parse(response.json()).errors ?? {})).toEqual(['key']);
  });

  test('an oversized body answers 413 and writes nothing', async () => {
    const before = await rowCount();
    const response = await postWrite(JSON.stringify({ key: 'k4', value: 'x'.repeat(4096) }));
    expect(response.statusCode).toBe(413);
    expect(ErrorBodySchema.parse(response.json()).code).toBe('PAYLOAD_TOO_LARGE');
    expect(await rowCount()).toBe(before);
  });

  test('a wrong content type answers 415', async () => {
    const response = await postWrite('key=k5', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(response.statusCode).toBe(415);
    expect(ErrorBodySchema.parse(response.json()).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  test('an unknown API path answers 404 in the error shape (401 before sign-in)', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(anonymous.statusCode).toBe(401);
    const response = await app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { authorization: `Bearer ${stylistToken}` },
    });
    expect(response.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(response.json()).code).toBe('NOT_FOUND');
  });

  test('a failing route answers 500 "Internal error" without its detail', async () => {
    const broken = await buildTestApp();
    broken.get('/api/boom', { config: { access: 'public' } }, async () => {
      throw new Error('secret detail');
    });
    const response = await broken.inject({ method: 'GET', url: '/api/boom' });
    await broken.close();
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal error', code: 'INTERNAL' });
  });
});

describe('access', () => {
  test('every route but the public ones answers 401 without a token', async () => {
    const guarded = app.routes.filter(
      (route) => route.access !== 'public' && !route.url.startsWith('/api/auth/'),
    );
    expect(guarded.map((route) => `${route.method} ${route.url}`)).toContain('GET /api/account');
    for (const route of guarded) {
      const url = route.url.replace(/:(\w+)/g, '1').replace('*', 'x');
      const response = await app.inject({ method: route.method as 'GET', url });
      expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
      });
      expect(ErrorBodySchema.parse(response.json()).code).toBe('UNAUTHORIZED');
    }
  });

  test('the public routes are only the ones meant to be public', () => {
    const open = app.routes
      .filter((route) => route.access === 'public' && route.url.startsWith('/api/'))
      .map((route) => route.url);
    // Sign-in, the API docs, pages opened with a link token (§6), the hub, its live stream and
    // its "Send me a new link", and the shop sign-in's ticket.
    for (const url of open) {
      expect(url).toMatch(
        /^\/api\/(auth|docs)(\/|$)|^\/api\/client\/(white-glove-quotes|(curated|quotes|quote-offer|hub)\/:token|hub\/:token\/(quotes\/:quoteId|stream)|hub\/new-link)$|^\/api\/stylist\/:userId\/client-login$/,
      );
    }
  });

  test('a forged or garbled token answers 401', async () => {
    for (const token of ['nope', `${stylistToken.slice(0, -4)}AAAA`]) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/account',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('request log', () => {
  test('one line per request, with its id, status and time, and never a link token', async () => {
    const lines: string[] = [];
    const logged = Fastify({
      logger: { ...loggerOptions('info'), stream: { write: (line: string) => lines.push(line) } },
      logController: new OneLinePerRequest(),
    });
    logged.get('/api/client/curated/:token', async () => ({ ok: true }));
    logged.get('/api/client/white-glove-quotes', async () => ({ ok: true }));
    const token = 'abcDEF123_-abcDEF123_-abcDEF123_-abcDEF1234';
    await logged.inject({ method: 'GET', url: `/api/client/curated/${token}` });
    await logged.inject({
      method: 'GET',
      url: `/api/client/white-glove-quotes?shipment-id=${token}`,
      headers: { authorization: 'Bearer secret-jwt' },
    });
    await logged.close();
    const log = lines.join('');
    expect(log).toContain('/api/client/curated/[token]');
    expect(log).toContain('/api/client/white-glove-quotes?shipment-id=[token]');
    expect(log).not.toContain(token);
    expect(log).not.toContain('secret-jwt');
    const requests = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.req !== undefined || line.res !== undefined);
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      msg: 'request completed',
      reqId: expect.any(String),
      req: { method: 'GET', url: '/api/client/curated/[token]' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
  });
});

describe('operations', () => {
  test('health: live and ready (database ping)', async () => {
    for (const url of ['/health/live', '/health/ready']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(HealthSchema.parse(response.json()).status).toBe('ok');
    }
  });

  test('ready answers 503 when the database is gone', async () => {
    const other = await buildTestApp();
    await other.database.close();
    const response = await other.inject({ method: 'GET', url: '/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ status: 'unavailable' });
  });

  test('every answer carries a request id and security headers', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/health/live',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(response.headers['x-request-id']).toBe('abc-123');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("base-uri 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // The test app's PUBLIC_URL is plain http, where HSTS means nothing.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  test('HSTS is sent where the product is served over https', async () => {
    const secure = await buildTestApp({ PUBLIC_URL: 'https://atelier.example.com' });
    try {
      const response = await secure.inject({ method: 'GET', url: '/health/live' });
      expect(response.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
    } finally {
      await secure.close();
    }
  });

  test('the OpenAPI document is generated from the contract', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths).toHaveProperty('/api/account');
    expect(JSON.stringify(document.paths['/api/account'])).toContain(
      '#/components/schemas/Account',
    );
    expect(JSON.stringify(document.components.schemas.Account)).toContain('isStylist');
    const ui = await app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  test('with API_DOCS=admin (production’s default) only an admin reads the API documentation', async () => {
    const closed = await buildTestApp({ API_DOCS: 'admin' });
    try {
      const read = (token?: string) =>
        closed.inject({
          method: 'GET',
          url: '/api/docs/json',
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
      expect((await read()).statusCode).toBe(401);
      const stylist = await createTestAccount(closed);
      expect((await read(await tokenFor(closed, stylist.email))).statusCode).toBe(403);
      const admin = await createTestAccount(closed, { role: 'admin' });
      const answer = await read(await tokenFor(closed, admin.email));
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toHaveProperty('openapi');
      expect((await closed.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(401);
    } finally {
      await closed.close();
    }
  });
});
