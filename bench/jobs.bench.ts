/**
 * The durable jobs: how many jobs a second one worker and two workers (as two instances would) enqueue, claim, run
 * and settle, on the embedded PGlite and on PostgreSQL; and how long a job waits from its enqueue commit to its
 * handler when a worker is idle (the nudge path). The handler does nothing, so the figures are the queue's own cost.
 *
 *   npx tsx bench/jobs.bench.ts          (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/postgres)
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import type { TJobsConfig } from '../apps/server/src/config';
import { openDatabase, type TDatabase } from '../apps/server/src/db/client';
import { withTransaction } from '../apps/server/src/db/transaction';
import { createJobs, type TJobs } from '../apps/server/src/jobs/job-queue';
import { percentile, withScratchDatabase } from './api-bench.support';

const JOBS = Number(process.env.BENCH_JOBS ?? 2_000);
const LATENCY_SAMPLES = 100;
const log = pino({ level: 'silent' });
const config: TJobsConfig = {
  isWorker: false,
  pollMs: 60_000,
  retryBaseMs: 1_000,
  leaseMs: 60_000,
  maxAttempts: 5,
  erpPollMs: 60_000,
};

function queueOn(database: TDatabase, onRun: () => void, overrides: Partial<TJobsConfig> = {}): TJobs {
  const jobs = createJobs({ db: database.db, log, config: { ...config, ...overrides } });
  jobs.register({
    async 'erp.pollStatuses'() {
      onRun();
    },
  });
  return jobs;
}

const spec = () => ({
  queue: 'erp.pollStatuses' as const,
  key: randomUUID(),
  pid: null,
  subject: 'bench',
  payload: {},
});

/** One job in a transaction of its own, as a change that causes nothing else would. */
const enqueueCommitted = (database: TDatabase, queue: TJobs) =>
  withTransaction(database.db, log, (tx, afterCommit) => queue.enqueue(tx, afterCommit, spec()));

async function throughput(database: TDatabase, workers: number): Promise<string> {
  let runs = 0;
  const queues = Array.from({ length: workers }, () => queueOn(database, () => (runs += 1)));
  const enqueueStart = performance.now();
  for (let index = 0; index < JOBS; index += 1) await enqueueCommitted(database, queues[0]!);
  const enqueueMs = performance.now() - enqueueStart;
  const drainStart = performance.now();
  await Promise.all(queues.map((queue) => queue.drain()));
  const drainMs = performance.now() - drainStart;
  for (const queue of queues) await queue.close();
  if (runs !== JOBS) throw new Error(`ran ${runs} of ${JOBS} jobs`);
  return `enqueue ${Math.round((JOBS / enqueueMs) * 1000)}/s, run+settle ${Math.round((JOBS / drainMs) * 1000)}/s`;
}

async function nudgeLatency(database: TDatabase): Promise<string> {
  let resolveRun: () => void = () => {};
  const queue = queueOn(database, () => resolveRun(), { isWorker: true });
  const samples: number[] = [];
  for (let index = 0; index < LATENCY_SAMPLES; index += 1) {
    const ran = new Promise<void>((resolve) => {
      resolveRun = resolve;
    });
    const started = performance.now();
    await enqueueCommitted(database, queue);
    await ran;
    samples.push(performance.now() - started);
  }
  await queue.close();
  samples.sort((a, b) => a - b);
  return `enqueue-to-run p50 ${percentile(samples, 50).toFixed(1)} ms, p95 ${percentile(samples, 95).toFixed(1)} ms`;
}

async function run(label: string, database: TDatabase): Promise<void> {
  console.log(`${label}: ${JOBS.toLocaleString('en-US')} jobs, 1 worker:  ${await throughput(database, 1)}`);
  console.log(`${label}: ${JOBS.toLocaleString('en-US')} jobs, 2 workers: ${await throughput(database, 2)}`);
  console.log(`${label}: idle worker, ${LATENCY_SAMPLES} jobs one by one: ${await nudgeLatency(database)}`);
  await database.close();
}

await run('PGlite', await openDatabase({ pgliteDir: 'memory://' }));
await withScratchDatabase(async (url) => run('PostgreSQL', await openDatabase({ url, pgliteDir: '' })));
