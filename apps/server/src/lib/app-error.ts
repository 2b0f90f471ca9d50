import { ErrorCode } from '@atelier/contract';

export const VALIDATION_MESSAGE = 'Some fields are not valid.';

/**
 * Field name → messages, gathered one by one. The names often come from the request (a query
 * parameter, a body key, a multipart field), so they are kept in a Map: on a plain object a field
 * named `__proto__` or `constructor` would reach Object.prototype instead of a list of messages.
 */
export class FieldErrors {
  readonly #messages = new Map<string, string[]>();

  add(field: string, message: string): void {
    const messages = this.#messages.get(field);
    if (messages) messages.push(message);
    else this.#messages.set(field, [message]);
  }

  get size(): number {
    return this.#messages.size;
  }

  /** The record of the contract's error body; `__proto__` stays an own key, as JSON has it. */
  toRecord(): Record<string, string[]> {
    return Object.fromEntries(this.#messages);
  }
}

/** A failure with a message that is safe to show the user; the error handler maps it to the contract's shape. */
export class AppError extends Error {
  override name = 'AppError';
  /** Fields the body carries beside message, code and errors; the route's schema for the status names them. */
  readonly details: Readonly<Record<string, unknown>> | undefined;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly errors?: Record<string, string[]>,
    options?: ErrorOptions & { details?: Readonly<Record<string, unknown>> },
  ) {
    super(message, options);
    this.details = options?.details;
  }

  static notFound(what = 'Record') {
    return new AppError(ErrorCode.notFound, `${what} not found`, 404);
  }

  static unauthorized(message = 'Please sign in again.') {
    return new AppError(ErrorCode.unauthorized, message, 401);
  }

  static forbidden(message: string) {
    return new AppError(ErrorCode.forbidden, message, 403);
  }

  static conflict(
    message: string,
    errors?: Record<string, string[]>,
    details?: Readonly<Record<string, unknown>>,
  ) {
    return new AppError(ErrorCode.conflict, message, 409, errors, { details });
  }

  /** A part the server needs is out of reach for now (503, with Retry-After): try again shortly. */
  static unavailable(message: string, cause: unknown) {
    return new AppError(ErrorCode.unavailable, message, 503, undefined, { cause });
  }

  /** Well-formed input the server cannot act on as it stands (422), e.g. a verdict without its reason. */
  static unprocessable(message: string, errors?: Record<string, string[]>) {
    return new AppError(ErrorCode.validation, message, 422, errors);
  }

  /** Input at fault, field by field (400), in the same words as a failed schema check. */
  static validation(errors: Record<string, string[]>) {
    return new AppError(ErrorCode.validation, VALIDATION_MESSAGE, 400, errors);
  }
}
