import { createHash } from 'node:crypto';
import {
  isOrder,
  lineTotal,
  PORTAL_MSG,
  quoteWaterfall,
  type TDetailItem,
  type TPortalLine,
  type TPortalQuote,
  type TShareStatus,
  unitPrice,
} from '@cpq/contracts';
import type { TDbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { ALL_PLATFORMS } from '../../lib/platform-scope';
import { findConfigurationRow } from '../configurations/configurations.repository';
import { findDocumentByPath, listDocuments } from '../documents/documents.repository';
import { printAddress, validUntilOf } from '../documents/print-data';
import { findQuoteRow, loadQuote, type TQuoteRow } from '../quotes/quotes.repository';
import { findUserById } from '../users/users.repository';
import { findShareByToken, listPortalComments, type TShareRow } from './quote-shares.repository';

export type TPortalView = NonNullable<TPortalQuote['view']>;
type TPortalContent = Omit<TPortalView, 'viewHash'>;

/** The one answer of a link that opens nothing, whatever the reason, so a link never tells what it was. */
export const linkUnavailable = (): AppError => new AppError('NOT_FOUND', PORTAL_MSG.linkUnavailable);

/** What a link is compared with: the quote's current printed revision and the hash of its content now. */
export type TLinkBasis = { revision: number | null; contentHash: string };

/**
 * What a link is now. Revoked and expired first (they open nothing); then accepted (the quote became an order, by
 * the link or otherwise); then superseded when the quote was printed again or what the customer reads changed
 * (`contentHashOf`: the customer's own choices of optional lines are not part of it, nor are changes they do not
 * read, such as a lock or the notes).
 */
export function shareStatusOf(
  share: Pick<TShareRow, 'revokedAt' | 'expiresAt' | 'revision' | 'contentHash'>,
  quote: Pick<TQuoteRow, 'type'>,
  now: Date,
  current: TLinkBasis,
): TShareStatus {
  if (share.revokedAt !== null) return 'revoked';
  if (share.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (isOrder(quote)) return 'accepted';
  if (current.revision !== share.revision || current.contentHash !== share.contentHash) return 'superseded';
  return 'active';
}

/** A link that opens its quote, with the quote as the link shows it now (computed once per request). */
export type TOpenShare = {
  share: TShareRow;
  quote: TQuoteRow;
  status: 'active' | 'superseded' | 'accepted';
  view: TPortalView;
};

/**
 * The link a token opens, with its quote, status and view. Unknown, tampered, revoked and expired links, and a link
 * whose quote is gone or on another platform than the link, all answer the same 404.
 */
export async function resolveOpenShare(db: TDbOrTx, token: string, now: Date, forUpdate = false): Promise<TOpenShare> {
  const share = await findShareByToken(db, token);
  if (!share) throw linkUnavailable();
  const quote = await findQuoteRow(db, share.quoteId, forUpdate);
  if (!quote || quote.pid !== share.pid) throw linkUnavailable();
  if (share.revokedAt !== null || share.expiresAt.getTime() <= now.getTime()) throw linkUnavailable();
  const [view, revision] = await Promise.all([
    loadPortalView(db, share.revision, quote),
    printedRevisionNumberOf(db, quote),
  ]);
  const status = shareStatusOf(share, quote, now, { revision, contentHash: view.contentHash });
  if (status === 'revoked' || status === 'expired') throw linkUnavailable();
  return { share, quote, status, view: view.view };
}

/** What the quote's links are compared with now: its printed revision and the hash of its content. */
export async function linkBasisOf(db: TDbOrTx, quote: TQuoteRow): Promise<TLinkBasis> {
  const revision = await printedRevisionNumberOf(db, quote);
  // The content hash leaves the revision's date out, so any revision number reads the same content.
  const { contentHash } = await loadPortalView(db, revision ?? 0, quote);
  return { revision, contentHash };
}

/** The quote's current printed revision (of its Quote document), or null when it has none. */
export async function printedRevisionNumberOf(
  db: TDbOrTx,
  quote: Pick<TQuoteRow, 'id' | 'currentPrintedDocument'>,
): Promise<number | null> {
  if (quote.currentPrintedDocument === null) return null;
  const printed = await findDocumentByPath(db, quote.currentPrintedDocument);
  return printed?.kind === 'quote' && printed.quoteId === quote.id ? printed.revision : null;
}

/** Refuses (409) a customer's change through a link that no longer opens the quote as it is, saying what to do. */
export function assertShareOpen(open: Pick<TOpenShare, 'status'>): void {
  if (open.status === 'superseded') throw new AppError('CONFLICT', PORTAL_MSG.superseded);
  if (open.status === 'accepted') throw new AppError('CONFLICT', PORTAL_MSG.accepted);
}

/** JSON with every object's keys sorted: the same content always gives the same text, and so the same hash. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const sha256 = (value: unknown): string => createHash('sha256').update(canonicalJson(value), 'utf8').digest('hex');

/**
 * The hash of what the customer agrees to: lines with prices and choices, total, terms, validity, revision,
 * customer and addresses. Comments, the print time and the rep's name are left out: they change without the quote
 * changing, and an accept must not fail for them.
 */
export function viewHashOf(view: TPortalContent, quoteNumber: number): string {
  return sha256({
    quoteNumber,
    revision: view.revision,
    projectName: view.projectName,
    validUntil: view.validUntil,
    customer: view.customer,
    billing: view.billing,
    shipping: view.shipping,
    lines: view.lines,
    total: view.total,
    terms: view.terms,
    // Only when there is one, so the hashes of links without a quote discount stay as they were.
    ...(view.quoteDiscount ? { quoteDiscount: view.quoteDiscount } : {}),
  });
}

/**
 * The hash a link is shared at: the view's content that only the sales side changes. The customer's choices
 * (`selected`, and so the total) are left out, so choosing lines never supersedes a link; revision and validity are
 * compared as the printed revision's number instead.
 */
export function contentHashOf(view: TPortalContent, quoteNumber: number): string {
  return sha256({
    quoteNumber,
    projectName: view.projectName,
    customer: view.customer,
    billing: view.billing,
    shipping: view.shipping,
    lines: view.lines.map(({ selected: _selected, ...line }) => line),
    terms: view.terms,
    // The rep's quote discount is read by the customer; the subtotal follows their choices, so it is left out.
    ...(view.quoteDiscount ? { quoteDiscount: view.quoteDiscount.percent } : {}),
  });
}

const fullName = (first: string | null | undefined, last: string | null | undefined): string | null =>
  [first, last]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ') || null;

/** The printed revision a link shows (its number and date), and the review step's answers printed as Terms. */
export async function printedRevisionOf(db: TDbOrTx, quote: TQuoteRow, revision: number) {
  const [documents, review] = await Promise.all([
    listDocuments(db, quote.id, { kind: 'quote', lineId: null }),
    quote.quoteGenConfigId === null ? Promise.resolve(null) : findConfigurationRow(db, quote.quoteGenConfigId),
  ]);
  const printed = documents.find((document) => document.revision === revision);
  return { printedAt: printed?.createdAt ?? quote.updatedAt, terms: (review?.details ?? []) as TDetailItem[] };
}

/**
 * The quote as a link of `revision` shows it, as its PDF prints it: that revision's date and validity, the lines as
 * they are now (their prices and the customer's choices), the total the server keeps, the terms, the customer and
 * addresses, the comments; with `viewHash` over what the customer agrees to, and `contentHash` over what only the
 * sales side changes.
 */
export async function loadPortalView(
  db: TDbOrTx,
  revision: number,
  quoteRow: TQuoteRow,
): Promise<{ view: TPortalView; contentHash: string }> {
  const [quote, printed, comments, owner] = await Promise.all([
    loadQuote(db, quoteRow),
    printedRevisionOf(db, quoteRow, revision),
    listPortalComments(db, quoteRow.id),
    findUserById(db, ALL_PLATFORMS, quoteRow.createdByUserId),
  ]);
  // A line's extended price is its amount after its own discount, as printed (price-waterfall.ts).
  const waterfall = quoteWaterfall(quote.lines ?? [], quote.discountPercent);
  const lines: TPortalLine[] = (quote.lines ?? []).map((line, index) => ({
    id: line.id,
    lineNumber: index + 1,
    partNumber: line.partNumber ?? line.CfgPartNumber,
    productName: line.productName,
    description: line.description ?? line.LineDescription,
    quantity: line.quantity,
    unitPrice: unitPrice(line.price),
    extended: waterfall.lines[index]?.afterLineDiscount ?? lineTotal(line),
    details: line.Details ?? [],
    optional: line.optional,
    selected: line.selected,
  }));
  const isPlaced = isOrder(quoteRow);
  const content: TPortalContent = {
    revision,
    projectName: quote.name,
    printedAt: printed.printedAt.toISOString(),
    validUntil: isPlaced ? null : validUntilOf(printed.printedAt, printed.terms).toISOString(),
    preparedBy: fullName(owner?.user.firstName, owner?.user.lastName) ?? quoteRow.createdByEmail,
    preparedByEmail: quoteRow.createdByEmail,
    customer: {
      name: fullName(quote.contact?.firstName ?? quote.firstName, quote.contact?.lastName ?? quote.lastName),
      companyName: quote.contact?.companyName ?? null,
      email: quote.contact?.email ?? null,
    },
    billing: printAddress(quote.billingAddress),
    shipping: printAddress(quote.shippingAddress),
    lines,
    quoteDiscount:
      waterfall.discountPercent === '0'
        ? null
        : { percent: waterfall.discountPercent, subtotal: waterfall.subtotal, amount: waterfall.discount },
    // As stored (numeric(19,4)) the total reads '376.5000': shown held to cents, as the lines are.
    total: unitPrice(quote.totalCost),
    terms: printed.terms,
    comments: comments.map((comment) => ({
      author: comment.username,
      comment: comment.comment,
      date: comment.date.toISOString(),
      fromCustomer: comment.userId === null,
    })),
  };
  return {
    view: { ...content, viewHash: viewHashOf(content, quoteRow.id) },
    contentHash: contentHashOf(content, quoteRow.id),
  };
}
