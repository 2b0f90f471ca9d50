import { API_ACCEPT } from '@atelier/contract';
import { afterEach, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { jsonResponse, mockFetch } from '../test/fetch-mock.ts';
import { ApiError, apiGet, apiPost, setApiTokenSource } from './api-client.ts';

const ThingSchema = z.object({ id: z.number() });

afterEach(() => {
  setApiTokenSource(() => null);
});

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('api client', () => {
  test('sends the versioned Accept header and parses the answer with the schema', async () => {
    const { requests } = mockFetch({ 'GET /api/thing': () => jsonResponse(200, { id: 7 }) });
    await expect(apiGet('/api/thing', ThingSchema)).resolves.toEqual({ id: 7 });
    expect(requests[0]?.headers.get('Accept')).toBe(API_ACCEPT);
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
  });

  test('adds the bearer token when one exists, and JSON bodies with their content type', async () => {
    setApiTokenSource(() => 'tok');
    const { requests } = mockFetch({ 'POST /api/thing': () => jsonResponse(201, { id: 1 }) });
    await apiPost('/api/thing', { name: 'x' }, ThingSchema, { credentials: 'include' });
    expect(requests[0]).toMatchObject({ body: { name: 'x' }, credentials: 'include' });
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer tok');
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
  });

  test('turns an error body into an ApiError with status, message, code and field errors', async () => {
    mockFetch({
      'POST /api/thing': () =>
        jsonResponse(422, {
          message: 'Check the fields',
          code: 'VALIDATION_FAILED',
          errors: { email: ['Email is taken'] },
        }),
    });
    const error = await caught(apiPost('/api/thing', {}, ThingSchema));
    expect(error).toMatchObject({
      status: 422,
      message: 'Check the fields',
      code: 'VALIDATION_FAILED',
      errors: { email: ['Email is taken'] },
    });
  });

  test('falls back to a plain message when the error body is not the contract shape', async () => {
    mockFetch({ 'GET /api/thing': () => new Response('<html>oops</html>', { status: 502 }) });
    const error = await caught(apiGet('/api/thing', ThingSchema));
    expect(error).toMatchObject({ status: 502, body: null, code: 'HTTP_502' });
    expect(error.message).toBe('The server had a problem. Please try again.');
  });

  test('reads Retry-After seconds from a 429', async () => {
    mockFetch({
      'GET /api/thing': () => new Response('', { status: 429, headers: { 'Retry-After': '42' } }),
    });
    expect((await caught(apiGet('/api/thing', ThingSchema))).retryAfterSeconds).toBe(42);
  });

  test('rejects an answer that does not match the schema', async () => {
    mockFetch({ 'GET /api/thing': () => jsonResponse(200, { id: 'seven' }) });
    expect((await caught(apiGet('/api/thing', ThingSchema))).code).toBe('INVALID_RESPONSE');
  });

  test('reports an unreachable server as status 0', async () => {
    const { spy } = mockFetch({});
    spy.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await caught(apiGet('/api/thing', ThingSchema))).status).toBe(0);
  });
});
