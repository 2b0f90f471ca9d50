import { API_ACCEPT } from '@atelier/contract';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse, mockFetch } from '../test/fetch-mock.ts';
import {
  ApiError,
  apiRequest,
  apiUpload,
  setApiTokenSource,
  setRefusedTokenHandler,
} from './api-client.ts';

const ThingSchema = z.object({ id: z.number() });

afterEach(() => {
  setApiTokenSource(() => null);
  vi.unstubAllGlobals();
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
  test("takes the inline script's early answer once, asked with the same token, and parses it", async () => {
    const { requests } = mockFetch({ 'GET /api/thing': () => jsonResponse(200, { id: 2 }) });
    const answer = (text: string) => Promise.resolve(new Response(text, { status: 200 }));
    const early: Record<string, unknown> = {
      '/api/thing': { authorization: 'Bearer tok', answer: answer('{"id":1}') },
      '/api/other': { authorization: null, answer: answer('{"id":"x"}') },
    };
    vi.stubGlobal('__atelierEarly', early);
    setApiTokenSource(() => 'tok');
    await expect(apiRequest('GET', '/api/thing', ThingSchema)).resolves.toEqual({ id: 1 });
    expect(requests).toHaveLength(0);
    // Taken once: the next call asks the server.
    await expect(apiRequest('GET', '/api/thing', ThingSchema)).resolves.toEqual({ id: 2 });
    expect(requests).toHaveLength(1);
    // Asked without the token the app now sends: not taken (and dropped).
    mockFetch({ 'GET /api/other': () => jsonResponse(200, { id: 3 }) });
    await expect(apiRequest('GET', '/api/other', ThingSchema)).resolves.toEqual({ id: 3 });
    expect(early).toEqual({});
  });

  test('checks an early answer with the schema, as any other', async () => {
    vi.stubGlobal('__atelierEarly', {
      '/api/thing': {
        authorization: null,
        answer: Promise.resolve(new Response('{"id":"x"}', { status: 200 })),
      },
    });
    const error = await caught(apiRequest('GET', '/api/thing', ThingSchema));
    expect(error.code).toBe('INVALID_RESPONSE');
  });

  test('sends the versioned Accept header and parses the answer with the schema', async () => {
    const { requests } = mockFetch({ 'GET /api/thing': () => jsonResponse(200, { id: 7 }) });
    await expect(apiRequest('GET', '/api/thing', ThingSchema)).resolves.toEqual({ id: 7 });
    expect(requests[0]?.headers.get('Accept')).toBe(API_ACCEPT);
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
  });

  test('adds the bearer token when one exists, and JSON bodies with their content type', async () => {
    setApiTokenSource(() => 'tok');
    const { requests } = mockFetch({ 'POST /api/thing': () => jsonResponse(201, { id: 1 }) });
    await apiRequest('POST', '/api/thing', ThingSchema, {
      body: { name: 'x' },
      credentials: 'include',
    });
    expect(requests[0]).toMatchObject({ body: { name: 'x' }, credentials: 'include' });
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer tok');
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
  });

  test('sends a FormData body as multipart, as it is, and lets the browser set its content type', async () => {
    const { requests } = mockFetch({ 'POST /api/thing': () => jsonResponse(200, { id: 2 }) });
    const form = new FormData();
    form.append('data', JSON.stringify({ answer: 'yes' }));
    await expect(apiRequest('POST', '/api/thing', ThingSchema, { body: form })).resolves.toEqual({
      id: 2,
    });
    expect(requests[0]!.body).toBe(form);
    expect(requests[0]!.headers.has('Content-Type')).toBe(false);
    expect(requests[0]!.headers.get('Accept')).toBe(API_ACCEPT);
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
    const error = await caught(apiRequest('POST', '/api/thing', ThingSchema, { body: {} }));
    expect(error).toMatchObject({
      status: 422,
      message: 'Check the fields',
      code: 'VALIDATION_FAILED',
      errors: { email: ['Email is taken'] },
    });
  });

  test('falls back to a plain message when the error body is not the contract shape', async () => {
    mockFetch({ 'GET /api/thing': () => new Response('<html>oops</html>', { status: 502 }) });
    const error = await caught(apiRequest('GET', '/api/thing', ThingSchema));
    expect(error).toMatchObject({ status: 502, body: null, code: 'HTTP_502' });
    expect(error.message).toBe('The server had a problem. Please try again.');
  });

  test('reads Retry-After seconds from a 429', async () => {
    mockFetch({
      'GET /api/thing': () => new Response('', { status: 429, headers: { 'Retry-After': '42' } }),
    });
    expect((await caught(apiRequest('GET', '/api/thing', ThingSchema))).retryAfterSeconds).toBe(42);
  });

  test('rejects an answer that does not match the schema', async () => {
    mockFetch({ 'GET /api/thing': () => jsonResponse(200, { id: 'seven' }) });
    expect((await caught(apiRequest('GET', '/api/thing', ThingSchema))).code).toBe(
      'INVALID_RESPONSE',
    );
  });

  test('reports an unreachable server as status 0', async () => {
    const { spy } = mockFetch({});
    spy.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await caught(apiRequest('GET', '/api/thing', ThingSchema))).status).toBe(0);
  });
});

