import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { CrmRejectedError } from '../adapters/crm/crm-adapter';
import { ErpRejectedError, ErpUnavailableError } from '../adapters/erp/erp-adapter';
import type { TJobsConfig } from '../config';
import type { TDatabase, TDb } from '../db/client';
import { jobs } from '../db/schema';
import { withTransaction } from '../db/transaction';
import { createLogger } from '../lib/logger';
import { openTestDatabase } from '../testing/test-database';
import { deferred, sleep } from '../testing/wait';
import { backoffMs, createJobs, type TJobHandler, type TJobSpec, type TJobs } from './job-queue';
import { claimDueJobs, completeJob, reviveDeadJob } from './jobs.repository';

let database: TDatabase;
const log = createLogger('silent');
const open: TJobs[] = [];

// Waits long enough that no test depends on how fast a loaded machine runs it; tests move a job's time instead.
const CONFIG: TJobsConfig = {
  isWorker: false,
  pollMs: 60_000,
  retryBaseMs: 60_000,
  leaseMs: 60_000,
  maxAttempts: 3,
  erpPollMs: 60_000,
};

function queueWith(
  handler: TJobHandler<'erp.submitOrder'>,
  config: Partial<TJobsConfig> = {},
  clock?: () => Date,
): TJobs {
  const queue = createJobs({ db: database.db, log, config: { ...CONFIG, ...config }, ...(clock ? { clock } : {}) });
  queue.register({ 'erp.submitOrder': handler });
  open.push(queue);
  return queue;
}

const spec = (key = randomUUID(), quoteId = 1): TJobSpec<'erp.submitOrder'> => ({
  queue: 'erp.submitOrder',
  key,
  pid: null,
  subject: `Order #${quoteId}`,
  payload: { quoteId },
});

/** Enqueues in a transaction of its own, as a change that causes nothing else would. */
const enqueueCommitted = (queue: TJobs, job: TJobSpec<'erp.submitOrder'>) =>
  withTransaction(database.db, log, (tx, afterCommit) => queue.enqueue(tx, afterCommit, job));

const jobOf = async (key: string) => (await database.db.select().from(jobs).where(eq(jobs.key, key)))[0]!;

/** The job's wait is over: its time is moved back rather than waited for, so no test depends on the machine's speed. */
const backoffPasses = (key: string) =>
  database.db
    .update(jobs)
    .set({ runAt: new Date(0) })
    .where(eq(jobs.key, key));
const leasePasses = (key: string) =>
  database.db
    .update(jobs)
    .set({ lockedUntil: new Date(0) })
    .where(eq(jobs.key, key));

/** Whether the business row a job names is visible outside the transaction that wrote it. */
const probeExists = async (id: number): Promise<boolean> => {
  // Both drivers answer `rows`; the database type leaves execute's answer open.
  const result = (await database.db.execute(sql`SELECT id FROM job_probe WHERE id = ${id}`)) as unknown as {
    rows: unknown[];
  };
  return result.rows.length === 1;
};

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`CREATE TABLE job_probe (id integer PRIMARY KEY)`);
});
afterAll(async () => {
  for (const queue of open) await queue.close();
  await database.close();
});

