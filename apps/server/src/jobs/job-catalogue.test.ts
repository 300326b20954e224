import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JOB_QUEUES } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../db/client';
import { jobs } from '../db/schema';
import { withTransaction } from '../db/transaction';
import { createLogger } from '../lib/logger';
import { openTestDatabase } from '../testing/test-database';
import { JOB_CATALOGUE } from './job-catalogue';
import { createJobs } from './job-queue';
import { insertJob } from './jobs.repository';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');
let database: TDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('the job catalogue', () => {
  it('lists every kind of job, each handled where it says', () => {
    expect(Object.keys(JOB_CATALOGUE).sort()).toEqual([...JOB_QUEUES].sort());
    for (const [queue, definition] of Object.entries(JOB_CATALOGUE)) {
      expect(readFileSync(join(SRC, definition.handledIn), 'utf8'), queue).toContain(`async '${queue}'(job)`);
    }
  });

  it('gives a kind its own attempts, else the configured ones', async () => {
    const queue = createJobs({
      db: database.db,
      log: createLogger('silent'),
      config: { isWorker: false, pollMs: 1_000, retryBaseMs: 1, leaseMs: 300, maxAttempts: 3, erpPollMs: 60_000 },
    });
    const [mail, order] = await withTransaction(database.db, createLogger('silent'), async (tx, afterCommit) => [
      await queue.enqueue(tx, afterCommit, {
        queue: 'mail.send',
        key: randomUUID(),
        pid: null,
        subject: 'Mail',
        payload: { mailId: 1 },
      }),
      await queue.enqueue(tx, afterCommit, {
        queue: 'erp.submitOrder',
        key: randomUUID(),
        pid: null,
        subject: 'Order',
        payload: { quoteId: 1 },
      }),
    ]);
    expect(mail.job.maxAttempts).toBe(5);
    expect(order.job.maxAttempts).toBe(3);
    await queue.close();
  });

  it('sends a stored payload that is not the catalogue’s to the dead letters without running its handler', async () => {
    const queue = createJobs({
      db: database.db,
      log: createLogger('silent'),
      config: { isWorker: false, pollMs: 1_000, retryBaseMs: 1, leaseMs: 300, maxAttempts: 3, erpPollMs: 60_000 },
    });
    const seen: unknown[] = [];
    queue.register({
      async 'erp.submitOrder'(job) {
        seen.push(job.payload);
      },
    });
    const key = randomUUID();
    await insertJob(database.db, {
      queue: 'erp.submitOrder',
      key,
      pid: null,
      subject: 'Order',
      payload: { quoteId: 'twelve' },
      maxAttempts: 3,
    });
    await queue.drain();
    const [row] = await database.db.select().from(jobs).where(eq(jobs.key, key));
    expect(row).toMatchObject({ status: 'dead', attempts: 1 });
    expect(seen).not.toContainEqual({ quoteId: 'twelve' });
    await queue.close();
  });
});
