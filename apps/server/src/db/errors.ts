/**
 * The constraint a failed statement violated when it broke a unique constraint (SQLSTATE 23505),
 * else null. Drizzle wraps the driver's error, so the chain of causes is searched.
 */
export function violatedUniqueConstraint(error: unknown): string | null {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

/** Socket-level failures: the database's host refused, reset or never answered. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs that mean "the database cannot serve now", not "this statement is wrong": connection
 * exceptions (class 08), shutdown and start-up (57P01-57P03), a cancelled statement (57014, our
 * statement timeout) and too many connections (53300).
 */
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[123]|57014|53300)$/;

/** node-postgres and its pool say these in words only. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
  'Cannot use a pool after calling end',
];

/** pg.Client's own connect timeout, in words too plain to match anywhere but whole. */
const DRIVER_EXACT_MESSAGES = new Set(['timeout expired']);

/**
 * True when a failed call failed because the database is out of reach (an outage), so the answer
 * is 503 and the same request may succeed later. Drizzle wraps the driver's error: every cause is searched.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 8; depth++) {
    const { code } = cause as { code?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.test(code)))
      return true;
    if (DRIVER_MESSAGES.some((words) => cause instanceof Error && cause.message.includes(words)))
      return true;
    if (DRIVER_EXACT_MESSAGES.has(cause.message)) return true;
    cause = cause.cause;
  }
  return false;
}

/**
 * The driver's own words for a failed call, for the log: Drizzle's wrapper would add the SQL and
 * its bound values.
 */
export function driverCause(error: unknown): { message: string; code?: unknown } {
  if (!(error instanceof Error)) return { message: String(error) };
  let cause: Error = error;
  while (cause.cause instanceof Error) cause = cause.cause;
  return { message: cause.message, code: (cause as { code?: unknown }).code };
}

/** What may be logged of a database's refusal: where it happened, never the values involved. */
export interface DatabaseErrorDetail {
  /** The SQLSTATE, e.g. 23505. */
  code: string;
  schema?: string;
  table?: string;
  column?: string;
  constraint?: string;
  dataType?: string;
}

const DETAIL_FIELDS = ['schema', 'table', 'column', 'constraint', 'dataType'] as const;

/**
 * The SQLSTATE and the names of the table, column and constraint at fault, when `error` (or a
 * cause of it) is the database's refusal; null otherwise. Never the message, the detail or the
 * query: Drizzle's wrapper carries the SQL and every bound value, and PostgreSQL's own message and
 * detail can quote a value ("Key (email)=(…) already exists").
 */
export function databaseErrorDetail(error: unknown): DatabaseErrorDetail | null {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 8; depth++) {
    const fields = cause as Error &
      Partial<Record<'code' | (typeof DETAIL_FIELDS)[number], unknown>>;
    if (typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code)) {
      const detail: DatabaseErrorDetail = { code: fields.code };
      for (const field of DETAIL_FIELDS) {
        const value = fields[field];
        if (typeof value === 'string' && value) detail[field] = value;
      }
      return detail;
    }
    cause = cause.cause;
  }
  return null;
}
