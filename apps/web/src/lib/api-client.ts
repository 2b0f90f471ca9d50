import {
  API_ACCEPT,
  SESSION_ENDED_MESSAGE,
  endpointUrl,
  successSchema,
  type Endpoint,
  type EndpointAnswer,
  type EndpointArgs,
  type ErrorBody,
} from '@atelier/contract';
import type { z } from 'zod';

/**
 * The error body's schema loads with the first error answer: this client is part of the entry,
 * which shows the first page before zod is downloaded (the sign-in page asks nothing before its
 * form is sent). A 2xx answer is parsed by the caller's schema, which brought zod with it.
 */
const loadErrorBodySchema = () =>
  import('./error-body-schema.ts').then((module) => module.ErrorBodySchema);

/** A failed API call: the contract's error body when the server sent one (§7, §8). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly errors: Record<string, string[]> | undefined;
  /** The parsed error body, null when the answer had none (or not the contract's shape). */
  readonly body: ErrorBody | null;
  /** The error answer's JSON as sent, for a route whose error schema adds fields to the shape. */
  readonly payload: unknown;
  /** Seconds from a Retry-After header (429), when present. */
  readonly retryAfterSeconds: number | null;

  constructor(init: {
    status: number;
    message: string;
    code: string;
    body?: ErrorBody | null;
    payload?: unknown;
    retryAfterSeconds?: number | null;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.body = init.body ?? null;
    this.payload = init.payload;
    this.errors = init.body?.errors;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }
}

export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';
export const INVALID_RESPONSE_CODE = 'INVALID_RESPONSE';

let readToken: () => string | null = () => null;

/** Tells the client where the bearer token lives; the auth feature owns it. */
export function setApiTokenSource(source: () => string | null): void {
  readToken = source;
}

let onRefusedToken: () => void = () => {};

/**
 * What to do when the server refuses the bearer token (401): the session ended elsewhere (signed
 * out, a new password, a ban), so this browser signs out too rather than showing errors.
 */
export function setRefusedTokenHandler(handler: () => void): void {
  onRefusedToken = handler;
}

function noticeRefusedToken(status: number, headers: Headers): void {
  if (status === 401 && headers.has('Authorization')) onRefusedToken();
}

export interface ApiRequestOptions {
  /** JSON-serialised into the body; FormData goes as multipart, as it is. */
  body?: unknown;
  /** 'include' for the cookie-based auth endpoints. */
  credentials?: RequestCredentials;
  signal?: AbortSignal;
}

function fallbackMessage(status: number): string {
  if (status === 401) return SESSION_ENDED_MESSAGE;
  if (status === 403) return 'You do not have access to this.';
  if (status === 404) return 'Not found.';
  if (status === 429) return 'Too many requests. Please try again later.';
  if (status >= 500) return 'The server had a problem. Please try again.';
  return `The request failed (status ${status}).`;
}

