/**
 * Fields of a database error that are safe to log: the SQLSTATE code and names of schema objects. Everything else
 * (the message, which quotes values; `detail`, which quotes the conflicting key; Drizzle's `query` and `params`,
 * which hold row values and password hashes) stays out of the log.
 */
const SAFE_DATABASE_FIELDS = ['code', 'severity', 'routine', 'table', 'column', 'constraint', 'schema'] as const;

type TLoggedError = Record<string, unknown> & { type: string; message: string };

const isDatabaseError = (error: Record<string, unknown>): boolean =>
  'query' in error || 'params' in error || (typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code));

function serializeOne(error: Record<string, unknown>): TLoggedError {
  const type = (error.constructor as { name?: string } | undefined)?.name ?? 'Error';
  if (!isDatabaseError(error)) {
    return { type, message: String(error.message ?? ''), stack: String(error.stack ?? ''), code: error.code };
  }
  const safe: TLoggedError = { type, message: 'database error (query, parameters and values not logged)' };
  for (const field of SAFE_DATABASE_FIELDS) if (typeof error[field] === 'string') safe[field] = error[field];
  return safe;
}

/**
 * pino's `err` serializer: keeps type, message and stack of ordinary errors, and for database errors (anywhere in
 * the `cause` chain, as Drizzle wraps the driver's error) only the safe fields above, so a failed statement never
 * writes its parameters, row values or hashes to the log.
 */
export function serializeError(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const chain: TLoggedError[] = [];
  for (let current: unknown = value; current && typeof current === 'object' && chain.length < 5; ) {
    const error = current as Record<string, unknown>;
    chain.push(serializeOne(error));
    current = error.cause;
  }
  const [head, ...causes] = chain;
  const hasDatabaseError = chain.some((entry) => entry.message.startsWith('database error'));
  // A wrapper's message and stack may quote the failed statement too (Drizzle's "Failed query: ... params: ...").
  const outer = hasDatabaseError && head ? { type: head.type, message: 'query failed' } : head;
  return causes.length > 0 ? { ...outer, causes: hasDatabaseError ? causes.map(stripStack) : causes } : outer;
}

const stripStack = ({ stack: _stack, ...rest }: TLoggedError): TLoggedError => rest;
