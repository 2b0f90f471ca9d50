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
