import {
  MSG,
  msgQuantityNoGreaterThan,
  rmaNumberOf,
  rmaRefusal,
  type TErrorDetail,
  type TParsedRequestOf,
  type TRma,
} from '@cpq/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb, TDbOrTx } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import type { TJobs } from '../../jobs/job-queue';
import { jobStatusesByKey } from '../../jobs/jobs.repository';
import type { TActor } from '../../lib/actor';
import { AppError, assertAllowed } from '../../lib/app-error';
import { changeTrail, insertChangesBy } from '../audit/change-trail';
import { findLinesOfQuote } from '../quotes/quotes.repository';
import { findVisibleQuote } from '../quotes/quotes.service';
import { findRmasOfLines, insertRma, listRmasOfOrder, markRmaCreated, type TRmaRow } from './rmas.repository';

type TContext = { db: TDb; actor: TActor; ip: string; jobs: TJobs; log: FastifyBaseLogger };

const trail = changeTrail('rma', (row: Pick<TRmaRow, 'id' | 'pid' | 'rmaNumber' | 'lineId' | 'quantity'>) => ({
  id: row.id,
  pid: row.pid,
  label: { rmaNumber: row.rmaNumber, lineId: row.lineId, quantity: row.quantity },
}));

/** The job that sends a returned line to the ERP: one per line, so its key is the line's. */
const rmaJobKeyOf = (lineId: number) => `erp.createRmaLine:${lineId}`;

const STATUS_OF_JOB = { pending: 'submitting', running: 'submitting', done: 'submitted', dead: 'failed' } as const;

/** RMAs as the API answers them, with where each stands in the ERP (its job's state). */
async function toRmas(db: TDbOrTx, rows: TRmaRow[]): Promise<TRma[]> {
  const jobs = await jobStatusesByKey(
    db,
    rows.map((row) => rmaJobKeyOf(row.lineId)),
  );
  return rows.map((row) => {
    const job = jobs.get(rmaJobKeyOf(row.lineId));
    return {
      id: row.id,
      quoteId: row.quoteId,
      lineId: row.lineId,
      rmaNumber: row.rmaNumber,
      reason: row.reason,
      quantity: row.quantity,
      enableRmaDispositions: row.enableRmaDispositions,
      status: job ? STATUS_OF_JOB[job.status] : 'submitting',
      erpLineNo: row.erpLineNo,
      erpStatus: row.erpStatus,
      lastError: job?.status === 'done' ? null : (job?.lastError ?? null),
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/** An order the caller may see, locked for the transaction; a quote that is not an order answers 409. */
async function lockOrder(tx: TDbOrTx, actor: TActor, id: number) {
  const order = await findVisibleQuote(tx, actor, id, true);
  assertAllowed(rmaRefusal(order));
  return order;
}

/**
 * Returns lines of an order: one RMA per line, numbered 'RMA0000' + the order id, with rmaCreated set on the line and
 * the order, and a job that submits it to the platform's ERP (written in the same transaction, so it runs if and
 * only if the RMA exists). Every line is checked before anything is written. A line returned before answers its RMA
 * unchanged, so the same request twice (a double click, a retry) creates one RMA.
 */
export async function createRmas(
  ctx: TContext,
  body: TParsedRequestOf<'quoteManagement/createRMAs'>,
): Promise<{ rows: TRma[] }> {
  const { quoteId, lines: requested } = body.data;
  const rows = await withTransaction(ctx.db, ctx.log, async (tx, afterCommit) => {
    const order = await lockOrder(tx, ctx.actor, quoteId);
    const lineIds = requested.map((line) => line.lineId);
    const lines = await findLinesOfQuote(tx, order.id, lineIds);
    const lineById = new Map(lines.map((line) => [line.id, line]));
    const existing = await findRmasOfLines(tx, lineIds);
    /** Each line's RMA: those made before, then those this request makes. */
    const byLine = new Map(existing.map((row) => [row.lineId, row]));

    const details: TErrorDetail[] = [];
    requested.forEach((item, index) => {
      const line = lineById.get(item.lineId);
      if (!line) details.push({ path: `data.lines.${index}.lineId`, message: MSG.rmaLineNotOnOrder });
      else if (!byLine.has(line.id) && item.quantity > line.quantity) {
        details.push({ path: `data.lines.${index}.quantity`, message: msgQuantityNoGreaterThan(line.quantity) });
      }
    });
    if (details.length > 0) throw new AppError('VALIDATION_FAILED', details[0]?.message ?? MSG.notFound, details);

    const created: TRmaRow[] = [];
    const rmaNumber = rmaNumberOf(order.id);
    for (const item of requested) {
      if (byLine.has(item.lineId)) continue;
      const row = await insertRma(tx, {
        pid: order.pid,
        quoteId: order.id,
        lineId: item.lineId,
        rmaNumber,
        reason: item.reason,
        quantity: item.quantity,
        enableRmaDispositions: item.enableRmaDispositions,
        createdByUserId: ctx.actor.userId,
        createdBy: ctx.actor.username,
      });
      byLine.set(row.lineId, row);
      created.push(row);
      await ctx.jobs.enqueue(tx, afterCommit, {
        queue: 'erp.createRmaLine',
        key: rmaJobKeyOf(item.lineId),
        pid: order.pid,
        subject: `${rmaNumber} line ${item.lineId}`,
        payload: { rmaId: row.id },
      });
    }
    if (created.length > 0) {
      await markRmaCreated(
        tx,
        order.id,
        created.map((row) => row.lineId),
      );
      await insertChangesBy(
        tx,
        ctx,
        created.map((row) => trail.created(row)),
      );
    }
    return [...new Set(lineIds)].flatMap((id) => byLine.get(id) ?? []);
  });
  return { rows: await toRmas(ctx.db, rows) };
}

/** The RMAs of an order the caller may see, in the order they were made. */
export async function getRmas(ctx: Pick<TContext, 'db' | 'actor'>, quoteId: number): Promise<{ rows: TRma[] }> {
  const order = await findVisibleQuote(ctx.db, ctx.actor, quoteId);
  const rows = await listRmasOfOrder(ctx.db, order.id);
  return { rows: await toRmas(ctx.db, rows) };
}
