import { ErrorCode, type ErrorBody } from '@atelier/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseErrorDetail, driverCause, isDatabaseUnavailable } from '../db/errors.ts';
import { AppError, FieldErrors, VALIDATION_MESSAGE } from './app-error.ts';

/** Seconds a client should wait before trying again while the database is out of reach. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE_MESSAGE =
  'Atelier is briefly unavailable. Nothing was lost; please try again in a few seconds.';

function fieldErrors(
  issues: {
    keyword: string;
    instancePath: string;
    message?: string | undefined;
    params: unknown;
  }[],
): Record<string, string[]> {
  const errors = new FieldErrors();
  for (const issue of issues) {
    const base = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const unknownKeys =
      issue.keyword === 'unrecognized_keys'
        ? ((issue.params as { keys?: string[] }).keys ?? [])
        : null;
    const fields = unknownKeys?.map((key) => (base ? `${base}.${key}` : key)) ?? [base || '_'];
    for (const field of fields) {
      errors.add(field, unknownKeys ? 'Unknown field' : (issue.message ?? 'Invalid value'));
    }
  }
  return errors.toRecord();
}

const statusCodes: Record<number, ErrorCode> = {
  400: ErrorCode.badRequest,
  401: ErrorCode.unauthorized,
  403: ErrorCode.forbidden,
  404: ErrorCode.notFound,
  409: ErrorCode.conflict,
  413: ErrorCode.payloadTooLarge,
  415: ErrorCode.unsupportedMediaType,
  429: ErrorCode.rateLimited,
};

/** The contract's code for a 4xx status that carries no code of its own. */
export function errorCodeForStatus(status: number): ErrorCode {
  return statusCodes[status] ?? ErrorCode.badRequest;
}

/** Where an error was thrown, without its first line (the message, which may quote values). */
function stackFrames(error: Error): string[] {
  return (error.stack ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('at '))
    .slice(0, 10);
}

/** Every failure leaves the server in the contract's error shape; a 500 never leaks its detail. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    // An outage is not a bug: the same request may succeed once the database is back.
    const error = isDatabaseUnavailable(thrown)
      ? AppError.unavailable(UNAVAILABLE_MESSAGE, thrown)
      : thrown;
    let status: number;
    let body: ErrorBody;
    if (error instanceof AppError) {
      status = error.status;
      if (status === 503) {
        // The driver's words only: Drizzle's wrapper would log the SQL and its bound values.
        request.log.warn({ cause: driverCause(error) }, error.message);
        reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      }
      body = {
        ...error.details,
        message: error.message,
        code: error.code,
        ...(error.errors && { errors: error.errors }),
      };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      body = {
        message: VALIDATION_MESSAGE,
        code: ErrorCode.validation,
        errors: fieldErrors(error.validation),
      };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = {
        message:
          status === 400 && error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
            ? 'The request body is not valid JSON.'
            : error.message,
        code: errorCodeForStatus(status),
      };
    } else {
      // A database's refusal is logged by where it happened, never by the values involved.
      const database = databaseErrorDetail(error);
      request.log.error(
        database ? { database, errorName: error.name, frames: stackFrames(error) } : { err: error },
        'unhandled error',
      );
      status = 500;
      body = { message: 'Internal error', code: ErrorCode.internal };
    }
    if (status < 500) request.log.info({ status, code: body.code }, body.message);
    return reply.code(status).type('application/json').send(body);
  });
}
