import { PGlite, type PGliteOptions, type QueryOptions, type Transaction, types } from '@electric-sql/pglite';

/**
 * The types drizzle's PGlite driver reads as text (timestamps, dates, intervals and arrays of them, numeric
 * arrays): drizzle sends these parsers with every query, and maps the text to its own column types.
 */
const TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const textParsers = Object.fromEntries(TEXT_TYPES.map((oid) => [oid, (value: string) => value]));
const textTypes = new Set(TEXT_TYPES.map(String));

/** Per-query parser sets seen to hold only TEXT_TYPES (drizzle builds one per prepared query and reuses it). */
const covered = new WeakSet<object>();

/** `options` without its parsers when the client already has them all, else as they are. */
function withoutOwnParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  if (!covered.has(parsers)) {
    if (!Object.keys(parsers).every((oid) => textTypes.has(oid))) return options;
    covered.add(parsers);
  }
  return { ...options, parsers: undefined };
}

/**
 * PGlite for drizzle. PGlite merges the parsers a query brings into its table of ~320 parsers on every call:
 * 85 µs a query, more than a primary-key select itself takes. This client holds drizzle's text parsers from the
 * start and drops the copies drizzle sends (in transactions too); parsers for any other type still apply per
 * query. Raw queries on this client read those types as text, as drizzle's do.
 */
export class DrizzlePGlite extends PGlite {
  constructor(dataDir: string, options: PGliteOptions = {}) {
    super(dataDir, { ...options, parsers: { ...textParsers, ...options.parsers } });
  }

  override query<T>(query: string, params?: unknown[], options?: QueryOptions) {
    return super.query<T>(query, params, withoutOwnParsers(options));
  }

  override transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => {
      const query: Transaction['query'] = (text, params, options) => tx.query(text, params, withoutOwnParsers(options));
      // The transaction's other members (and its `closed` getter) stay its own.
      return callback(Object.assign(Object.create(tx) as Transaction, { query }));
    });
  }
}
