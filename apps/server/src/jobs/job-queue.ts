import { randomUUID } from 'node:crypto';
import type { TJobQueue } from '@cpq/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { TJobsConfig } from '../config';
import type { TDb, TTx } from '../db/client';
import type { TAfterCommit } from '../db/transaction';
import { JOB_CATALOGUE, type TJobPayload } from './job-catalogue';
import { claimDueJobs, completeJob, failJob, insertJob, type TJobRow } from './jobs.repository';
import { PermanentJobError } from './permanent-job-error';

/** A job as its handler gets it: the row, with the payload checked against the catalogue's schema. */
export type TClaimedJob<Q extends TJobQueue = TJobQueue> = Omit<TJobRow, 'payload'> & { payload: TJobPayload<Q> };
/** Runs one job. It may run again after a crash or a lost lease, so what it does must be safe to repeat. */
export type TJobHandler<Q extends TJobQueue = TJobQueue> = (job: TClaimedJob<Q>) => Promise<void>;
export type TJobHandlers = { [Q in TJobQueue]?: TJobHandler<Q> };

/** A job as the app asks for it: the business action's key makes it once, however often it is asked for. */
export type TJobSpec<Q extends TJobQueue = TJobQueue> = {
  queue: Q;
  key: string;
  pid: string | null;
  subject: string;
  payload: TJobPayload<Q>;
  /** Not before this time (default now). */
  runAt?: Date;
};

/**
 * Durable jobs (ARCHITECTURE "Integrations"): `enqueue` writes the job in the transaction of the change that causes
 * it; a worker in every instance with JOBS_WORKER=1 claims due jobs, runs their handler and settles them (done,
 * retry later with backoff, or dead). `drain` runs everything due now, for tests and for a prompt after an
 * administrator's retry.
 */
export type TJobs = {
  /**
   * Writes the job, with its kind's retry policy from the catalogue, in the transaction of the change it refers to
   * (from `withTransaction`), so it exists if and only if that change commits, and no worker can take it before;
   * this instance's worker looks for it once the change has committed. A database handle is refused by type: a job
   * written on a connection of its own could run before its change is visible, or after it rolled back.
   */
  enqueue<Q extends TJobQueue>(
    tx: TTx,
    afterCommit: TAfterCommit,
    spec: TJobSpec<Q>,
  ): Promise<{ job: TJobRow; isNew: boolean }>;
  /** The handlers of the queues this instance runs; the worker starts with the first call when JOBS_WORKER=1. */
  register(handlers: TJobHandlers): void;
  /** Looks for due jobs at once (a committed enqueue, an administrator's retry). */
  nudge(): void;
  /** Runs due jobs (of the given queues, default all this instance handles) until none is due; answers how many finished. */
  drain(queues?: readonly TJobQueue[]): Promise<number>;
  close(): Promise<void>;
};

/** Refusals no retry will change: the job goes straight to the dead letters. */
const isPermanent = (error: unknown): boolean => error instanceof PermanentJobError;

const MAX_BACKOFF_MS = 60 * 60 * 1000;

/** The wait before the retry that follows `attempts` failed attempts: base x 2^(attempts-1), at most an hour. */
export const backoffMs = (retryBaseMs: number, attempts: number): number =>
  Math.min(retryBaseMs * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);

export function createJobs(options: {
  db: TDb;
  log: FastifyBaseLogger;
  config: TJobsConfig;
  clock?: () => Date;
  /** Jobs claimed and run side by side per batch. */
  concurrency?: number;
}): TJobs {
  const { db, log, config, concurrency = 8 } = options;
  const clock = options.clock ?? (() => new Date());
  const handlers: TJobHandlers = {};
  const lockToken = randomUUID();
  const timers = new Set<NodeJS.Timeout>();
  let poll: NodeJS.Timeout | null = null;
  let isClosed = false;
  let running: Promise<number> = Promise.resolve(0);

  /** Runs a claimed job and settles it; true when it is done. */
  const runOne = async (job: TJobRow): Promise<boolean> => {
    const queue = job.queue as TJobQueue;
    const handler = handlers[queue] as TJobHandler | undefined;
    try {
      if (!handler) throw new Error(`No handler for ${job.queue}`);
      const payload = JOB_CATALOGUE[queue].payload.safeParse(job.payload);
      if (!payload.success) throw new PermanentJobError(`The payload of ${job.queue} is not the catalogue's`);
      await handler({ ...job, payload: payload.data as TJobPayload<TJobQueue> });
      if (await completeJob(db, job)) return true;
      log.warn({ jobId: job.id, queue: job.queue }, 'job lease lost before it finished');
      return false;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const isFinal = isPermanent(error) || job.attempts >= job.maxAttempts;
      const retryAt = isFinal ? null : new Date(clock().getTime() + backoffMs(config.retryBaseMs, job.attempts));
      await failJob(db, job, message, retryAt);
      log.warn({ jobId: job.id, queue: job.queue, attempts: job.attempts, isFinal, err: message }, 'job failed');
      if (retryAt) schedule(retryAt.getTime() - clock().getTime() + 10);
      return false;
    }
  };

  const drainNow = async (only?: readonly TJobQueue[]): Promise<number> => {
    let done = 0;
    const queues = Object.keys(handlers).filter((queue) => !only || only.includes(queue as TJobQueue));
    while (!isClosed) {
      const batch = await claimDueJobs(db, queues, concurrency, config.leaseMs, lockToken);
      const outcomes = await Promise.all(batch.map(runOne));
      done += outcomes.filter(Boolean).length;
      if (batch.length < concurrency) break;
    }
    return done;
  };

  /** One drain at a time per instance; one asked for while another runs starts after it. */
  const drain = (queues?: readonly TJobQueue[]): Promise<number> => {
    const next = running.catch(() => 0).then(() => drainNow(queues));
    running = next;
    return next;
  };

  const drainInBackground = () => {
    if (!isClosed) drain().catch((error) => log.error({ err: error }, 'job drain failed'));
  };

  function schedule(delayMs: number): void {
    if (isClosed || !config.isWorker) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      drainInBackground();
    }, delayMs);
    timer.unref();
    timers.add(timer);
  }

  let isNudged = false;
  const nudge = () => {
    if (isNudged || isClosed || !config.isWorker) return;
    isNudged = true;
    // Commits that come together share one look: drains run one at a time, and the next one sees all their jobs.
    setImmediate(() => {
      isNudged = false;
      drainInBackground();
    });
  };

  return {
    async enqueue(tx, afterCommit, spec) {
      const maxAttempts = JOB_CATALOGUE[spec.queue].maxAttempts ?? config.maxAttempts;
      const result = await insertJob(tx, { ...spec, payload: spec.payload as Record<string, unknown>, maxAttempts });
      // Before the commit a worker could not see the job: the nudge would find nothing and leave it to the poll.
      if (result.isNew) afterCommit(nudge);
      return result;
    },
    register(more) {
      Object.assign(handlers, more);
      if (config.isWorker && !poll && !isClosed) {
        poll = setInterval(drainInBackground, config.pollMs);
        poll.unref();
        nudge();
      }
    },
    nudge,
    drain,
    async close() {
      isClosed = true;
      if (poll) clearInterval(poll);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await running.catch(() => 0);
    },
  };
}
