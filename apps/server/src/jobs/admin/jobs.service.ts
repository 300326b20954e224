import { MSG, type TJob, type TJobQueue, type TJobStatus, type TParsedRequestOf } from '@cpq/contracts';
import type { TDb } from '../../db/client';
import type { TActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { inScope, scopeOf } from '../../lib/platform-scope';
import { changeTrail, insertChangesBy } from '../../modules/audit/change-trail';
import type { TJobs } from '../job-queue';
import { reviveDeadJob, type TJobRow } from '../jobs.repository';
import { findJobRow, listJobs } from './job-list.repository';

type TContext = { db: TDb; actor: TActor; ip: string; jobs: TJobs };

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

/** The platform's jobs (level 9: all), newest first; `status` narrows, e.g. to the dead letters. */
export async function getJobs(ctx: TContext, query: TParsedRequestOf<'administration/getJobs'>) {
  const { rows, count } = await listJobs(ctx.db, scopeOf(ctx.actor), query);
  return { rows: rows.map(toJob), count };
}

/** A dead job of the caller's platform runs again now, with its key (so nothing is done twice); audited. */
export async function retryJob(ctx: TContext, id: number): Promise<TJob> {
  const revived = await ctx.db.transaction(async (tx) => {
    const row = await findJobRow(tx, id);
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