describe('durable jobs', () => {
  it('one job per key, however often it is enqueued; drain runs it once and marks it done', async () => {
    const seen: number[] = [];
    const queue = queueWith(async (job) => {
      seen.push(job.id);
    });
    const key = randomUUID();
    const first = await enqueueCommitted(queue, spec(key));
    const again = await enqueueCommitted(queue, spec(key));
    expect(first.isNew).toBe(true);
    expect(again).toMatchObject({ isNew: false, job: { id: first.job.id } });
    expect(await queue.drain()).toBe(1);
    expect(await queue.drain()).toBe(0);
    expect(seen).toEqual([first.job.id]);
    expect(await jobOf(key)).toMatchObject({ status: 'done', attempts: 1, lastError: null, lockToken: null });
  });

  it('takes the transaction of the change and its afterCommit, never a connection of its own', () => {
    // A job written beside the change instead of in it could be run before the change commits, or after it rolled back.
    expectTypeOf<TDb>().not.toExtend<Parameters<TJobs['enqueue']>[0]>();
  });

  it('a job enqueued in a change that rolls back never exists', async () => {
    const queue = queueWith(async () => {});
    const key = randomUUID();
    await expect(
      withTransaction(database.db, log, async (tx, afterCommit) => {
        await tx.execute(sql`INSERT INTO job_probe (id) VALUES (1)`);
        await queue.enqueue(tx, afterCommit, spec(key, 1));
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    expect(await database.db.select().from(jobs).where(eq(jobs.key, key))).toEqual([]);
    expect(await probeExists(1)).toBe(false);
    expect(await queue.drain()).toBe(0);
  });

  it('a worker cannot take a job before its change commits: its handler always finds the rows the job names', async () => {
    const found: boolean[] = [];
    const queue = queueWith(async (job) => {
      found.push(await probeExists(job.payload.quoteId));
    });
    const key = randomUUID();
    let early: Promise<number> = Promise.resolve(0);
    await withTransaction(database.db, log, async (tx, afterCommit) => {
      await tx.execute(sql`INSERT INTO job_probe (id) VALUES (2)`);
      await queue.enqueue(tx, afterCommit, spec(key, 2));
      // Another worker looks while the change is still open: a server shows it nothing due yet; PGlite, one
      // connection, makes it wait for the commit (awaiting it here would wait for ever).
      early = queueWith(async (job) => {
        found.push(await probeExists(job.payload.quoteId));
      }).drain();
      if (database.kind === 'postgres') expect(await early).toBe(0);
    });
    await early;
    await queue.drain();
    expect(found).toEqual([true]);
    expect(await jobOf(key)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('retries a failing call with doubling waits, then gives it up as dead after maxAttempts', async () => {
    const now = new Date();
    let calls = 0;
    const queue = queueWith(
      async () => {
        calls += 1;
        throw new ErpUnavailableError('ERP answered 503');
      },
      {},
      () => now,
    );
    const key = randomUUID();
    await enqueueCommitted(queue, spec(key));
    await queue.drain();
    expect(await jobOf(key)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'ERP answered 503',
      runAt: new Date(now.getTime() + CONFIG.retryBaseMs),
    });
    // Not due again before its backoff has passed.
    expect(await queue.drain()).toBe(0);
    await backoffPasses(key);
    expect(await queue.drain()).toBe(0);
    expect(await jobOf(key)).toMatchObject({
      status: 'pending',
      attempts: 2,
      runAt: new Date(now.getTime() + 2 * CONFIG.retryBaseMs),
    });
    await backoffPasses(key);
    await queue.drain();
    expect(await jobOf(key)).toMatchObject({ status: 'dead', attempts: 3 });
    expect(calls).toBe(3);
    expect(backoffMs(30_000, 1)).toBe(30_000);
    expect(backoffMs(30_000, 3)).toBe(120_000);
    expect(backoffMs(30_000, 30)).toBe(3_600_000);
  });

  it('a refusal by the remote goes to the dead letters at once; a revived dead job runs again from attempt one', async () => {
    let isRefusing = true;
    const queue = queueWith(async () => {
      if (isRefusing) throw new ErpRejectedError('Customer C-9 does not exist');
    });
    const key = randomUUID();
    const { job } = await enqueueCommitted(queue, spec(key));
    await queue.drain();
    expect(await jobOf(key)).toMatchObject({ status: 'dead', attempts: 1, lastError: 'Customer C-9 does not exist' });
    expect(await reviveDeadJob(database.db, job.id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await reviveDeadJob(database.db, job.id)).toBeNull();
    isRefusing = false;
    await queue.drain();
    expect(await jobOf(key)).toMatchObject({ status: 'done', attempts: 1 });

    const crm = queueWith(async () => {
      throw new CrmRejectedError('REQUIRED_FIELD_MISSING');
    });
    const crmKey = randomUUID();
    await enqueueCommitted(crm, spec(crmKey));
    await crm.drain();
    expect(await jobOf(crmKey)).toMatchObject({ status: 'dead' });
  });

  it('a job whose worker died is claimed again once its lease has passed, and only its new claimer settles it', async () => {
    const queue = queueWith(async () => {});
    const key = randomUUID();
    await enqueueCommitted(queue, spec(key));
    // A worker claims it and dies without settling it.
    const [claimed] = await claimDueJobs(database.db, ['erp.submitOrder'], 100, CONFIG.leaseMs, randomUUID());
    expect(claimed).toMatchObject({ key, status: 'running', attempts: 1 });
    expect(claimed?.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + CONFIG.leaseMs / 2);
    expect(await queue.drain()).toBe(0);
    await leasePasses(key);
    expect(await queue.drain()).toBe(1);
    expect(await jobOf(key)).toMatchObject({ status: 'done', attempts: 2 });
    // The dead worker coming back cannot settle what it no longer holds.
    expect(await completeJob(database.db, claimed!)).toBe(false);
  });

  it('two workers draining at once run each job once', async () => {
    const runs = new Map<number, number>();
    const handler: TJobHandler = async (job) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      await sleep(2);
    };
    const one = queueWith(handler);
    const two = queueWith(handler);
    const keys = Array.from({ length: 40 }, () => randomUUID());
    for (const key of keys) await enqueueCommitted(one, spec(key));
    await Promise.all([one.drain(), two.drain()]);
    const rows = await Promise.all(keys.map(jobOf));
    expect(rows.every((row) => row.status === 'done' && row.attempts === 1)).toBe(true);
    expect(rows.every((row) => runs.get(row.id) === 1)).toBe(true);
  });

  it('a worker runs jobs by itself: the commit nudges it, and retries are scheduled', async () => {
    let calls = 0;
    const retried = deferred();
    const queue = queueWith(
      async () => {
        calls += 1;
        if (calls === 1) throw new ErpUnavailableError('timeout');
        retried.resolve();
      },
      { isWorker: true, retryBaseMs: 40 },
    );
    const key = randomUUID();
    await enqueueCommitted(queue, spec(key));
    await retried.promise;
    // Drains run one at a time per instance: this one starts once the drain that ran the retry has settled it.
    await queue.drain();
    expect(await jobOf(key)).toMatchObject({ status: 'done', attempts: 2 });
  });
});
