import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { QUOTE_TYPE } from '@cpq/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { TDbOrTx, TTx } from '../../db/client';
import { type TAfterCommit, withTransaction } from '../../db/transaction';
import type { TAppDeps } from '../../deps';
import type { TJobPayload } from '../../jobs/job-catalogue';
import type { TJobHandlers, TJobs } from '../../jobs/job-queue';
import type { TPrintedQuote } from '../../pdf/documents.render';
import type { TPrintedAcceptance } from '../../pdf/signed-quote.render';
import { findPlatformName, insertDocument } from '../documents/documents.repository';
import { originalNameOf, PDF_MIME } from '../documents/documents.service';
import { documentsDir, storeDocument } from '../documents/documents.storage';
import { APP_NAME, loadPrintData, validUntilOf } from '../documents/print-data';
import { announceOrdersOnCommit } from '../orders/order-events';
import { findQuoteRow, type TQuoteRow } from '../quotes/quotes.repository';
import { printedRevisionOf } from './portal-view';
import { setSignedDocumentPath } from './quote-acceptances.repository';
import { findAcceptanceOfQuote, findShareById, type TAcceptanceRow } from './quote-shares.repository';
import { enqueueSignedQuoteMails } from './signed-quote-mails';

/** What the signed quote's job needs: the accepted quote (each run reads its acceptance again). */
export type TSignedQuoteJob = TJobPayload<'documents.signQuote'>;

/**
 * Asks for the signed quote in the transaction that stores the acceptance: a job run once it commits, so the
 * customer's answer does not wait for the layout, and the document and its mails exist only for an acceptance that
 * did.
 */
export async function enqueueSignedQuote(
  tx: TTx,
  afterCommit: TAfterCommit,
  jobs: TJobs,
  acceptance: TAcceptanceRow,
): Promise<void> {
  const payload: TSignedQuoteJob = { quoteId: acceptance.quoteId };
  await jobs.enqueue(tx, afterCommit, {
    queue: 'documents.signQuote',
    key: `documents.signQuote:${acceptance.quoteId}`,
    pid: acceptance.pid,
    subject: `Signed quote #${acceptance.quoteId}`,
    payload,
  });
}

/** The acceptance as its page prints it. */
export function printedAcceptanceOf(row: TAcceptanceRow): TPrintedAcceptance {
  return {
    signerName: row.signerName,
    signerTitle: row.signerTitle,
    signature:
      row.signatureKind === 'drawn' && row.signaturePng
        ? { kind: 'drawn', png: row.signaturePng }
        : { kind: 'typed', text: row.signatureText ?? row.signerName },
    acceptedAt: row.acceptedAt,
    ip: row.ip,
    revision: row.revision,
    paidBy: row.paidBy === 'card' ? 'card' : 'po',
    poNumber: row.poNumber,
    documentHash: row.documentHash,
  };
}

/**
 * The quote as the customer accepted it, as its PDF prints it: the revision they read, its date and validity, its
 * terms, and the lines that were bought (the order's, without the optional lines left out).
 */
async function acceptedPrintData(db: TDbOrTx, order: TQuoteRow, acceptance: TAcceptanceRow): Promise<TPrintedQuote> {
  const { printedAt, terms } = await printedRevisionOf(db, order, acceptance.revision);
  const data = await loadPrintData(db, order, { revision: acceptance.revision, printedAt, answers: terms });
  return { ...data, type: QUOTE_TYPE.Quote, validUntil: validUntilOf(printedAt, terms), status: null };
}

/**
 * Prints the signed quote of an accepted quote: laid out by the renderer with no lock held, then stored as a
 * 'signed-quote' document of the order (at the accepted revision), named on the acceptance and mailed to both sides,
 * in one short transaction. A run that finds it stored does nothing; a file no row names is removed again.
 */
export async function printSignedQuote(
  deps: TAppDeps,
  log: FastifyBaseLogger,
  job: TSignedQuoteJob,
): Promise<TQuoteRow | null> {
  const { db } = deps;
  const [order, acceptance] = await Promise.all([
    findQuoteRow(db, job.quoteId),
    findAcceptanceOfQuote(db, job.quoteId),
  ]);
  if (!order || !acceptance || acceptance.signedDocumentPath !== null) return null;
  const quote = await acceptedPrintData(db, order, acceptance);
  const bytes = await deps.renderer.render({
    kind: 'signed-quote',
    quote,
    acceptance: printedAcceptanceOf(acceptance),
    compress: true,
  });
  const path = await storeDocument(deps.config.dataDir, bytes);
  const file = join(documentsDir(deps.config.dataDir), path);
  const removeFile = () => unlink(file).catch(() => undefined);
  try {
    const stored = await withTransaction(db, log, async (tx, afterCommit) => {
      const locked = await findQuoteRow(tx, job.quoteId, true);
      const current = await findAcceptanceOfQuote(tx, job.quoteId);
      const share = current ? await findShareById(tx, current.shareId) : null;
      if (!locked || !current || !share || current.signedDocumentPath !== null) return null;
      const document = await insertDocument(tx, {
        pid: locked.pid,
        quoteId: locked.id,
        lineId: null,
        kind: 'signed-quote',
        revision: current.revision,
        path,
        originalName: originalNameOf(locked, 'signed-quote', current.revision, null),
        mimetype: PDF_MIME,
        createdByUserId: locked.createdByUserId,
      });
      await setSignedDocumentPath(tx, current.id, path);
      const platformName = (await findPlatformName(tx, locked.pid)) ?? APP_NAME;
      const attachment = { filename: document.originalName, path: file, contentType: PDF_MIME };
      await enqueueSignedQuoteMails(tx, afterCommit, deps, log, {
        order: locked,
        acceptance: current,
        share,
        platformName,
        attachment,
      });
      announceOrdersOnCommit(afterCommit, { deps, log }, locked.pid, [locked]);
      return locked;
    });
    if (!stored) await removeFile();
    return stored;
  } catch (error) {
    await removeFile();
    throw error;
  }
}

/**
 * The signed quote's job: print, store and mail it once its acceptance has committed; the order's open screens hear
 * of it, as of the order's own document.
 */
export function createSignedQuoteJobHandlers(deps: TAppDeps, log: FastifyBaseLogger): TJobHandlers {
  return {
    async 'documents.signQuote'(job) {
      await printSignedQuote(deps, log, job.payload);
    },
  };
}
