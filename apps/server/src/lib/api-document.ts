import { isDeepStrictEqual } from 'node:util';
import { API_ACCEPT, PROGRAM_NAME } from '@atelier/contract';
import type { SwaggerOptions, SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';
import { routeAccess } from '../auth/actor.ts';
import { nameSharedSchemas } from './api-schemas.ts';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The multipart form a route reads with `uploads.withForm` (never validated by Fastify: the
     * form is read part by part), so the API document can describe it; files are `z.file()`.
     */
    multipartBody?: $ZodType;
  }
}

/** Where every error answer's schema lives: the contract's ErrorBodySchema, by its id. */
const ERROR_RESPONSE = { $ref: '#/components/schemas/ErrorResponse' };

/** What each 4xx a route may answer means, in the document's words. */
const ERROR_MEANINGS: Record<number, string> = {
  400: 'The request is invalid; `errors` names the fields at fault.',
  401: 'Not signed in, or the session has ended: sign in again.',
  403: 'Signed in, but this account may not do this.',
  404: 'Not found, or not one the caller may reach.',
  409: 'Refused by the current state of what it names.',
  413: 'The body, or a file in it, is too large.',
  415: "The body's content type is not one this route reads.",
  429: 'Too many requests: try again after `Retry-After` seconds.',
  502: 'The carrier (or the label maker) failed; nothing was recorded.',
  503: 'Briefly unavailable: try again after `Retry-After` seconds.',
};

type JsonSchema = Record<string, unknown>;

const LOCATION = { location: { type: 'string', description: 'Where the browser goes next' } };

/**
 * The 4xx every route of its kind can answer, known from how it is declared: by who may call it
 * (auth.plugin.ts), whether it reads parameters or a body, and whether it is rate limited. What
 * only the route's own work can answer (404, 409 …) the route declares itself.
 */
export function commonErrorStatuses(route: Pick<RouteOptions, 'url' | 'schema' | 'config'>) {
  const statuses = new Set<number>();
  const access = routeAccess(route.config?.access, route.url);
  if (access !== 'public') statuses.add(401);
  // The auth hook refuses a non-stylist on stylist routes and anyone else on office routes.
  if (access === 'stylist' || access === 'admin' || access === 'operations') statuses.add(403);
  const schema = route.schema ?? {};
  const takesBody = schema.body !== undefined || schema.multipartBody !== undefined;
  if (takesBody || schema.querystring || schema.params || schema.headers) statuses.add(400);
  // Any body may exceed BODY_LIMIT or come in a type the route does not read.
  if (takesBody) {
    statuses.add(413);
    statuses.add(415);
  }
  if (route.config?.rateLimit) statuses.add(429);
  return statuses;
}

function isSuccess(status: string) {
  return /^[23]/.test(status);
}

/**
 * Each route's part of the document: the type provider's JSON schemas, a multipart form as the
 * request body, and every 4xx the route can answer, in the contract's error shape.
 */
export const transformRoute: SwaggerTransform = (input) => {
  const { multipartBody, ...declared } = input.schema as typeof input.schema & {
    multipartBody?: $ZodType;
  };
  const transformed = jsonSchemaTransform({
    ...input,
    schema: multipartBody ? { ...declared, body: multipartBody } : declared,
  } as Parameters<typeof jsonSchemaTransform>[0]);
  const schema = transformed.schema as JsonSchema & { hide?: boolean };
  if (schema.hide) return transformed;
  const response = { ...(schema.response as Record<string, JsonSchema> | undefined) };
  for (const status of commonErrorStatuses(input.route)) {
    response[status] ??= { ...ERROR_RESPONSE };
  }
  // A route that declared only its errors still answers its 200 (fastify-swagger's default).
  if (!Object.keys(response).some(isSuccess)) {
    response[200] = { type: 'null', description: 'Default Response' };
  }
  for (const [status, answer] of Object.entries(response)) {
    // A redirect has no body, only where it leads.
    if (status.startsWith('3')) {
      response[status] = { type: 'null', description: answer.description, headers: LOCATION };
      continue;
    }
    const meaning = ERROR_MEANINGS[Number(status)];
    if (meaning && !('content' in answer)) {
      response[status] = {
        description: meaning,
        content: { 'application/json': { schema: answer } },
      };
    }
  }
  return { ...transformed, schema: { ...schema, response } };
};

/** Every `$ref` to a component schema in `value`. */
function collectRefs(value: unknown, into: Set<string>) {
  if (Array.isArray(value)) {
    for (const item of value) collectRefs(item, into);
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') {
        into.add(child.replace('#/components/schemas/', ''));
      } else {
        collectRefs(child, into);
      }
    }
  }
}

/** `value` with every `$ref` to component `from` pointing at `to`. */
function renameRefs<T>(value: T, from: string, to: string): T {
  const target = `#/components/schemas/${from}`;
  return JSON.parse(JSON.stringify(value), (key: string, child: unknown) =>
    key === '$ref' && child === target ? `#/components/schemas/${to}` : child,
  ) as T;
}

/**
 * zod's `anyOf` of one schema (a one-element tuple's items in OpenAPI 3.0) is that schema: said
 * directly, as the document's lint asks.
 */
function withoutSingleAnyOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSingleAnyOf);
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([key, child]) => [key, withoutSingleAnyOf(child)]);
  const object = Object.fromEntries(entries) as JsonSchema;
  const anyOf = object.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 1 && typeof anyOf[0] === 'object') {
    const { anyOf: _single, ...rest } = object;
    return { ...(anyOf[0] as JsonSchema), ...rest };
  }
  return object;
}

interface OpenApiDocument {
  paths?: unknown;
  components?: { schemas?: Record<string, unknown> };
}

/**
 * The whole document: the contract's named schemas (those with a zod `id`) as components, only
 * those referenced, each under its own name. The type provider names a schema's input side
 * `{id}Input`; where only that side is used, or both sides are the same, it is just `{id}`.
 */
export const transformDocument: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as OpenApiDocument;
  const all = document.components?.schemas ?? {};
  // What the operations reach, then what those schemas reach in turn.
  const used = new Set<string>();
  collectRefs(document.paths, used);
  for (let seen = 0; seen !== used.size;) {
    seen = used.size;
    for (const name of [...used]) collectRefs(all[name], used);
  }
  let named = {
    paths: document.paths,
    schemas: Object.fromEntries(Object.entries(all).filter(([name]) => used.has(name))),
  };
  for (const name of Object.keys(named.schemas)) {
    const output = name.replace(/Input$/, '');
    const { [name]: inputSide, ...others } = named.schemas;
    if (output === name) continue;
    if (output in others && !isDeepStrictEqual(others[output], inputSide)) continue;
    named = renameRefs({ ...named, schemas: { ...others, [output]: inputSide } }, name, output);
  }
  const components = { ...document.components, schemas: named.schemas };
  return withoutSingleAnyOf({
    ...document,
    paths: named.paths,
    components,
  }) as ReturnType<SwaggerTransformObject>;
};

/** The OpenAPI part of @fastify/swagger's options: the server PUBLIC_URL names, bearer tokens. */
export function apiDocumentOptions(publicUrl: string): SwaggerOptions {
  nameSharedSchemas();
  return {
    openapi: {
      info: {
        title: `${PROGRAM_NAME} API`,
        version: '1',
        description: `Send \`Accept: ${API_ACCEPT}\`.`,
        license: { name: 'Proprietary' },
      },
      servers: [{ url: publicUrl, description: `This ${PROGRAM_NAME} (PUBLIC_URL)` }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: transformRoute,
    transformObject: transformDocument,
  };
}
