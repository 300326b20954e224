import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/client';

/** Where the server tests' global set-up leaves the migrated database's dump for every test file to start from. */
export const TEMPLATE_ENV = 'CPQ_TEST_DATABASE_TEMPLATE';

/**
 * Vitest's global set-up for the server tests on PGlite: migrates one database, dumps it to a file named by
 * TEMPLATE_ENV (the test workers inherit it) and removes it after the run. A test file's database then opens from
 * the dump in about a second instead of migrating from nothing for several. On PostgreSQL there is nothing to do.
 */
export default async function setUpDatabaseTemplate(): Promise<(() => void) | undefined> {
  if (process.env.DATABASE_URL) return undefined;
  const database = await openDatabase({ pgliteDir: 'memory://' });
  const dump = await database.dump?.();
  await database.close();
  if (!dump) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'cpq-test-template-'));
  const file = join(dir, 'database.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[TEMPLATE_ENV] = file;
  return () => {
    delete process.env[TEMPLATE_ENV];
    rmSync(dir, { recursive: true, force: true });
  };
}

/** The dump the global set-up made, or undefined (a bench, or a run without it): start from an empty database. */
export function databaseTemplate(): Blob | undefined {
  const file = process.env[TEMPLATE_ENV];
  return file ? new Blob([readFileSync(file)]) : undefined;
}
