import {
  messages,
  PGlite,
  type PGliteOptions,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
  types,
} from '@electric-sql/pglite';
import { bindExecuteSync, concat } from './frontend-messages';
import { SerialLock } from './serial-lock';

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

const { serialize } = protocol;

/** How many statements a client keeps prepared (each is a parsed and planned query in the database). */
export const PREPARED_STATEMENTS = 256;

/** A statement prepared under `name`: its parameters' types and its rows' description (none for no rows). */
type TPrepared = {
  readonly name: string;
  readonly paramTypes: readonly number[];
  readonly rowDescription: messages.RowDescriptionMessage | undefined;
};

/** PostgreSQL's answer when a prepared statement's result columns changed under it (a table altered). */
const isStalePlan = (error: unknown): boolean =>
  error instanceof messages.DatabaseError &&
  error.code === '0A000' &&
  error.message.startsWith('cached plan must not change result type');

/**
 * Settings of ours on top of PGlite's. wal_init_zero off: a new 16 MB WAL file (one every ~56,000 configure steps)
 * is made by writing its last byte, not by filling it with zeros. PGlite runs with fsync off, so the zeros reserve
 * nothing a crash could need, and writing them held up the query that needed the file: 9 ms on a data directory and
 * 54 ms in memory (where the file's buffer also grew step by step as the zeros came), against none with it off.
 */
const OWN_START_PARAMS = ['-c', 'wal_init_zero=off'];

/**
 * PGlite for drizzle. PGlite merges the parsers a query brings into its table of ~320 parsers on every call:
 * 85 µs a query, more than a primary-key select itself takes. This client holds drizzle's text parsers from the
 * start and drops the copies drizzle sends (in transactions too); parsers for any other type still apply per
 * query. Raw queries on this client read those types as text, as drizzle's do.
 *
 * Outside transactions it also keeps each query prepared under a name, as node-postgres does with named queries:
 * PGlite parses, plans and describes every query again, in six calls into the database (parse, describe, bind,
 * describe, execute, sync); a prepared one is bound and executed in one call (a configure step's write: 0.31-0.35
 * -> 0.10-0.12 ms; a select by primary key: 0.28 -> 0.075 ms). The least recently used of PREPARED_STATEMENTS is
 * closed when another comes; a statement whose table changed under it is prepared again. Results, errors (with
 * the query and its parameters on them) and the write to disk after each query are as in PGlite's own query.
 *
 * Its exclusions (a transaction's, a call into the database, the write of its files) are SerialLocks rather than
 * PGlite's mutexes: with those, what each query allocated stayed reachable through the young-generation
 * collections after it, and every collection copied it while a request waited (see serial-lock.ts; on a loop of
 * Megane configure steps, 0.75-0.82 MB copied a collection before, 0.39-0.45 MB after).
 */
export class DrizzlePGlite extends PGlite {
  private readonly prepared = new Map<string, TPrepared>();
  private statementCount = 0;
  /** PGlite's three exclusions (a transaction, a call into the database, a write of its files), as SerialLocks. */
  private readonly transactionLock = new SerialLock();
  private readonly queryLock = new SerialLock();
  private readonly fsSyncLock = new SerialLock();
  private readonly relaxedDurability: boolean;

  constructor(dataDir: string, options: PGliteOptions = {}) {
    const startParams = [...(options.startParams ?? PGlite.defaultStartParams), ...OWN_START_PARAMS];
    super(dataDir, { ...options, startParams, parsers: { ...textParsers, ...options.parsers } });
    this.relaxedDurability = options.relaxedDurability ?? false;
  }

  override async query<T>(query: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const own = withoutOwnParsers(options);
    // Blobs (COPY) and explicit parameter types take PGlite's own path.
    if (own?.blob || own?.paramTypes) return super.query<T>(query, params, own);
    await this._checkReady();
    return this._runExclusiveTransaction(() => this._runExclusiveQuery(() => this.runPrepared<T>(query, params, own)));
  }

