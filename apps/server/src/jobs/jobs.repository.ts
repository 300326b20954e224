import type { TJobQueue, TJobStatus } from '@cpq/contracts';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../db/client';
import { jobs } from '../db/schema';

export type TJobRow = typeof jobs.$inferSelect;

/** A job's row as written: the business action's key makes it once, however often it is asked for. */
export type TNewJob = {
  queue: TJobQueue;
  key: string;
  pid: string | null;
  subject: string;
  payload: Record<string, unknown>;
  /** Not before this time (default now). */
  runAt?: Date;
  /** Attempts before it is given up. */
  maxAttempts: number;
};

/** Writes the job unless one with its key exists; answers the job with that key and whether this call made it. */
export async function insertJob(db: TDbOrTx, spec: TNewJob): Promise<{ job: TJobRow; isNew: boolean }> {
  const [created] = await db
    .insert(jobs)
    .values({ ...spec, runAt: spec.runAt ?? sql`now()` })
    .onConflictDoNothing({ target: jobs.key })
    .returning();
  if (created) return { job: created, isNew: true };
  const [existing] = await db.select().from(jobs).where(eq(jobs.key, spec.key));
  if (!existing) throw new Error(`Job ${spec.key} neither inserted nor found`);
  return { job: existing, isNew: false };
}

/**
 * Claims up to `limit` due jobs of the given queues: pending ones whose time has come and running ones whose lease
 * has passed (their worker died). Each claim counts an attempt and takes a lease under a new token, so only the
 * claimer can settle it. SKIP LOCKED lets several instances claim at once without taking the same job.
 */
export async function claimDueJobs(
  db: TDbOrTx,
  queues: readonly string[],
  limit: number,
  leaseMs: number,
  lockToken: string,
): Promise<TJobRow[]> {
  if (queues.length === 0) return [];
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.queue, [...queues]),
          or(
            and(eq(jobs.status, 'pending'), sql`${jobs.runAt} <= now()`),
            and(eq(jobs.status, 'running'), sql`${jobs.lockedUntil} < now()`),
          ),
        ),
      )
      .orderBy(jobs.runAt, jobs.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000}::double precision)`,
        lockToken,
        updatedAt: sql`now()`,
      })
      .where(
        inArray(
          jobs.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** Settles a claimed job as done; false when its lease was lost (another worker has it now). */
export async function completeJob(db: TDbOrTx, job: TJobRow): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: 'done',
      doneAt: sql`now()`,
      updatedAt: sql`now()`,
      lockedUntil: null,
      lockToken: null,
      lastError: null,
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.lockToken, job.lockToken ?? '')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Records a failure: back to pending at `retryAt`, or dead when `retryAt` is null. False when the lease was lost. */
export async function failJob(db: TDbOrTx, job: TJobRow, error: string, retryAt: Date | null): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: retryAt ? 'pending' : 'dead',
      runAt: retryAt ?? job.runAt,
      lastError: error.slice(0, 2000),
      lockedUntil: null,
      lockToken: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.lockToken, job.lockToken ?? '')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** A dead job runs again now from its first attempt; answers it, or null when it is not dead. */
export async function reviveDeadJob(db: TDbOrTx, id: number): Promise<TJobRow | null> {
  const [row] = await db
    .update(jobs)
    .set({ status: 'pending', attempts: 0, runAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'dead')))
    .returning();
  return row ?? null;
}

/** The status of the jobs with these keys (absent keys are left out). */
export async function jobStatusesByKey(
  db: TDbOrTx,
  keys: string[],
): Promise<Map<string, { status: TJobStatus; lastError: string | null }>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: jobs.key, status: jobs.status, lastError: jobs.lastError })
    .from(jobs)
    .where(inArray(jobs.key, keys));
  return new Map(rows.map((row) => [row.key, { status: row.status as TJobStatus, lastError: row.lastError }]));
}

/** Removes finished jobs of a queue older than `ageMs` (the ERP status polls: one per platform a minute). */
export async function pruneDoneJobs(db: TDbOrTx, queue: TJobQueue, ageMs: number): Promise<void> {
  await db
    .delete(jobs)
    .where(
      and(
        eq(jobs.queue, queue),
        eq(jobs.status, 'done'),
        sql`${jobs.doneAt} < now() - make_interval(secs => ${ageMs / 1000}::double precision)`,
      ),
    );
}
