import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseTemplate } from '../testing/database-template';
import { deferred, until } from '../testing/wait';
import { openDatabase, type TDatabase, type TDb, type TDbOrTx } from './client';
import { platforms } from './schema';

const mainPath = fileURLToPath(new URL('../main.ts', import.meta.url));

/**
 * The embedded database belongs to one process: a second opener of its folder would write over the first's pages,
 * and acknowledged rows would be gone after the next restart.
 */
describe('openDatabase on a PGlite folder', () => {
  let dataDir: string;
  let pgliteDir: string;
  const opened = new Set<TDatabase>();
  const children = new Set<ChildProcess>();

  async function open(): Promise<TDatabase> {
    const database = await openDatabase({ pgliteDir });
    opened.add(database);
    return database;
  }
  async function close(database: TDatabase): Promise<void> {
    opened.delete(database);
    await database.close();
  }

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'cpq-lock-'));
    pgliteDir = join(dataDir, 'pglite');
  });
  afterEach(async () => {
    for (const child of children) child.kill('SIGKILL');
    for (const database of opened) await database.close();
    opened.clear();
    rmSync(dataDir, { recursive: true, force: true });
  });
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
  });

  it('refuses a second open of the same folder, naming the folder and the process that has it', async () => {
    const first = await open();
    const refused = openDatabase({ pgliteDir });
    await expect(refused).rejects.toThrow(pgliteDir);
    await expect(refused).rejects.toThrow(`pid ${process.pid}`);
    // The holder is untouched by the refused attempt.
    await first.db.insert(platforms).values({ id: 'kept', name: 'Kept' });
    expect(await first.db.select({ id: platforms.id }).from(platforms)).toEqual([{ id: 'kept' }]);
  });

  it('lets the folder be opened again once the holder has closed it, with its rows', async () => {
    const first = await open();
    await first.db.insert(platforms).values({ id: 'kept', name: 'Kept' });
    await close(first);
    const second = await open();
    expect(await second.db.select({ id: platforms.id }).from(platforms)).toEqual([{ id: 'kept' }]);
  });

  it('refuses a second server on the folder, and takes the folder over once the first is killed', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      TOKEN_SECRET: 'folder-lock-token-secret-that-is-long-enough-0123',
      SEED_DEMO: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    const start = (): { child: ChildProcess; output: () => string } => {
      const child = spawn(process.execPath, ['--import', 'tsx', mainPath], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      children.add(child);
      child.once('exit', () => children.delete(child));
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      return { child, output: () => output };
    };

    const first = start();
    await until(() => first.output().includes('Open CPQ is running'), { timeoutMs: 60_000, what: 'the first server' });

    const second = start();
    const settled = () => second.child.exitCode !== null || second.output().includes('Open CPQ is running');
    await until(settled, { timeoutMs: 60_000, what: 'the second server to stop or start' });
    expect(second.child.exitCode).toBeGreaterThan(0);
    expect(second.output()).toContain(pgliteDir);
    expect(second.output()).toContain(`pid ${first.child.pid}`);
    // A clear message, not a stack trace.
    expect(second.output()).not.toMatch(/\n\s+at /);
    await expect(openDatabase({ pgliteDir })).rejects.toThrow(`pid ${first.child.pid}`);

    // A holder killed without a chance to clean up leaves nothing that keeps the folder from its next opener.
    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    const next = await open();
    expect(await next.db.select({ id: platforms.id }).from(platforms)).toEqual([]);
  }, 120_000);
});

/** The embedded database through drizzle's PGlite driver, as the app uses it. */
describe('openDatabase on PGlite in memory', () => {
  let database: TDatabase;
  const at = new Date('2026-11-25T10:20:30.456Z');
  /** The rows of raw SQL (the driver's result, which TDb leaves untyped for both drivers). */
  const rows = async <T>(db: TDbOrTx, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const count = async (db: TDbOrTx, table: string) =>
    (await rows<{ n: number }>(db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]?.n;

  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://', template: databaseTemplate() });
  });
  afterAll(async () => {
    await database.close();
  });

  it('reads timestamps as the instants written, outside and inside transactions', async () => {
    const { db } = database;
    await db.insert(platforms).values({ id: 'at', name: 'At', createdAt: at });
    const read = async (on: Pick<TDb, 'select'>) =>
      (await on.select({ createdAt: platforms.createdAt }).from(platforms).where(eq(platforms.id, 'at')))[0]?.createdAt;
    expect((await read(db))?.toISOString()).toBe(at.toISOString());
    expect((await db.transaction((tx) => read(tx)))?.toISOString()).toBe(at.toISOString());
  });

  it("runs with PGlite's own settings and new WAL files not filled with zeros", async () => {
    const setting = async (name: string) =>
      (await rows<{ value: string }>(database.db, sql`SELECT current_setting(${name}) AS value`))[0]?.value;
    expect(await setting('wal_init_zero')).toBe('off');
    expect(await setting('max_parallel_workers')).toBe('0');
  });

  it('answers a query with the columns its table has now, after the table changed', async () => {
    const { db } = database;
    await db.execute(sql`CREATE TABLE altered (id int PRIMARY KEY)`);
    await db.execute(sql`INSERT INTO altered VALUES (1)`);
    const all = () => rows(db, sql`SELECT * FROM altered WHERE id = ${1}`);
    expect(await all()).toEqual([{ id: 1 }]);
    await db.execute(sql`ALTER TABLE altered ADD COLUMN note text DEFAULT 'n'`);
    expect(await all()).toEqual([{ id: 1, note: 'n' }]);
  });

  it('runs a query sent during a transaction after it, never inside it', async () => {
    const { db } = database;
    await db.execute(sql`CREATE TABLE exclusion (id int PRIMARY KEY)`);
    const holding = deferred();
    const inserted = deferred();
    const done = db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO exclusion VALUES (1)`);
      inserted.resolve();
      await holding.promise;
      await tx.execute(sql`INSERT INTO exclusion VALUES (2)`);
    });
    await inserted.promise;
    // Inside the open transaction this would count its first row; it must wait for the commit and count both.
    const counted = count(db, 'exclusion');
    const failing = db.execute(sql`INSERT INTO exclusion VALUES (1)`);
    holding.resolve();
    await done;
    expect(await counted).toBe(2);
    await expect(failing).rejects.toThrow();
    expect(await count(db, 'exclusion')).toBe(2);
  });

  it('closes after the work already sent has finished, and refuses work after that', async () => {
    const own = await openDatabase({ pgliteDir: 'memory://', template: databaseTemplate() });
    const holding = deferred();
    const inserted = deferred();
    const done = own.db.transaction(async (tx) => {
      await tx.insert(platforms).values({ id: 'closing', name: 'Closing' });
      inserted.resolve();
      await holding.promise;
      return count(tx, 'platforms');
    });
    await inserted.promise;
    const closing = own.close();
    holding.resolve();
    expect(await done).toBe(1);
    await closing;
    // drizzle wraps the driver's error in its own, which names the query.
    await expect(own.db.select().from(platforms)).rejects.toHaveProperty('cause.message', 'PGlite is closed');
  });
});
