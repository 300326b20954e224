import type { TJobStatus, TPagedQuery } from '@cpq/contracts';
import { and, count, eq, not } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { jobs } from '../../db/schema';
import { countRows, type TPagedListSpec, toPageParts } from '../../lib/paged-query';
import { pidFilter, type TPlatformScope } from '../../lib/platform-scope';
import type { TJobRow } from '../jobs.repository';

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

/**
 * A finished status poll says nothing an administrator needs (one runs per platform every ERP_POLL_MS); polls show
 * while they wait, run or fail.
 */
const isFinishedPoll = and(eq(jobs.queue, 'erp.pollStatuses'), eq(jobs.status, 'done'));

/** A page of the jobs in the scope (finished status polls left out), and how many there are; `status` narrows. */
export async function listJobs(
  db: TDbOrTx,
  scope: TPlatformScope,
  query: Pick<TPagedQuery, 'limit' | 'offset' | 'order' | 'search'> & { status?: TJobStatus | undefined },
): Promise<{ rows: TJobRow[]; count: number }> {
  const page = toPageParts(JOB_LIST, query);
  const where = and(
    pidFilter(jobs.pid, scope),
    query.status ? eq(jobs.status, query.status) : undefined,
    not(isFinishedPoll!),
    page.where,
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset),
    countRows(db.select({ value: count() }).from(jobs).where(where)),
  ]);
  return { rows, count: total };
}

/** One job by id, whatever its platform (the caller checks it may see it). */
export async function findJobRow(db: TDbOrTx, id: number): Promise<TJobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}
