import { UNSTORABLE_TEXT_MESSAGE, unstorableTextPaths } from '@atelier/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * The contract's one text rule, applied once to every request before its schema: a body, query
 * or path value holding U+0000 answers 400 with the fields named, and reaches no handler.
 */
export async function refuseUnstorableText(request: FastifyRequest): Promise<void> {
  const paths = [request.params, request.query, request.body].flatMap((part) =>
    unstorableTextPaths(part),
  );
  if (paths.length === 0) return;
  throw AppError.validation(
    Object.fromEntries(paths.map((path) => [path, [UNSTORABLE_TEXT_MESSAGE]])),
  );
}