function parseRetryAfter(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function requestHeaders(): Headers {
  const headers = new Headers({ Accept: API_ACCEPT });
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

function networkError(cause: unknown): ApiError {
  return new ApiError({
    status: 0,
    message: 'Could not reach the server. Check your connection and try again.',
    code: NETWORK_ERROR_CODE,
    cause,
  });
}

/** A finished exchange, whichever transport carried it. */
interface RawAnswer {
  status: number;
  text: string;
  retryAfter: string | null;
}

async function toApiError({ status, text, retryAfter }: RawAnswer): Promise<ApiError> {
  const payload = parseJson(text);
  const parsed = (await loadErrorBodySchema()).safeParse(payload);
  const body = parsed.success ? parsed.data : null;
  return new ApiError({
    status,
    message: body?.message ?? fallbackMessage(status),
    code: body?.code ?? `HTTP_${status}`,
    body,
    payload,
    retryAfterSeconds: parseRetryAfter(retryAfter),
  });
}

/** A 2xx answer parsed by `schema`; any other status becomes the ApiError its body describes. */
async function readAnswer<S extends z.ZodType>(answer: RawAnswer, schema: S): Promise<z.infer<S>> {
  if (answer.status < 200 || answer.status > 299) throw await toApiError(answer);
  const parsed = schema.safeParse(parseJson(answer.text));
  if (!parsed.success) {
    throw new ApiError({
      status: answer.status,
      message: 'The server sent an answer this page does not understand.',
      code: INVALID_RESPONSE_CODE,
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/**
 * The answer to a GET that index.html's inline script started before the app ran
 * (app/early-requests.ts), taken once, and only when asked with the Authorization the app sends
 * now; else the app asks again. The script drops the answers nobody took after 30 s.
 */
function takeEarlyAnswer(method: string, path: string, headers: Headers) {
  const early = (globalThis as { __atelierEarly?: Record<string, EarlyAnswer | undefined> })
    .__atelierEarly;
  const entry = method === 'GET' ? early?.[path] : undefined;
  if (!entry) return undefined;
  delete early?.[path];
  return entry.authorization === headers.get('Authorization') ? entry.answer : undefined;
}

interface EarlyAnswer {
  authorization: string | null;
  answer: Promise<Response>;
}

/** The one fetch wrapper: same origin, versioned Accept, bearer token, answers parsed by `schema`. */
export async function apiRequest<S extends z.ZodType>(
  method: string,
  path: string,
  schema: S,
  options: ApiRequestOptions = {},
): Promise<z.infer<S>> {
  const headers = requestHeaders();
  const isForm = options.body instanceof FormData;
  // The browser sets the multipart boundary itself.
  if (options.body !== undefined && !isForm) headers.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await (takeEarlyAnswer(method, path, headers) ??
      fetch(path, {
        method,
        headers,
        ...(options.body !== undefined
          ? { body: isForm ? (options.body as FormData) : JSON.stringify(options.body) }
          : {}),
        ...(options.credentials ? { credentials: options.credentials } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      }));
  } catch (cause) {
    throw networkError(cause);
  }

  const text = await response.text();
  noticeRefusedToken(response.status, headers);
  return readAnswer(
    { status: response.status, text, retryAfter: response.headers.get('Retry-After') },
    schema,
  );
}

export interface ApiUploadOptions {
  /** Called as the body goes out, with the share sent so far (0 to 1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POSTs multipart `formData` with upload progress, which fetch cannot report, hence XMLHttpRequest.
 * Headers, failures and answers are handled as in `apiRequest`; an abort rejects with the signal's
 * reason, as fetch does.
 */
export function apiUpload<S extends z.ZodType>(
  path: string,
  formData: FormData,
  schema: S,
  { onProgress, signal }: ApiUploadOptions = {},
): Promise<z.infer<S>> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    xhr.open('POST', path);
    const headers = requestHeaders();
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      try {
        const retryAfter = xhr.getResponseHeader('Retry-After');
        noticeRefusedToken(xhr.status, headers);
        readAnswer({ status: xhr.status, text: xhr.responseText, retryAfter }, schema).then(
          resolve,
          reject,
        );
      } catch (error) {
        reject(error);
      }
    });
    xhr.addEventListener('error', () => reject(networkError(new Error('The upload failed'))));
    xhr.addEventListener('abort', () =>
      reject(signal?.reason ?? new DOMException('The upload was aborted.', 'AbortError')),
    );
    xhr.addEventListener('loadend', () => signal?.removeEventListener('abort', onAbortSignal));
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    xhr.send(formData);
  });
}

/** A call's arguments (its definition's params, query and body) and how to make it. */
type CallArgs<E extends Endpoint> = EndpointArgs<E> &
  Pick<ApiRequestOptions, 'credentials' | 'signal'>;

/** Any endpoint's arguments, as the implementation reads them. */
interface LooseArgs {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
}

/** No argument when the endpoint needs none; else its params, query and body. */
type CallRest<E extends Endpoint> =
  object extends EndpointArgs<E> ? [args?: CallArgs<E>] : [args: CallArgs<E>];

/**
 * Calls `endpoint` (packages/contract): its path with `params` filled in, `query` as the query
 * string, `body` as JSON (FormData as multipart), and its successful answer parsed by its schema.
 */
export function api<E extends Endpoint>(
  endpoint: E,
  ...rest: CallRest<E>
): Promise<EndpointAnswer<E>> {
  return apiReadingAs(endpoint, successSchema(endpoint), ...rest) as Promise<EndpointAnswer<E>>;
}

/**
 * Calls `endpoint` as `api` does, and reads its answer with `schema` instead: a looser reading of
 * the same answer, for the older records the spec keeps (the contract's `Loose…` schemas).
 */
export function apiReadingAs<E extends Endpoint, S extends z.ZodType>(
  endpoint: E,
  schema: S,
  ...[args]: CallRest<E>
): Promise<z.infer<S>> {
  const { params, query, body, ...options } = (args ?? {}) as LooseArgs &
    Pick<ApiRequestOptions, 'credentials' | 'signal'>;
  return apiRequest(endpoint.method, endpointUrl(endpoint, params, query), schema, {
    ...options,
    ...(body !== undefined ? { body } : {}),
  });
}

/** Uploads `body` (multipart) to `endpoint` with progress, as `apiUpload` does. */
export function upload<E extends Endpoint>(
  endpoint: E,
  args: EndpointArgs<E> & { body: FormData } & ApiUploadOptions,
): Promise<EndpointAnswer<E>> {
  const { params, query, body, ...options } = args as unknown as LooseArgs & {
    body: FormData;
  } & ApiUploadOptions;
  return apiUpload(
    endpointUrl(endpoint, params, query),
    body,
    successSchema(endpoint),
    options,
  ) as Promise<EndpointAnswer<E>>;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