  /**
   * Every query, exec and transaction of PGlite runs inside these two; its close and dump take its own mutexes,
   * on which nothing else waits now (close is wrapped below; the app never dumps a data directory).
   */
  override _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return this.queryLock.run(fn);
  }

  override _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.transactionLock.run(fn);
  }

  /**
   * The write of the database's files after a query, one at a time. The app's file systems (memory://, a
   * directory) have nothing to write here (the database writes its files itself); one that has (IndexedDB) still
   * gets every write.
   */
  override syncToFs(): Promise<void> {
    return this.fsSyncLock.run(async () => {
      await this.fs?.syncToFs(this.relaxedDurability);
    });
  }

  /** Closes once the work already handed in has finished, as PGlite's close does through its own mutexes. */
  override close(): Promise<void> {
    return this._runExclusiveTransaction(() => this._runExclusiveQuery(() => super.close()));
  }

  override transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => {
      const query: Transaction['query'] = (text, params, options) => tx.query(text, params, withoutOwnParsers(options));
      // The transaction's other members (and its `closed` getter) stay its own.
      return callback(Object.assign(Object.create(tx) as Transaction, { query }));
    });
  }

  /** Runs `query` through its prepared statement, preparing it first if needed (again if its plan went stale). */
  private async runPrepared<T>(
    query: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    try {
      return await this.execute<T>(await this.statementFor(query), query, params, options);
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      await this.forget(query);
      return this.execute<T>(await this.statementFor(query), query, params, options);
    }
  }

  private async execute<T>(
    statement: TPrepared,
    query: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i] ?? 0;
      const serializer = options?.serializers?.[type] ?? this.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const replies = await this.protocolCall(bindExecuteSync(statement.name, values), {
      query,
      params,
      queryOptions: options,
    });
    await this.syncToFs();
    const described = statement.rowDescription ? [statement.rowDescription, ...replies] : replies;
    return parse.parseResults(described, this.parsers, options)[0] as Results<T>;
  }

  /** The prepared statement of `query` (most recently used now), preparing it, and closing the oldest, if needed. */
  private async statementFor(query: string): Promise<TPrepared> {
    const known = this.prepared.get(query);
    if (known) {
      this.prepared.delete(query);
      this.prepared.set(query, known);
      return known;
    }
    this.statementCount += 1;
    const name = `cpq_${this.statementCount}`;
    const replies = await this.protocolCall(
      concat(serialize.parse({ name, text: query }), serialize.describe({ type: 'S', name }), serialize.sync()),
      { query },
    );
    const statement: TPrepared = {
      name,
      paramTypes: parse.parseDescribeStatementResults(replies),
      rowDescription: replies.find(
        (message): message is messages.RowDescriptionMessage => message.name === 'rowDescription',
      ),
    };
    this.prepared.set(query, statement);
    if (this.prepared.size > PREPARED_STATEMENTS) {
      const oldest = this.prepared.keys().next().value;
      if (oldest !== undefined) await this.forget(oldest);
    }
    return statement;
  }

  /** Closes the prepared statement of `query`, if any. */
  private async forget(query: string): Promise<void> {
    const statement = this.prepared.get(query);
    if (!statement) return;
    this.prepared.delete(query);
    await this.protocolCall(concat(serialize.close({ type: 'S', name: statement.name }), serialize.sync()), { query });
  }

  /** One call into the database; a database error carries the query (and its parameters), as PGlite's do. */
  private async protocolCall(
    message: Uint8Array,
    about: { query: string; params?: unknown[]; queryOptions?: QueryOptions },
  ): Promise<messages.BackendMessage[]> {
    try {
      return await this.execProtocolStream(message, { syncToFs: false, onNotice: about.queryOptions?.onNotice });
    } catch (error) {
      if (error instanceof messages.DatabaseError) Object.assign(error, { params: [], ...about });
      throw error;
    }
  }
}
