import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/**
 * Replaces fetch with handlers keyed "METHOD /path?query". An unexpected call fails loudly, and
 * every call is recorded for assertions.
 */
export function mockFetch(handlers: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const path = `${url.pathname}${url.search}`;
    const method = init?.method ?? 'GET';
    const request: RecordedRequest = {
      method,
      path,
      headers: new Headers(init?.headers),
      body:
        typeof init?.body === 'string'
          ? JSON.parse(init.body)
          : init?.body instanceof FormData
            ? init.body
            : undefined,
      credentials: init?.credentials,
    };
    requests.push(request);
    const handler = handlers[`${method} ${path}`];
    if (!handler) throw new Error(`Unexpected fetch: ${method} ${path}`);
    return handler(request);
  });
  return { spy, requests };
}
