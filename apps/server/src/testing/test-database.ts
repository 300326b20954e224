import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type TDatabase } from '../db/client';
import { databaseTemplate } from './database-template';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default (opened from the run's migrated
 * template when there is one), or, when DATABASE_URL is set, a new database on that PostgreSQL server that is
 * dropped again on close. No test sees another's rows.
 */
export async function openTestDatabase(): Promise<TDatabase & { url?: string }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase({ pgliteDir: 'memory://', template: databaseTemplate() });
  const name = `cpq_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), pgliteDir: '' });
  return {
    ...database,
    /** For a test that hands the database to another process. */
    url: url.toString(),
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      // pool.end() resolves before its sockets have closed; dropping with FORCE then kills a closing connection,
      // whose error nobody handles. Wait (briefly) until the database has no sessions left.
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const { rows } = await cleanup.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [
          name,
        ]);
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
