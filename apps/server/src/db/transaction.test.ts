import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../testing/test-database';
import type { TDatabase } from './client';
import { withTransaction } from './transaction';

let database: TDatabase;
const quietLog = () => ({ error: vi.fn() });

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`CREATE TABLE after_commit_probe (id integer PRIMARY KEY)`);
});
afterAll(async () => {
  await database.close();
});

const probeIds = async (): Promise<number[]> => {
  // Both drivers answer `rows`; the database type leaves execute's answer open.
  const result = (await database.db.execute(sql`SELECT id FROM after_commit_probe ORDER BY id`)) as unknown as {
    rows: Array<{ id: number }>;
  };
  return result.rows.map((row) => Number(row.id));
};

describe('withTransaction', () => {
  it('runs the work registered inside once the transaction has committed, in order, before it answers', async () => {
    const seen: string[] = [];
    const answer = await withTransaction(database.db, quietLog(), async (tx, afterCommit) => {
      await tx.execute(sql`INSERT INTO after_commit_probe (id) VALUES (1)`);
      afterCommit(async () => {
        // Outside the transaction: the row is there only because it committed.
        seen.push(`first sees ${(await probeIds()).join(',')}`);
      });
      afterCommit(() => {
        seen.push('second');
      });
      seen.push('body done');
      return 'answer';
    });
    expect(answer).toBe('answer');
    expect(seen).toEqual(['body done', 'first sees 1', 'second']);
  });

  it('never runs the work of a transaction that rolls back, and the error reaches the caller', async () => {
    const work = vi.fn();
    const failing = withTransaction(database.db, quietLog(), async (tx, afterCommit) => {
      await tx.execute(sql`INSERT INTO after_commit_probe (id) VALUES (2)`);
      afterCommit(work);
      throw new Error('refused');
    });
    await expect(failing).rejects.toThrow('refused');
    expect(work).not.toHaveBeenCalled();
    expect(await probeIds()).toEqual([1]);
  });

  it('logs a failure of the work and still answers: the change stands, and later work still runs', async () => {
    const log = quietLog();
    const later = vi.fn();
    const answer = await withTransaction(database.db, log, async (tx, afterCommit) => {
      await tx.execute(sql`INSERT INTO after_commit_probe (id) VALUES (3)`);
      afterCommit(() => {
        throw new Error('socket gone');
      });
      afterCommit(async () => Promise.reject(new Error('lookup failed')));
      afterCommit(later);
      return 3;
    });
    expect(answer).toBe(3);
    expect(await probeIds()).toEqual([1, 3]);
    expect(later).toHaveBeenCalledOnce();
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledWith({ err: new Error('socket gone') }, 'after-commit work failed');
  });

  it('refuses work registered after its transaction ended, which would otherwise never run', async () => {
    let keep: ((work: () => void) => void) | undefined;
    await withTransaction(database.db, quietLog(), async (_tx, afterCommit) => {
      keep = afterCommit;
    });
    expect(() => keep?.(() => {})).toThrow('afterCommit called after its transaction ended');
  });
});
