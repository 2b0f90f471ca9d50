import { UNSTORABLE_TEXT_MESSAGE, unstorableTextPaths } from '@atelier/contract';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * The contract's one text rule, applied once to every request before its schema: a body, query
 * or path value holding U+0000 answers 400 with the fields named, and reaches no handler.
 * A callback hook, not an async one: it runs on every request and has nothing to wait for.
 */
export function refuseUnstorableText(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const paths = [
    ...unstorableTextPaths(request.params),
    ...unstorableTextPaths(request.query),
    ...unstorableTextPaths(request.body),
  ];
  if (paths.length === 0) return done();
  done(
    AppError.validation(Object.fromEntries(paths.map((path) => [path, [UNSTORABLE_TEXT_MESSAGE]]))),
  );
}