/** Stands in for XMLHttpRequest: records what was sent and lets a test play the server. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  readonly upload = new EventTarget();
  readonly headers = new Headers();
  method = '';
  url = '';
  body: unknown = null;
  status = 0;
  responseText = '';
  private responseHeaders = new Headers();
  private readonly events = new EventTarget();

  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }
  getResponseHeader(name: string) {
    return this.responseHeaders.get(name);
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.finish('abort');
  }

  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(
      new ProgressEvent('progress', { lengthComputable: true, loaded, total }),
    );
  }
  respond(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.responseHeaders = new Headers(headers);
    this.finish('load');
  }
  failNetwork() {
    this.finish('error');
  }
  private finish(type: 'load' | 'error' | 'abort') {
    this.events.dispatchEvent(new Event(type));
    this.events.dispatchEvent(new Event('loadend'));
  }
}

function stubXhr(): typeof FakeXhr.sent {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr.sent;
}

function photoForm(): FormData {
  const form = new FormData();
  form.append('image', new File(['jpeg bytes'], 'bag.jpg', { type: 'image/jpeg' }));
  return form;
}

describe('a refused token', () => {
  test('a 401 to a request that carried the token reports the session ended; one without does not', async () => {
    const ended = vi.fn();
    setRefusedTokenHandler(ended);
    mockFetch({
      'GET /api/x': () =>
        jsonResponse(401, { message: 'Your session has ended.', code: 'UNAUTHORIZED' }),
    });
    setApiTokenSource(() => null);
    await expect(apiRequest('GET', '/api/x', z.unknown())).rejects.toThrow();
    expect(ended).not.toHaveBeenCalled();
    setApiTokenSource(() => 'a-token');
    await expect(apiRequest('GET', '/api/x', z.unknown())).rejects.toThrow(
      'Your session has ended.',
    );
    expect(ended).toHaveBeenCalledTimes(1);
    setApiTokenSource(() => null);
    setRefusedTokenHandler(() => {});
  });
});

describe('api upload', () => {
  test('posts the form with the same headers, reports progress and parses the answer', async () => {
    setApiTokenSource(() => 'tok');
    const sent = stubXhr();
    const progress: number[] = [];
    const form = photoForm();
    const upload = apiUpload('/api/photos', form, ThingSchema, {
      onProgress: (fraction) => progress.push(fraction),
    });

    const xhr = sent[0]!;
    expect(xhr).toMatchObject({ method: 'POST', url: '/api/photos', body: form });
    expect(xhr.headers.get('Accept')).toBe(API_ACCEPT);
    expect(xhr.headers.get('Authorization')).toBe('Bearer tok');
    // The browser writes the multipart boundary into the content type itself.
    expect(xhr.headers.has('Content-Type')).toBe(false);
    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.respond(201, { id: 9 });

    await expect(upload).resolves.toEqual({ id: 9 });
    expect(progress).toEqual([0.25, 1]);
  });

  test('turns a refusal into the same ApiError as the other calls, field errors included', async () => {
    const sent = stubXhr();
    const upload = apiUpload('/api/photos', photoForm(), ThingSchema);
    sent[0]!.respond(
      413,
      {
        message: 'The photo is too large.',
        code: 'PAYLOAD_TOO_LARGE',
        errors: { image: ['Photos can be at most 15 MB'] },
      },
      { 'Retry-After': '3' },
    );

    const error = await caught(upload);
    expect(error).toMatchObject({
      status: 413,
      message: 'The photo is too large.',
      code: 'PAYLOAD_TOO_LARGE',
      errors: { image: ['Photos can be at most 15 MB'] },
      retryAfterSeconds: 3,
    });
  });

  test('falls back to a plain message and rejects answers the schema refuses', async () => {
    const sent = stubXhr();
    const refused = apiUpload('/api/photos', photoForm(), ThingSchema);
    sent[0]!.respond(500, '<html>oops</html>');
    expect(await caught(refused)).toMatchObject({ status: 500, code: 'HTTP_500', body: null });

    const garbled = apiUpload('/api/photos', photoForm(), ThingSchema);
    sent[1]!.respond(201, { id: 'nine' });
    expect((await caught(garbled)).code).toBe('INVALID_RESPONSE');
  });

  test('reports a network failure as status 0', async () => {
    const sent = stubXhr();
    const upload = apiUpload('/api/photos', photoForm(), ThingSchema);
    sent[0]!.failNetwork();
    expect((await caught(upload)).status).toBe(0);
  });

  test('an abort stops the upload and rejects with the signal reason', async () => {
    const sent = stubXhr();
    const controller = new AbortController();
    const upload = apiUpload('/api/photos', photoForm(), ThingSchema, {
      signal: controller.signal,
    });
    controller.abort();
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });

    const early = apiUpload('/api/photos', photoForm(), ThingSchema, {
      signal: controller.signal,
    });
    await expect(early).rejects.toMatchObject({ name: 'AbortError' });
    expect(sent).toHaveLength(1);
  });
});
