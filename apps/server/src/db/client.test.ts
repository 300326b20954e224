import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { until } from '../testing/wait';
import { openDatabase, type TDatabase } from './client';
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
