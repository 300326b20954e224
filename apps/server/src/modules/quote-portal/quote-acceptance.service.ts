import {
  ACCEPT_MSG,
  formatDate,
  isOrder,
  linkActionRefusal,
  PORTAL_MSG,
  type TAcceptQuoteResult,
  type TParsedRequestOf,
} from '@cpq/contracts';
import type { TDbOrTx, TTx } from '../../db/client';
import { type TAfterCommit, withTransaction } from '../../db/transaction';
import { findActingUser } from '../../http/actor.repository';
import type { TActor } from '../../lib/actor';
import { AppError, assertAllowed } from '../../lib/app-error';
import { insertChangesBy } from '../audit/change-trail';
import type { TOrderContext } from '../orders/order-context';
import { assertOrderable, convertToOrder } from '../orders/order-placement';
import { findSucceededPayment } from '../payments/payments.repository';
import { payByCard } from '../payments/payments.service';
import { findQuoteRow, type TQuoteRow } from '../quotes/quotes.repository';
import { assertPortalLimit } from './portal-limits';
import { portalPaymentMethodOf } from './portal-payment';
import { linkUnavailable, resolveOpenShare, type TOpenShare } from './portal-view';
import { insertAcceptanceOnce, toPortalAcceptance } from './quote-acceptances.repository';
import type { TPortalContext } from './quote-portal.service';
import { findAcceptanceOfQuote, type TAcceptanceRow } from './quote-shares.repository';
import { storedSignatureOf, type TStoredSignature } from './signature';
import { enqueueSignedQuote } from './signed-quote';

type TAcceptBody = TParsedRequestOf<'quotePortal/accept'>;

/** What the customer signs, as the acceptance stores it (the payment is added by the path that takes it). */
type TSigned = {
  shareId: number;
  revision: number;
  signerName: string;
  signerTitle: string;
  signature: TStoredSignature;
  documentHash: string;
};

const isSameSigner = (row: TAcceptanceRow, signerName: string): boolean =>
  row.signerName.trim().toLowerCase() === signerName.trim().toLowerCase();

/** The same signer accepting again (a double click, a retry) gets the first acceptance; anyone else 409. */
function answerExisting(row: TAcceptanceRow, signerName: string): TAcceptQuoteResult {
  if (!isSameSigner(row, signerName)) {
    throw new AppError('CONFLICT', ACCEPT_MSG.acceptedByOther(row.signerName, formatDate(row.acceptedAt)));
  }
  return { status: 'accepted', acceptance: toPortalAcceptance(row) };
}

/**
 * Work on the customer's behalf is done as the quote's owner, whose quote it is and whose order it becomes, as the
 * payment webhook acts for its buyer; the session names the link it came through.
 */
async function ownerOf(db: TDbOrTx, open: TOpenShare): Promise<TActor> {
  const owner = await findActingUser(db, open.quote.createdByUserId, `share:${open.share.id}`);
  if (!owner || owner.pid !== open.quote.pid) throw linkUnavailable();
  return owner;
}

/**
 * Stores the acceptance with the order, in the order's transaction: the acceptance row, its audit event (the link
 * and the signer, from the customer's address, by no user) and the signed quote's job. Answers the stored row, or
 * the one an accept racing this one stored first.
 */
async function storeAcceptance(
  tx: TTx,
  afterCommit: TAfterCommit,
  ctx: TPortalContext,
  order: TQuoteRow,
  acceptance: TSigned & { paidBy: 'card' | 'po'; poNumber: string | null },
): Promise<TAcceptanceRow> {
  const { signature, ...signed } = acceptance;
  const row = await insertAcceptanceOnce(tx, {
    ...signed,
    pid: order.pid,
    quoteId: order.id,
    signatureKind: signature.kind,
    signatureText: signature.kind === 'typed' ? signature.text : null,
    signaturePng: signature.kind === 'drawn' ? signature.png : null,
    ip: ctx.ip,
    userAgent: ctx.userAgent?.slice(0, 512) ?? null,
    acceptedAt: ctx.deps.clock(),
  });
  if (!row) {
    const first = await findAcceptanceOfQuote(tx, order.id);
    if (!first) throw new Error(`Acceptance of quote ${order.id} vanished`);
    return first;
  }
  await insertChangesBy(tx, { actor: null, ip: ctx.ip }, [
    {
      entity: 'quote',
      verb: 'accepted',
      entityId: order.id,
      pid: order.pid,
      data: {
        shareId: row.shareId,
        signerName: row.signerName,
        signerTitle: row.signerTitle,
        revision: row.revision,
        paidBy: row.paidBy,
        documentHash: row.documentHash,
      },
    },
  ]);
  await enqueueSignedQuote(tx, afterCommit, ctx.deps.jobs, row);
  return row;
}

/** By purchase order: the quote becomes the order as Place Order makes it, with the acceptance, in one transaction. */
async function acceptWithPurchaseOrder(
  ctx: TPortalContext,
  order: TOrderContext,
  open: TOpenShare,
  signed: TSigned,
  poNumber: string,
): Promise<TAcceptQuoteResult> {
  const row = await withTransaction(ctx.deps.db, order.log, async (tx, afterCommit) => {
    const quote = await findQuoteRow(tx, open.quote.id, true);
    if (!quote) throw linkUnavailable();
    if (isOrder(quote)) {
      const first = await findAcceptanceOfQuote(tx, quote.id);
      if (!first) throw new AppError('CONFLICT', PORTAL_MSG.accepted);
      return first;
    }
    if (quote.version !== open.quote.version) throw new AppError('CONFLICT', ACCEPT_MSG.viewChanged);
    await assertOrderable(tx, quote, quote.version);
    const ordered = await convertToOrder(tx, afterCommit, order, quote, { kind: 'po', poNumber });
    return storeAcceptance(tx, afterCommit, ctx, ordered, { ...signed, paidBy: 'po', poNumber });
  });
  return answerExisting(row, signed.signerName);
}

