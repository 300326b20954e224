import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import {
  FILES_PATH,
  MSG,
  printRefusal,
  QUOTE_TYPE_LABEL,
  type TDetailItem,
  type TDocumentKind,
  type TDocumentReference,
  type TDocumentRevisions,
  type TDownloadLink,
  type TParsedRequestOf,
  type TQuoteDocument,
} from '@cpq/contracts';
import type { PriceItem } from '@cpq/engine';
import type { TDb, TDbOrTx } from '../../db/client';
import type { TActor } from '../../lib/actor';
import { AppError, assertAllowed } from '../../lib/app-error';
import type { TDocumentRenderer } from '../../pdf/document-renderer';
import { assertApprovalAllows } from '../approvals/approval-standing';
import type { TQuoteRow } from '../quotes/quotes.repository';
import { findVisibleQuote } from '../quotes/quotes.service';
import {
  findDocumentByPath,
  findLineById,
  findPlatformName,
  insertDocument,
  listDocuments,
  nextRevision,
  type TDocumentRow,
  toQuoteDocument,
} from './documents.repository';
import { documentsDir, storeDocument } from './documents.storage';
import { signFileLink } from './file-links';
import { APP_NAME, loadPricingLine, loadPrintData } from './print-data';

const quoteTypeOf = (type: number): 1 | 2 | 3 => (type === 2 ? 2 : type === 3 ? 3 : 1);

export const PDF_MIME = 'application/pdf';

/** What the document services need besides the caller: where files go, the clock and the link-signing secret. */
export type TDocumentsContext = {
  db: TDb;
  actor: TActor;
  dataDir: string;
  secret: Uint8Array;
  now: () => Date;
};

const notFound = (path: string) => new AppError('NOT_FOUND', MSG.notFound, [{ path, message: MSG.notFound }]);

const reference = (row: TDocumentRow): TDocumentReference => ({
  path: row.path,
  originalName: row.originalName,
  mimetype: row.mimetype,
});

/** The revisions of one document, newest first, and the one the quote (or line) points at as current. */
async function revisionsOf(
  db: TDbOrTx,
  quoteId: number,
  filter: { kind: TDocumentKind; lineId: number | null },
  currentPath: string | null,
): Promise<TDocumentRevisions> {
  const rows = await listDocuments(db, quoteId, filter);
  const current = rows.find((row) => row.path === currentPath) ?? null;
  return { current: current ? reference(current) : null, revisions: rows.map(toQuoteDocument) };
}

/** getCurrentPrintedDocument: the printed quote of a quote the caller may see. */
export async function getCurrentPrintedDocument(
  ctx: TDocumentsContext,
  body: TParsedRequestOf<'quoteManagement/getCurrentPrintedDocument'>,
): Promise<TDocumentRevisions> {
  const quote = await findVisibleQuote(ctx.db, ctx.actor, body.quoteId);
  return revisionsOf(ctx.db, quote.id, { kind: 'quote', lineId: null }, quote.currentPrintedDocument);
}

/** getSOWriteUpDocumentLink: the sales-order write-up of a quote the caller may see. */
export async function getSOWriteUpDocument(ctx: TDocumentsContext, quoteId: number): Promise<TDocumentRevisions> {
  const quote = await findVisibleQuote(ctx.db, ctx.actor, quoteId);
  return revisionsOf(ctx.db, quote.id, { kind: 'so-writeup', lineId: null }, quote.soWriteUpDocLink);
}

/** getPricingDoc: a line's pricing document, when the caller may see the line's quote. */
export async function getPricingDoc(ctx: TDocumentsContext, lineId: number): Promise<TDocumentRevisions> {
  const line = await findLineById(ctx.db, lineId);
  if (!line) throw notFound('lineId');
  try {
    await findVisibleQuote(ctx.db, ctx.actor, line.quoteId);
  } catch {
    throw notFound('lineId');
  }
  return revisionsOf(ctx.db, line.quoteId, { kind: 'pricing', lineId: line.id }, line.pricingDocLink);
}

/** getQuoteDocuments: every revision of every document of a quote the caller may see, newest first. */
export async function getQuoteDocuments(ctx: TDocumentsContext, quoteId: number): Promise<TQuoteDocument[]> {
  const quote = await findVisibleQuote(ctx.db, ctx.actor, quoteId);
  return (await listDocuments(ctx.db, quote.id, null)).map(toQuoteDocument);
}

/**
 * downloadFile: a signed link to a stored revision of a quote the caller may see, bound to that document and the
 * caller. Anything else (no such file, another's quote) is NOT_FOUND, so a path's existence never leaks.
 */
export async function downloadFile(ctx: TDocumentsContext, path: string): Promise<TDownloadLink> {
  const document = await findDocumentByPath(ctx.db, path);
  if (!document) throw notFound('path');
  try {
    await findVisibleQuote(ctx.db, ctx.actor, document.quoteId);
  } catch {
    throw notFound('path');
  }
  const { token, expiresAt } = await signFileLink(
    ctx.secret,
    { documentId: document.id, userId: ctx.actor.userId },
    ctx.now(),
  );
  return { link: `${FILES_PATH}/${token}`, expiresAt: expiresAt.toISOString() };
}

