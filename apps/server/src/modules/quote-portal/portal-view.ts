import { createHash } from 'node:crypto';
import {
  lineTotal,
  PORTAL_MSG,
  QUOTE_TYPE,
  type TDetailItem,
  type TPortalLine,
  type TPortalQuote,
  type TShareStatus,
  unitPrice,
} from '@cpq/contracts';
import type { TDbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { ALL_PLATFORMS } from '../../lib/platform-scope';
import { findConfigurationRow } from '../configurator/configurator.repository';
import { listDocuments } from '../documents/documents.repository';
import { printAddress, validUntilOf } from '../documents/print-data';
import { findQuoteRow, loadQuote, type TQuoteRow } from '../quotes/quotes.repository';
import { findUserById } from '../users/users.repository';
import { findShareByToken, listPortalComments, type TShareRow } from './quote-shares.repository';

export type TPortalView = NonNullable<TPortalQuote['view']>;

/** The one answer of a link that opens nothing, whatever the reason, so a link never tells what it was. */
export const linkUnavailable = (): AppError => new AppError('NOT_FOUND', PORTAL_MSG.linkUnavailable);

/**
 * What a link is now. Revoked and expired first (they open nothing); then accepted (the quote became an order, by
 * the link or otherwise); then superseded when the quote moved past the version the link showed. Printing a new
 * revision raises the quote's version too, so a new printed quote supersedes the link by the same test; the
 * customer's own choices move the link's version along with the quote's (`followQuoteVersion`).
 */
export function shareStatusOf(
  share: Pick<TShareRow, 'revokedAt' | 'expiresAt' | 'quoteVersion'>,
  quote: Pick<TQuoteRow, 'type' | 'version'>,
  now: Date,
): TShareStatus {
  if (share.revokedAt !== null) return 'revoked';
  if (share.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (quote.type === QUOTE_TYPE.Order) return 'accepted';
  if (quote.version !== share.quoteVersion) return 'superseded';
  return 'active';
}

export type TOpenShare = { share: TShareRow; quote: TQuoteRow; status: 'active' | 'superseded' | 'accepted' };

/**
 * The link a token opens, with its quote and status. Unknown, tampered, revoked and expired links, and a link whose
 * quote is gone or on another platform than the link, all answer the same 404.
 */
export async function resolveOpenShare(db: TDbOrTx, token: string, now: Date, forUpdate = false): Promise<TOpenShare> {
  const share = await findShareByToken(db, token);
  if (!share) throw linkUnavailable();
  const quote = await findQuoteRow(db, share.quoteId, forUpdate);
  if (!quote || quote.pid !== share.pid) throw linkUnavailable();
  const status = shareStatusOf(share, quote, now);
  if (status === 'revoked' || status === 'expired') throw linkUnavailable();
  return { share, quote, status };
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

/**
 * The hash of what the customer agrees to: lines with prices and choices, total, terms, validity, revision,
 * customer and addresses. Comments, the print time and the rep's name are left out: they change without the quote
 * changing, and an accept must not fail for them.
 */
export function viewHashOf(view: Omit<TPortalView, 'viewHash'>, quoteNumber: number): string {
  const content = {
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
  };
  return createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex');
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
 * The quote as the link shows it, as its PDF prints it: the revision the link was shared at, the lines as they are
 * now (their prices and the customer's choices), the total the server keeps, the terms and validity, the customer
 * and addresses, the comments, and `viewHash` over the content the customer agrees to.
 */
export async function loadPortalView(db: TDbOrTx, share: TShareRow, quoteRow: TQuoteRow): Promise<TPortalView> {
  const [quote, printed, comments, owner] = await Promise.all([
    loadQuote(db, quoteRow),
    printedRevisionOf(db, quoteRow, share.revision),
    listPortalComments(db, quoteRow.id),
    findUserById(db, ALL_PLATFORMS, quoteRow.createdByUserId),
  ]);
  const lines: TPortalLine[] = (quote.lines ?? []).map((line, index) => ({
    id: line.id,
    lineNumber: index + 1,
    partNumber: line.partNumber ?? line.CfgPartNumber,
    productName: line.productName,
    description: line.description ?? line.LineDescription,
    quantity: line.quantity,
    unitPrice: unitPrice(line.price),
    extended: lineTotal(line),
    details: line.Details ?? [],
    optional: line.optional,
    selected: line.selected,
  }));
  const isOrder = quoteRow.type === QUOTE_TYPE.Order;
  const content: Omit<TPortalView, 'viewHash'> = {
    revision: share.revision,
    projectName: quote.name,
    printedAt: printed.printedAt.toISOString(),
    validUntil: isOrder ? null : validUntilOf(printed.printedAt, printed.terms).toISOString(),
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
  return { ...content, viewHash: viewHashOf(content, quoteRow.id) };
}
