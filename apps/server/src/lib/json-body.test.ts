import { ErrorBodySchema } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../app.ts';
import { TEST_ORIGIN, buildTestApp, createTestAccount, tokenFor } from '../test/test-app.ts';
import { MAX_JSON_DEPTH, TOO_DEEP_MESSAGE, nestsDeeperThan } from './json-body.ts';

const objects = (depth: number) => `${'{"a":'.repeat(depth)}null${'}'.repeat(depth)}`;
const arrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('nestsDeeperThan', () => {
  test('counts objects and arrays inside one another, not side by side', () => {
    expect(nestsDeeperThan(objects(3), 3)).toBe(false);
    expect(nestsDeeperThan(objects(4), 3)).toBe(true);
    expect(nestsDeeperThan(arrays(4), 3)).toBe(true);
    expect(nestsDeeperThan('[{"a":[1]},{"b":[2]},[[3]]]', 3)).toBe(false);
  });

  test('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ a: '[[[[{{{{' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: 'say \\"[[[[\\"', b: '\\' }), 1)).toBe(false);
    expect(nestsDeeperThan(`{"a":"\\\\"}`, 1)).toBe(false);
  });
});

let app: App;
let token: string;
beforeAll(async () => {
  app = await buildTestApp();
  const stylist = await createTestAccount(app);
  token = await tokenFor(app, stylist.email);
});
afterAll(() => app?.close());

function post(url: string, payload: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...headers },
    payload,
  });
}

/**
 * A JSON body nested thousands deep parses, but JSON.stringify overflows the stack on it: the
 * sign-in server's endpoints, which get the body re-serialised, answered 500 (found by
 * src/fuzz.test.ts).
 */
describe('a JSON body nested too deeply answers 400 in the error shape', () => {
  test.each(['/api/auth/sign-out', '/api/auth/token', '/api/auth/get-session', '/api/auth/jwks'])(
    '%s',
    async (url) => {
      for (const payload of [objects(5_000), arrays(5_000), objects(MAX_JSON_DEPTH + 1)]) {
        const response = await post(url, payload);
        expect(response.statusCode).toBe(400);
        expect(ErrorBodySchema.parse(response.json())).toEqual({
          message: TOO_DEEP_MESSAGE,
          code: 'BAD_REQUEST',
        });
      }
    },
  );

  test('on an API route too, before its schema', async () => {
    const response = await post('/api/stylist/share', `{"clientId":${arrays(5_000)}}`, {
      authorization: `Bearer ${token}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: TOO_DEEP_MESSAGE });
  });

  test('up to the limit the body reaches the route, whose schema judges it', async () => {
    const response = await post(
      '/api/stylist/share',
      `{"clientId":${arrays(MAX_JSON_DEPTH - 1)}}`,
      {
        authorization: `Bearer ${token}`,
      },
    );
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json()).code).toBe('VALIDATION_FAILED');
  });

  test('empty, malformed and prototype-poisoning bodies are refused as before', async () => {
    const headers = { authorization: `Bearer ${token}` };
    for (const payload of [
      '',
      '{"clientId":',
      '{"__proto__":{"x":1}}',
      '{"constructor":{"prototype":{}}}',
    ]) {
      const response = await post('/api/stylist/share', payload, headers);
      expect(response.statusCode, payload).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).code, payload).toBe('BAD_REQUEST');
    }
    const malformed = await post('/api/stylist/share', '{"clientId":', headers);
    expect(malformed.json()).toMatchObject({ message: 'The request body is not valid JSON.' });
  });
});
