import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { FolderInUseError, lockFolder } from './folder-lock';
import * as schema from './schema';

export type TSchema = typeof schema;
/** The database handle every repository takes: the same API on PGlite and on a PostgreSQL server. */
export type TDb = PgDatabase<PgQueryResultHKT, TSchema>;
/** A handle inside a transaction; repositories accept either. */
export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];
export type TDbOrTx = TDb | TTx;

export type TDatabase = {
  db: TDb;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** PGlite only: the whole database as a tarball, which `openDatabase`'s `template` opens again. */
  dump?: () => Promise<Blob>;
};

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * PGlite's own start parameters and wal_init_zero off: a new 16 MB WAL file is made by writing its last byte, not by
 * filling it with zeros. PGlite runs with fsync off, so the zeros reserve nothing a crash could need, and writing
 * them holds up the query that needed the file.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off'];

/**
 * Opens the database and brings its schema up to date: a PostgreSQL server when `url` is given, otherwise the
 * embedded PGlite at `pgliteDir` ('memory://' for a throwaway one). A PGlite folder is taken for this opener alone
 * until `close` (two openers would write over each other's pages); one in use is refused with a FolderInUseError.
 */
export async function openDatabase(options: {
  url?: string;
  pgliteDir: string;
  /** A PGlite dump (`dump`) to start from instead of an empty database: migrating from nothing takes seconds. */
  template?: Blob;
}): Promise<TDatabase> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as TDb, kind: 'postgres', close: () => pool.end() };
  }
  const inMemory = options.pgliteDir.startsWith('memory://');
  const lock = inMemory ? undefined : lockFolder(options.pgliteDir);
  let client: PGlite | undefined;
  try {
    if (!inMemory) mkdirSync(options.pgliteDir, { recursive: true });
    // pg_trgm backs the customer search index; PGlite must load an extension before CREATE EXTENSION can find it.
    client = new PGlite(options.pgliteDir, {
      extensions: { pg_trgm },
      startParams: PGLITE_START_PARAMS,
      ...(options.template ? { loadDataDir: options.template } : {}),
    });
    const db = drizzlePglite(client, { schema, casing: 'snake_case' });
    await migratePglite(db, { migrationsFolder });
    const opened = client;
    const close = async () => {
      try {
        await opened.close();
      } finally {
        lock?.release();
      }
    };
    return { db: db as unknown as TDb, kind: 'pglite', close, dump: () => opened.dumpDataDir('none') };
  } catch (error) {
    await client?.close().catch(() => {});
    lock?.release();
    throw error;
  }
}

/**
 * openDatabase for the command-line entry points (server, migrate, seed): a folder in use ends the process with
 * its message and a failure status, not a stack trace.
 */
export async function openDatabaseOrExit(options: { url?: string; pgliteDir: string }): Promise<TDatabase> {
  try {
    return await openDatabase(options);
  } catch (error) {
    if (!(error instanceof FolderInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
