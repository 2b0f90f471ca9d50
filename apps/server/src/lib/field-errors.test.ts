import { ErrorBodySchema } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../app.ts';
import { multipartBody } from '../features/client-pages/testing.ts';
import { buildTestApp, createTestAccount, tokenFor } from '../test/test-app.ts';
import { FieldErrors } from './app-error.ts';

/**
 * Field names in an error body come from the request: a query parameter, a body key, a multipart
 * field. Named after Object.prototype's own (`__proto__`, `constructor`, `toString`), they once made
 * the error handler throw and the server answer 500 outside the contract's shape (found by
 * src/fuzz.test.ts).
 */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];

describe('FieldErrors', () => {
  test('keeps every name as an own key with its messages, Object.prototype untouched', () => {
    const errors = new FieldErrors();
    for (const name of PROTOTYPE_NAMES) {
      errors.add(name, 'Unknown field');
      errors.add(name, 'Again');
    }
    const record = errors.toRecord();
    expect(errors.size).toBe(PROTOTYPE_NAMES.length);
    expect(Object.keys(record)).toEqual(PROTOTYPE_NAMES);
    for (const name of PROTOTYPE_NAMES) {
      expect(Object.getOwnPropertyDescriptor(record, name)?.value).toEqual([
        'Unknown field',
        'Again',
      ]);
    }
    expect(JSON.parse(JSON.stringify(record))).toHaveProperty(
      ['__proto__'],
      ['Unknown field', 'Again'],
    );
    expect(({} as Record<string, unknown>).toString).toBe(Object.prototype.toString);
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

function expectUnknownFields(
  response: { statusCode: number; json: () => unknown },
  fields: string[],
) {
  expect(response.statusCode).toBe(400);
  const body = ErrorBodySchema.parse(response.json());
  expect(body.code).toBe('VALIDATION_FAILED');
  for (const field of fields.filter((name) => name !== '__proto__')) {
    expect(body.errors?.[field], field).toEqual(['Unknown field']);
  }
}

describe('a request naming fields after Object.prototype answers 400 in the error shape', () => {
  test('as query parameters', async () => {
    for (const name of PROTOTYPE_NAMES) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/stylist/clients?${name}=1`,
        headers: { authorization: `Bearer ${token}` },
      });
      expectUnknownFields(response, [name]);
    }
  });

  test('as keys of a JSON body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/snippets',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"category":"stylist","key":"a","constructor":1,"toString":2,"hasOwnProperty":3}',
    });
    expectUnknownFields(response, ['constructor', 'toString', 'hasOwnProperty']);
  });

  test('as multipart fields (@fastify/multipart refuses these names itself)', async () => {
    for (const name of PROTOTYPE_NAMES) {
      const form = multipartBody({ [name]: 'x' });
      const response = await app.inject({
        method: 'POST',
        url: '/api/stylist/upload-profile-image',
        headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType },
        payload: form.payload,
      });
      expect(response.statusCode, name).toBe(400);
      expect(ErrorBodySchema.safeParse(response.json()).success, name).toBe(true);
    }
  });

  test('on a route whose 400 answer has a schema, the body keeps the error shape', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/stylist/commissions?__proto__=1&constructor=2',
      headers: { authorization: `Bearer ${token}` },
    });
    expectUnknownFields(response, ['__proto__', 'constructor']);
  });
});
