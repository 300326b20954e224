import { MSG, type TJob, type TJobQueue, type TJobStatus, type TParsedRequestOf } from '@cpq/contracts';
import { and, count, eq, not } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { jobs } from '../../db/schema';
import type { TActor } from '../../http/actor';
import type { TJobs } from '../../jobs/job-queue';
import { reviveDeadJob, type TJobRow } from '../../jobs/jobs.repository';
import { AppError } from '../../lib/app-error';
import { countRows, type TPagedListSpec, toPageParts } from '../../lib/paged-query';
import { inScope, pidFilter, scopeOf } from '../../lib/platform-scope';
import { changeTrail, insertChangesBy } from '../audit/change-trail';

type TContext = { db: TDb; actor: TActor; ip: string; jobs: TJobs };

const JOB_LIST: TPagedListSpec = {
  sortable: {
    id: jobs.id,
    createdAt: jobs.createdAt,
    updatedAt: jobs.updatedAt,
    status: jobs.status,
    queue: jobs.queue,
  },
  searchable: [jobs.subject, jobs.key, jobs.lastError],
  defaultOrder: [['createdAt', 'DESC']],
  tieBreaker: jobs.id,
};

const trail = changeTrail('job', (row: Pick<TJobRow, 'id' | 'pid' | 'queue' | 'key'>) => ({
  id: row.id,
  pid: row.pid,
  label: { queue: row.queue, key: row.key },
}));

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toJob(row: TJobRow): TJob {
  return {
    id: row.id,
    pid: row.pid,
    queue: row.queue as TJobQueue,
    key: row.key,
    subject: row.subject,
    status: row.status as TJobStatus,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    runAt: row.runAt.toISOString(),
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    doneAt: iso(row.doneAt),
  };
}

/**
 * A finished status poll says nothing an administrator needs (one runs per platform every ERP_POLL_MS); polls show
 * while they wait, run or fail.
 */
const isFinishedPoll = and(eq(jobs.queue, 'erp.pollStatuses'), eq(jobs.status, 'done'));

/** The platform's jobs (level 9: all), newest first; `status` narrows, e.g. to the dead letters. */
export async function getJobs(ctx: TContext, query: TParsedRequestOf<'administration/getJobs'>) {
  const page = toPageParts(JOB_LIST, query);
  const where = and(
    pidFilter(jobs.pid, scopeOf(ctx.actor)),
    query.status ? eq(jobs.status, query.status) : undefined,
    not(isFinishedPoll!),
    page.where,
  );
  const [rows, total] = await Promise.all([
    ctx.db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset),
    countRows(ctx.db.select({ value: count() }).from(jobs).where(where)),
  ]);
  return { rows: rows.map(toJob), count: total };
}

/** A dead job of the caller's platform runs again now, with its key (so nothing is done twice); audited. */
export async function retryJob(ctx: TContext, id: number): Promise<TJob> {
  const revived = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(jobs).where(eq(jobs.id, id));
    const isVisible =
      row && (row.pid === null ? scopeOf(ctx.actor).kind === 'all' : inScope(scopeOf(ctx.actor), row.pid));
    if (!row || !isVisible) {
      throw new AppError('NOT_FOUND', MSG.notFound, [{ path: 'id', message: MSG.notFound }]);
    }
    const next = await reviveDeadJob(tx, id);
    if (!next) throw new AppError('CONFLICT', MSG.jobNotRetryable);
    await insertChangesBy(tx, ctx, [trail.updated(row, next, { via: 'retry' })]);
    return next;
  });
  ctx.jobs.nudge();
  return toJob(revived);
}
