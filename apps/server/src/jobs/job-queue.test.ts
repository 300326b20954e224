import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrmRejectedError } from '../adapters/crm/crm-adapter';
import { ErpRejectedError, ErpUnavailableError } from '../adapters/erp/erp-adapter';
import type { TJobsConfig } from '../config';
import type { TDatabase } from '../db/client';
import { jobs } from '../db/schema';
import { createLogger } from '../lib/logger';
import { openTestDatabase } from '../testing/test-database';
import { sleep } from '../testing/wait';
import { backoffMs, createJobs, type TJobHandler, type TJobs } from './job-queue';
import { claimDueJobs, completeJob, reviveDeadJob } from './jobs.repository';

let database: TDatabase;
const log = createLogger('silent');
const open: TJobs[] = [];

const CONFIG: TJobsConfig = {
  isWorker: false,
  pollMs: 1_000,
  retryBaseMs: 40,
  leaseMs: 300,
  maxAttempts: 3,
  erpPollMs: 60_000,
};

function queueWith(handler: TJobHandler, config: Partial<TJobsConfig> = {}): TJobs {
  const queue = createJobs({ db: database.db, log, config: { ...CONFIG, ...config } });
  queue.register({ 'erp.submitOrder': handler });
  open.push(queue);
  return queue;
}

const spec = (key = randomUUID()) => ({
  queue: 'erp.submitOrder' as const,
  key,
  pid: null,
  subject: 'Order #1',
  payload: { quoteId: 1 },
});

const jobOf = async (key: string) => (await database.db.select().from(jobs).where(eq(jobs.key, key)))[0]!;

beforeAll(async () => {
  database = await openTestDatabase();
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
    const first = await queue.enqueue(database.db, spec(key));
    const again = await queue.enqueue(database.db, spec(key));
    expect(first.isNew).toBe(true);
    expect(again).toMatchObject({ isNew: false, job: { id: first.job.id } });
    expect(await queue.drain()).toBe(1);
    expect(await queue.drain()).toBe(0);
    expect(seen).toEqual([first.job.id]);
    expect(await jobOf(key)).toMatchObject({ status: 'done', attempts: 1, lastError: null, lockToken: null });
  });

  it('a job enqueued in a transaction that rolls back never exists', async () => {
    const queue = queueWith(async () => {});
    const key = randomUUID();
    await expect(
      database.db.transaction(async (tx) => {
        await queue.enqueue(tx, spec(key));
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    expect(await database.db.select().from(jobs).where(eq(jobs.key, key))).toEqual([]);
  });

  it('retries a failing call with doubling waits, then gives it up as dead after maxAttempts', async () => {
    let calls = 0;
    const queue = queueWith(async () => {
      calls += 1;
      throw new ErpUnavailableError('ERP answered 503');
    });
    const key = randomUUID();
    await queue.enqueue(database.db, spec(key));
    await queue.drain();
    const failedOnce = await jobOf(key);
    expect(failedOnce).toMatchObject({ status: 'pending', attempts: 1, lastError: 'ERP answered 503' });
    // Not due again before its backoff has passed.
    expect(failedOnce.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(await queue.drain()).toBe(0);
    for (let attempt = 0; attempt < 20 && (await jobOf(key)).status !== 'dead'; attempt += 1) {
      await sleep(40);
      await queue.drain();
    }
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
    const { job } = await queue.enqueue(database.db, spec(key));
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
    await crm.enqueue(database.db, spec(crmKey));
    await crm.drain();
    expect(await jobOf(crmKey)).toMatchObject({ status: 'dead' });
  });

  it('a job whose worker died is claimed again once its lease has passed, and only its new claimer settles it', async () => {
    const queue = queueWith(async () => {});
    const key = randomUUID();
    await queue.enqueue(database.db, spec(key));
    // A worker claims it and dies without settling it.
    const [claimed] = await claimDueJobs(database.db, ['erp.submitOrder'], 100, CONFIG.leaseMs, randomUUID());
    expect(claimed).toMatchObject({ key, status: 'running', attempts: 1 });
    expect(await queue.drain()).toBe(0);
    await sleep(CONFIG.leaseMs + 50);
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
    for (const key of keys) await one.enqueue(database.db, spec(key));
    await Promise.all([one.drain(), two.drain()]);
    const rows = await Promise.all(keys.map(jobOf));
    expect(rows.every((row) => row.status === 'done' && row.attempts === 1)).toBe(true);
    expect(rows.every((row) => runs.get(row.id) === 1)).toBe(true);
  });

  it('a worker runs jobs by itself: enqueue nudges it, and retries are scheduled', async () => {
    let calls = 0;
    const queue = queueWith(
      async () => {
        calls += 1;
        if (calls === 1) throw new ErpUnavailableError('timeout');
      },
      { isWorker: true, pollMs: 10_000 },
    );
    const key = randomUUID();
    await queue.enqueue(database.db, spec(key));
    for (let attempt = 0; attempt < 50 && (await jobOf(key)).status !== 'done'; attempt += 1) await sleep(20);
    expect(await jobOf(key)).toMatchObject({ status: 'done', attempts: 2 });
  });
});
