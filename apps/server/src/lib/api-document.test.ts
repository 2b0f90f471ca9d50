import { ErrorBodySchema } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../app.ts';
import { buildTestApp, createTestAccount, signIn, TEST_ORIGIN } from '../test/test-app.ts';

interface Operation {
  operationId?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
}
interface Document {
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

const operations = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

describe('the API document', () => {
  let app: App;
  let document: Document;
  beforeAll(async () => {
    app = await buildTestApp();
    document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<Document>();
  });
  afterAll(() => app.close());

  test('names every operation once, and the server PUBLIC_URL names', () => {
    const ids = operations(document).map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z]+[A-Za-z]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.servers).toEqual([expect.objectContaining({ url: TEST_ORIGIN })]);
  });

  test('every error is the one shared ErrorResponse schema, named after the contract', () => {
    const shared = '#/components/schemas/ErrorResponse';
    expect(document.components.schemas.ErrorResponse).toBeDefined();
    const errors = operations(document).flatMap(({ operation }) =>
      Object.entries(operation.responses)
        .filter(([status]) => status.startsWith('4'))
        .map(([, answer]) => answer.content?.['application/json']?.schema.$ref),
    );
    expect(errors.length).toBeGreaterThan(100);
    // The client pages' 409 carries the refused answers besides the error shape, a repeated
    // scan's 409 its receipt.
    expect(new Set(errors)).toEqual(
      new Set([
        shared,
        '#/components/schemas/ClientAnswerConflict',
        '#/components/schemas/OfficeReceiveConflict',
      ]),
    );
    expect(document.components.schemas.Client).toBeDefined();
  });

  test('each route lists the 4xx its kind can answer', () => {
    const statuses = (path: string, method: string) =>
      Object.keys(document.paths[path]![method]!.responses);
    // A stylist's list with a query: not signed in, not a stylist, a bad query.
    expect(statuses('/api/stylist/clients', 'get')).toEqual(
      expect.arrayContaining(['200', '400', '401', '403']),
    );
    // An admin route with a body: also too large and the wrong content type.
    expect(statuses('/api/admin/tutorials', 'post')).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '413', '415']),
    );
    // A client's page behind its link: no sign-in, but a limit per address.
    const hub = statuses('/api/client/hub/{token}', 'get');
    expect(hub).toEqual(expect.arrayContaining(['400', '404', '429']));
    expect(hub).not.toContain('401');
    // The health checks read nothing and refuse nobody.
    expect(statuses('/health/live', 'get')).toEqual(['200']);
  });

  test('the multipart forms are described, files as binary', () => {
    const form = (path: string) =>
      document.paths[path]!.post!.requestBody!.content['multipart/form-data']!.schema;
    expect(form('/api/stylist/upload-profile-image')).toMatchObject({
      properties: { userId: { type: 'string' }, file: { type: 'string', format: 'binary' } },
      required: ['userId', 'file'],
    });
    expect(form('/api/stylist/white-glove-quotes/images')).toMatchObject({
      properties: { image: { type: 'string', format: 'binary' } },
    });
    expect(form('/api/client/curated/{token}')).toMatchObject({
      properties: { data: { type: 'object' } },
    });
  });
});

describe('with API_DOCS=admin (production’s default), a browser signed in as an admin reads it', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({ API_DOCS: 'admin' });
  });
  afterAll(() => app.close());

  const read = (url: string, cookie?: string) =>
    app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  test("an admin's session cookie opens the page and its document", async () => {
    const admin = await createTestAccount(app, { role: 'admin' });
    const { cookie } = await signIn(app, admin.email);
    const json = await read('/api/docs/json', cookie);
    expect(json.statusCode).toBe(200);
    expect(json.json()).toHaveProperty('openapi');
    expect([200, 302]).toContain((await read('/api/docs', cookie)).statusCode);
    expect((await read('/api/docs/static/swagger-ui.css', cookie)).statusCode).toBe(200);
  });

  test("a stylist's session is refused (403), no session or an ended one too (401)", async () => {
    const stylist = await createTestAccount(app);
    const { cookie } = await signIn(app, stylist.email);
    const refused = await read('/api/docs/json', cookie);
    expect(refused.statusCode).toBe(403);
    expect(ErrorBodySchema.parse(refused.json())).toMatchObject({ code: 'FORBIDDEN' });

    const anonymous = await read('/api/docs/json');
    expect(anonymous.statusCode).toBe(401);
    expect(ErrorBodySchema.parse(anonymous.json())).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await read('/api/docs')).statusCode).toBe(401);

    const admin = await createTestAccount(app, { role: 'admin' });
    const session = await signIn(app, admin.email);
    const signedOut = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: session.cookie, origin: TEST_ORIGIN },
    });
    expect(signedOut.statusCode).toBe(200);
    expect((await read('/api/docs/json', session.cookie)).statusCode).toBe(401);
  });

  test('the cookie opens nothing else: an admin route still needs its token', async () => {
    const admin = await createTestAccount(app, { role: 'admin' });
    const { cookie } = await signIn(app, admin.email);
    expect((await read('/api/admin/outbox', cookie)).statusCode).toBe(401);
  });
});
