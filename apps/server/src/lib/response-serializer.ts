import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

type SerializerCompiler = FastifySerializerCompiler<$ZodType | { properties: $ZodType }>;

/**
 * Answers are `JSON.stringify` of what the service returned: every service builds its answer
 * with a mapper to the contract (`toClientResource(row)` …), so nothing is left to strip.
 */
export const plainSerializerCompiler: SerializerCompiler = () => (data) => JSON.stringify(data);

/**
 * What tests run: the same JSON, but only once the contract's schema accepts the answer as it
 * is. An answer the schema refuses, or one carrying a key the schema does not name (which zod
 * would have stripped and JSON.stringify sends, e.g. a password hash), fails as a 500 saying where.
 */
export const checkedSerializerCompiler: SerializerCompiler = ({ schema, method, url }) => {
  const zodSchema = schema instanceof $ZodType ? schema : schema.properties;
  return (data) => {
    const sent = JSON.stringify(data);
    const result = safeEncode(zodSchema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    const expected = JSON.stringify(result.data);
    if (sent !== expected) {
      const path = firstDifference(JSON.parse(sent), JSON.parse(expected));
      if (path !== null) {
        throw new Error(
          `${method} ${url} answered beyond its contract at ${path || '(root)'}: add it to the schema or leave it out of the mapper`,
        );
      }
    }
    return sent;
  };
};

/** The path where `actual` differs from `expected` (keys in any order), or null when equal. */
function firstDifference(actual: unknown, expected: unknown, path = ''): string | null {
  if (isDeepStrictEqual(actual, expected)) return null;
  if (
    actual === null ||
    expected === null ||
    typeof actual !== 'object' ||
    typeof expected !== 'object' ||
    Array.isArray(actual) !== Array.isArray(expected)
  ) {
    return path;
  }
  const a = actual as Record<string, unknown>;
  const e = expected as Record<string, unknown>;
  for (const key of new Set([...Object.keys(a), ...Object.keys(e)])) {
    // zod's records never give `__proto__`, which field errors keep on purpose (app-error.ts).
    if (key === '__proto__') continue;
    const at = firstDifference(a[key], e[key], `${path}.${key}`);
    if (at !== null) return at;
  }
  return null;
}
