import { ErrorCode } from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * How deeply a JSON body may nest its objects and arrays. The deepest body the API takes is four
 * levels (a list of answers, each with its attributes); JSON.parse accepts any depth, but code
 * that walks the value by recursion does not: JSON.stringify overflows the stack past a few
 * thousand levels, and a 5,000-deep body sent to a Better Auth endpoint once answered 500.
 */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP_MESSAGE = 'The request body is nested too deeply.';

/** Whether the JSON text opens more than `limit` objects or arrays inside one another. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c /* \ */) index += 1;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * Fastify's own JSON body parser (empty and malformed bodies, `__proto__` and `constructor`
 * keys refused as before), behind a check of the body's nesting: past MAX_JSON_DEPTH it answers
 * 400 in the contract's shape before anything parses it.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new AppError(ErrorCode.badRequest, TOO_DEEP_MESSAGE, 400), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
