import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DrizzlePGlite } from './pglite-client';
import * as schema from './schema';

export type TSchema = typeof schema;
/** The database handle every repository takes: the same API on PGlite and on a PostgreSQL server. */
export type TDb = PgDatabase<PgQueryResultHKT, TSchema>;
/** A handle inside a transaction; repositories accept either. */
export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];
export type TDbOrTx = TDb | TTx;

export type TDatabase = { db: TDb; kind: 'pglite' | 'postgres'; close: () => Promise<void> };

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * Opens the database and brings its schema up to date: a PostgreSQL server when `url` is given, otherwise the
 * embedded PGlite at `pgliteDir` ('memory://' for a throwaway one).
 */
export async function openDatabase(options: { url?: string; pgliteDir: string }): Promise<TDatabase> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as TDb, kind: 'postgres', close: () => pool.end() };
  }
  if (!options.pgliteDir.startsWith('memory://')) mkdirSync(options.pgliteDir, { recursive: true });
  // pg_trgm backs the customer search index; PGlite must load an extension before CREATE EXTENSION can find it.
  const client = new DrizzlePGlite(options.pgliteDir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as TDb, kind: 'pglite', close: () => client.close() };
}