/**
 * By card: the same path as paymentManagement/payment (one charge per quote however often sent, the server's total,
 * declined 402, unavailable 502, 3-D Secure answered as it is), as the quote's owner; once paid, the acceptance is
 * stored with its signed quote's job.
 */
async function acceptWithCard(
  ctx: TPortalContext,
  order: TOrderContext,
  open: TOpenShare,
  signed: TSigned,
  card: { amount: number; paymentMethodId: string },
): Promise<TAcceptQuoteResult> {
  const paid = await payByCard(order, {
    quoteId: open.quote.id,
    version: open.quote.version,
    amount: card.amount,
    id: card.paymentMethodId,
  });
  if (paid.status === 'requires_action') return paid;
  return recordCardAcceptance(ctx, open.quote.id, signed);
}

/** Stores the acceptance of a quote paid by card (by this call, an earlier one, or the provider's webhook). */
async function recordCardAcceptance(ctx: TPortalContext, quoteId: number, signed: TSigned) {
  const row = await withTransaction(ctx.deps.db, ctx.log, async (tx, afterCommit) => {
    const quote = await findQuoteRow(tx, quoteId, true);
    if (!quote || !isOrder(quote)) throw new Error(`Paid quote ${quoteId} is not an order`);
    return storeAcceptance(tx, afterCommit, ctx, quote, { ...signed, paidBy: 'card', poNumber: null });
  });
  return answerExisting(row, signed.signerName);
}

/**
 * The link of a quote that is already an order: its acceptance for the same signer; a quote paid by card whose
 * acceptance is not stored yet (the provider's webhook placed the order after 3-D Secure) gets it now when this is
 * the card that paid; anything else 409.
 */
async function acceptAgain(ctx: TPortalContext, open: TOpenShare, body: TAcceptBody): Promise<TAcceptQuoteResult> {
  const { db } = ctx.deps;
  const first = await findAcceptanceOfQuote(db, open.quote.id);
  if (first) return answerExisting(first, body.signerName);
  const payment = body.payment.method === 'card' ? await findSucceededPayment(db, open.quote.id) : null;
  if (!payment || body.payment.method !== 'card' || payment.paymentMethodId !== body.payment.paymentMethodId) {
    throw new AppError('CONFLICT', PORTAL_MSG.accepted);
  }
  const signed = await signedOf(open, body, body.viewHash);
  return recordCardAcceptance(ctx, open.quote.id, signed);
}

async function signedOf(open: TOpenShare, body: TAcceptBody, documentHash: string): Promise<TSigned> {
  return {
    shareId: open.share.id,
    revision: open.share.revision,
    signerName: body.signerName,
    signerTitle: body.signerTitle,
    signature: await storedSignatureOf(body.signature),
    documentHash,
  };
}

const paymentRefusal = (expected: 'card' | 'po') => {
  const message = expected === 'card' ? ACCEPT_MSG.payByCard : ACCEPT_MSG.payByPurchaseOrder;
  return new AppError('VALIDATION_FAILED', message, [{ path: 'payment.method', message }]);
};

/**
 * quotePortal/accept: the customer signs and pays through the link. Only an active link accepts, within the printed
 * quote's validity, at the view the customer read (its hash); the signature is re-encoded; then by card or by
 * purchase order as the quote's owner pays (their checkout type), the quote becomes the order as Place Order makes
 * it, with the acceptance and its signed quote. The same signer accepting again gets the first acceptance.
 */
export async function acceptQuote(ctx: TPortalContext, body: TAcceptBody): Promise<TAcceptQuoteResult> {
  await assertPortalLimit(ctx.deps, 'write', ctx.ip);
  const { db, clock } = ctx.deps;
  const now = clock();
  const open = await resolveOpenShare(db, body.token, now);
  await assertPortalLimit(ctx.deps, 'acceptPerLink', open.share.id);
  if (open.status === 'accepted') return acceptAgain(ctx, open, body);
  if (open.status === 'superseded') throw new AppError('CONFLICT', PORTAL_MSG.superseded);
  const owner = await ownerOf(db, open);
  const method = await portalPaymentMethodOf(db, owner);
  if (body.payment.method !== method) throw paymentRefusal(method);
  const { view } = open;
  if (view.validUntil !== null && now.getTime() > Date.parse(view.validUntil)) {
    throw new AppError('CONFLICT', ACCEPT_MSG.expired(formatDate(view.validUntil), view.preparedBy));
  }
  if (body.viewHash !== view.viewHash) throw new AppError('CONFLICT', ACCEPT_MSG.viewChanged);
  // The sales side's own refusals, said to the customer: what they can do is ask the rep.
  assertAllowed(linkActionRefusal(open.quote));
  const signed = await signedOf(open, body, view.viewHash);
  const order: TOrderContext = { deps: ctx.deps, actor: owner, ip: ctx.ip, log: ctx.log };
  if (body.payment.method === 'po') {
    return acceptWithPurchaseOrder(ctx, order, open, signed, body.payment.poNumber);
  }
  return acceptWithCard(ctx, order, open, signed, body.payment);
}
