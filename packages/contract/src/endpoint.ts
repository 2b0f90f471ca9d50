import type { z } from 'zod';

/**
 * One API call, whole: method, path, the schemas of what goes in and of every answer, and its line
 * in the API document (docs/decisions/0032). The server registers its route from this object
 * (`route` in apps/server/src/lib/route.ts), the web calls it through it (`api` in
 * apps/web/src/lib/api-client.ts), and the page shell's early requests name it: a change to a
 * call is one edit here.
 */
/**
 * Who may call an endpoint. Every /api call is `stylist` unless it says otherwise; `office` is any
 * of the company's staff (the decision's own right is checked by its handler); `admin` and
 * `operations` are the back office's lead (operations or admin, and the operator's command line).
 */
export type Access = 'public' | 'account' | 'stylist' | 'office' | 'admin' | 'operations';

export interface Endpoint {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify's syntax: `:name` is a parameter (the document shows it as `{name}`). */
  readonly path: string;
  /** Unique across the API: the document's operationId and the name the web's code uses. */
  readonly operationId: string;
  readonly tags: readonly string[];
  readonly summary: string;
  readonly description?: string;
  /** `stylist` when left out. */
  readonly access?: Access;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /**
   * Every status the call answers with a body the client reads: success and the errors. An answer
   * that is not JSON (the notifications' event stream) names its media type instead.
   */
  readonly responses: Readonly<Record<number, z.ZodType | MediaAnswer>>;
  /** `['multipart/form-data']` for an upload; its fields are then described by `multipartBody`. */
  readonly consumes?: readonly string[];
  /** The multipart form's fields, for the document only: the handler reads the stream itself. */
  readonly multipartBody?: z.ZodType;
  /** Left out of the document (an endpoint of the auth library the web does not call). */
  readonly hide?: boolean;
}

/** An answer in another media type than JSON, e.g. `text/event-stream`, as the document shows it. */
export interface MediaAnswer {
  readonly description: string;
  readonly content: Readonly<Record<string, { readonly schema: z.ZodType }>>;
}

type Definition = Omit<Endpoint, 'operationId' | 'tags'> & { readonly tags?: readonly string[] };

/**
 * A feature's endpoints, each named by its operationId: `endpoints('clients', { listClients: {
 * method: 'GET', path: '/api/stylist/clients', … } })` gives `clientsApi.listClients`.
 */
// Pure for the bundler: a page that imports one schema of a file does not keep its endpoints.
/* @__NO_SIDE_EFFECTS__ */
export function endpoints<const D extends Record<string, Definition>>(
  tag: string,
  definitions: D,
): {
  readonly [K in keyof D]: D[K] & { readonly operationId: K; readonly tags: readonly string[] };
} {
  return Object.fromEntries(
    Object.entries(definitions).map(([operationId, definition]) => [
      operationId,
      { tags: [tag], ...definition, operationId },
    ]),
  ) as never;
}

/** `'/a/:x/b/:y'` → `'x' | 'y'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A value the web may put in a path or a query string. */
type Scalar = string | number | boolean;

/** What the web passes for a query: the schema's input, with coerced fields as plain scalars. */
type QueryInput<S> = S extends z.ZodType
  ? { [K in keyof z.input<S>]: unknown extends z.input<S>[K] ? Scalar | undefined : z.input<S>[K] }
  : never;

/** The arguments of a call to `E` from the web: only those its definition has, each required. */
export type EndpointArgs<E extends Endpoint> = ([PathParamNames<E['path']>] extends [never]
  ? { params?: never }
  : { params: Record<PathParamNames<E['path']>, string | number> }) &
  (E['query'] extends z.ZodType ? { query: QueryInput<E['query']> } : { query?: never }) &
  (E['body'] extends z.ZodType
    ? { body: z.input<E['body']> }
    : E['consumes'] extends readonly string[]
      ? { body: FormData }
      : { body?: never });

/** The statuses of `E` that mean success. */
type SuccessStatus<E extends Endpoint> = Extract<keyof E['responses'], 200 | 201 | 202 | 204>;

/** What a successful call to `E` answers, parsed. */
export type EndpointAnswer<E extends Endpoint> = z.output<E['responses'][SuccessStatus<E>]>;

/** The schema of `E`'s successful answer (the first 2xx it declares). */
export function successSchema(endpoint: Endpoint): z.ZodType {
  const status = Object.keys(endpoint.responses)
    .map(Number)
    .find((code) => code >= 200 && code < 300);
  const schema = status === undefined ? undefined : endpoint.responses[status];
  if (!schema || 'content' in schema) {
    throw new Error(`${endpoint.operationId} declares no successful JSON answer`);
  }
  return schema;
}

/** `E`'s path with its parameters filled in, each encoded, and its query string. */
export function endpointUrl(
  endpoint: Endpoint,
  params: Record<string, Scalar> | undefined,
  query?: Record<string, Scalar | null | undefined>,
): string {
  const path = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${endpoint.operationId} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  return `${path}${queryString(query)}`;
}

/** `?a=1&b=x` from the values that are set, each encoded; nothing when none is. */
export function queryString(query: Record<string, Scalar | null | undefined> = {}): string {
  const pairs = Object.entries(query)
    .filter((entry): entry is [string, Scalar] => entry[1] !== undefined && entry[1] !== null)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}
