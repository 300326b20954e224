/** PostgreSQL's error codes; PGlite reports the same. */
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

function findCode(error: unknown, code: string): { constraint?: unknown } | null {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === code) return candidate;
    current = candidate.cause;
  }
  return null;
}

/**
 * True when a database error (possibly wrapped by Drizzle, which keeps the driver's error as `cause`) is a unique
 * constraint violation, optionally on the named constraint.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = findCode(error, UNIQUE_VIOLATION);
  return found !== null && (!constraint || found.constraint === constraint);
}

/** True when a database error is a foreign-key violation (a row still referenced, or a reference to none). */
export function isForeignKeyViolation(error: unknown): boolean {
  return findCode(error, FOREIGN_KEY_VIOLATION) !== null;
}
