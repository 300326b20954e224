import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { isOrder } from '@cpq/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { TDbOrTx, TTx } from '../../db/client';
import { type TAfterCommit, withTransaction } from '../../db/transaction';
import type { TAppDeps } from '../../deps';
import type { TJobPayload } from '../../jobs/job-catalogue';
import type { TJobHandlers, TJobs } from '../../jobs/job-queue';
import type { TActor } from '../../lib/actor';
import { insertDocument, nextRevision } from '../documents/documents.repository';
import { originalNameOf, PDF_MIME } from '../documents/documents.service';
import { documentsDir, storeDocument } from '../documents/documents.storage';
import { hasQuoteRevision, setOrderDocument } from '../documents/order-document.repository';
import { loadPrintData } from '../documents/print-data';
import { findQuoteRow, type TQuoteRow } from '../quotes/quotes.repository';
import { announceOrdersOnCommit } from './order-events';

/** What the order document's job needs to print the same document however often it runs. */
export type TOrderDocumentJob = TJobPayload<'documents.printOrder'>;

/**
 * Asks for the order's document (what View opens on an order) in the transaction that places the order: a job,
 * run once that transaction commits, so the order is acknowledged at once and no rendering holds the quote's lock.
 * Its revision is taken now, with the quote locked, so every run of the job prints the same revision. Until it is
 * printed the order points at no printed document (the earlier quote revisions stay listed).
 */
export async function enqueueOrderDocument(
  tx: TTx,
  afterCommit: TAfterCommit,
  jobs: TJobs,
  order: TQuoteRow,
  actor: Pick<TActor, 'userId'>,
): Promise<void> {
  const revision = await nextRevision(tx, order.id, 'quote', null);
  const payload: TOrderDocumentJob = { quoteId: order.id, revision, userId: actor.userId };
  await jobs.enqueue(tx, afterCommit, {
    queue: 'documents.printOrder',
    key: `documents.printOrder:${order.id}`,
    pid: order.pid,
    subject: `Order #${order.id}`,
    payload,
  });
}

const revisionExists = (db: TDbOrTx, job: TOrderDocumentJob): Promise<boolean> =>
  hasQuoteRevision(db, job.quoteId, job.revision);

/**
 * Prints the order's document as the job's revision, dated when the order was placed: rendered by the document renderer
 * with no lock held, then stored and pointed at in one short transaction with the order locked. A run that finds
 * the revision already stored (an earlier run that lost its lease) stores nothing; a file whose row could not be
 * written is removed again, so no file is left that no row names; open screens hear of the order once it is stored.
 * Answers the order as updated, or null when there was nothing to do.
 */
export async function printOrderDocument(
  deps: Pick<TAppDeps, 'db' | 'config' | 'renderer' | 'realtime'>,
  log: FastifyBaseLogger,
  job: TOrderDocumentJob,
): Promise<TQuoteRow | null> {
  const { db } = deps;
  const order = await findQuoteRow(db, job.quoteId);
  if (!order || !isOrder(order) || (await revisionExists(db, job))) return null;
  const printedAt = order.dateOrderPlaced ?? order.updatedAt;
  const data = await loadPrintData(db, order, { revision: job.revision, printedAt, answers: [] });
  const bytes = await deps.renderer.render({ kind: 'quote', quote: data, compress: true });
  const path = await storeDocument(deps.config.dataDir, bytes);
  const removeFile = () => unlink(join(documentsDir(deps.config.dataDir), path)).catch(() => undefined);
  try {
    const updated = await withTransaction(db, log, async (tx, afterCommit) => {
      const locked = await findQuoteRow(tx, job.quoteId, true);
      if (!locked || (await revisionExists(tx, job))) return null;
      await insertDocument(tx, {
        pid: locked.pid,
        quoteId: locked.id,
        lineId: null,
        kind: 'quote',
        revision: job.revision,
        path,
        originalName: originalNameOf(locked, 'quote', job.revision, null),
        mimetype: PDF_MIME,
        createdByUserId: job.userId,
      });
      const stored = await setOrderDocument(tx, locked.id, path);
      if (stored) announceOrdersOnCommit(afterCommit, { deps, log }, stored.pid, [stored]);
      return stored;
    });
    if (!updated) await removeFile();
    return updated;
  } catch (error) {
    await removeFile();
    throw error;
  }
}

/** The documents' jobs: print an order's document once its order has committed; open screens hear of it. */
export function createDocumentJobHandlers(deps: TAppDeps, log: FastifyBaseLogger): TJobHandlers {
  return {
    async 'documents.printOrder'(job) {
      await printOrderDocument(deps, log, job.payload);
    },
  };
}