/** The name a revision downloads under: 'Quote-12-Rev2.pdf', 'Quote-12-Line3-Pricing-Rev1.pdf', … */
export function originalNameOf(
  quote: Pick<TQuoteRow, 'id' | 'type'>,
  kind: TDocumentKind,
  revision: number,
  lineNumber: number | null,
): string {
  const label = QUOTE_TYPE_LABEL[quoteTypeOf(quote.type)].replace(' ', '');
  if (kind === 'pricing') return `${label}-${quote.id}-Line${lineNumber ?? 0}-Pricing-Rev${revision}.pdf`;
  if (kind === 'so-writeup') return `SalesOrder-${quote.id}-WriteUp-Rev${revision}.pdf`;
  if (kind === 'signed-quote') return `Quote-${quote.id}-Signed-Rev${revision}.pdf`;
  return `${label}-${quote.id}-Rev${revision}.pdf`;
}

/** What printing needs: the transaction's handle, who prints, where files go and the clock. */
export type TPrintContext = { tx: TDbOrTx; actor: TActor; dataDir: string; now: Date; renderer: TDocumentRenderer };

/**
 * Checks the rules for turning a quote into a quote document or an order write-up (spec section 5), in the
 * spec's words: not locked, at least one line, and for the quote document the contact's first and last name.
 */
export function assertPrintable(
  quote: Pick<TQuoteRow, 'isLocked' | 'lineCount'>,
  contact: { firstName: string | null; lastName: string | null },
  kind: 'quote' | 'so-writeup',
): void {
  assertAllowed(printRefusal(quote), (refusal) =>
    refusal.code === 'VALIDATION_FAILED' ? [{ path: 'lines', message: refusal.message }] : undefined,
  );
  if (kind === 'quote' && (!contact.firstName?.trim() || !contact.lastName?.trim())) {
    throw new AppError('VALIDATION_FAILED', MSG.addContactName, [{ path: 'contact', message: MSG.addContactName }]);
  }
}

/**
 * Stores a rendered PDF as the next revision, in the caller's transaction (the quote row must be locked by it). The
 * file is written first and removed again if the row cannot be inserted, so no row points at a missing file.
 */
async function storeRevision(
  ctx: TPrintContext,
  quote: TQuoteRow,
  spec: { kind: TDocumentKind; lineId: number | null; revision: number; lineNumber: number | null },
  bytes: Buffer,
): Promise<TDocumentRow> {
  const path = await storeDocument(ctx.dataDir, bytes);
  try {
    return await insertDocument(ctx.tx, {
      pid: quote.pid,
      quoteId: quote.id,
      lineId: spec.lineId,
      kind: spec.kind,
      revision: spec.revision,
      path,
      originalName: originalNameOf(quote, spec.kind, spec.revision, spec.lineNumber),
      mimetype: PDF_MIME,
      createdByUserId: ctx.actor.userId,
    });
  } catch (error) {
    await unlink(join(documentsDir(ctx.dataDir), path)).catch(() => undefined);
    throw error;
  }
}

/**
 * Prints the quote document (Review finish) or the sales-order write-up (SO write-up finish) of a locked quote row
 * as its next revision, after the spec's checks; `answers` are the step's Details.
 */
export async function printQuoteDocument(
  ctx: TPrintContext,
  quote: TQuoteRow,
  kind: 'quote' | 'so-writeup',
  answers: TDetailItem[],
): Promise<TDocumentRow> {
  const revision = await nextRevision(ctx.tx, quote.id, kind, null);
  const data = await loadPrintData(ctx.tx, quote, { revision, printedAt: ctx.now, answers });
  assertPrintable(quote, data.contact, kind);
  // A final quote or a write-up waits for the approval the quote's rules ask for.
  await assertApprovalAllows(ctx.tx, quote);
  const bytes = await ctx.renderer.render({ kind, quote: data, compress: true });
  return storeRevision(ctx, quote, { kind, lineId: null, revision, lineNumber: null }, bytes);
}

/**
 * Prints a configured line's pricing document as its next revision (configurator finish in Default mode), its unit
 * price itemised by `priceItems`, the engine's priced components of it.
 */
export async function printPricingDocument(
  ctx: TPrintContext,
  quote: TQuoteRow,
  lineId: number,
  priceItems: readonly PriceItem[],
): Promise<TDocumentRow> {
  const line = await loadPricingLine(ctx.tx, quote, lineId, priceItems);
  if (!line) throw notFound('lineId');
  const revision = await nextRevision(ctx.tx, quote.id, 'pricing', lineId);
  const company = (await findPlatformName(ctx.tx, quote.pid)) ?? APP_NAME;
  const bytes = await ctx.renderer.render({
    kind: 'pricing',
    quote: {
      company,
      type: quoteTypeOf(quote.type),
      quoteId: quote.id,
      revision,
      printedAt: ctx.now,
      currency: quote.currency,
    },
    line,
    compress: true,
  });
  return storeRevision(ctx, quote, { kind: 'pricing', lineId, revision, lineNumber: line.lineNumber }, bytes);
}
