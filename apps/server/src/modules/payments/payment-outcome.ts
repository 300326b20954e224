import { isOrder, isQuote } from '@cpq/contracts';
import type { TChargeOutcome } from '../../adapters/payments/payment-gateway';
import type { TDbOrTx, TTx } from '../../db/client';
import type { TAfterCommit } from '../../db/transaction';
import type { TOrderContext } from '../orders/order-context';
import { convertToOrder } from '../orders/order-placement';
import { findQuoteRow, type TQuoteRow } from '../quotes/quotes.repository';
import { findPayment, findSucceededPayment, lockPayment, type TPaymentRow, updatePayment } from './payments.repository';

/** What recording an outcome left behind: the attempt and the order the quote is (if paid). */
export type TSettlement = { payment: TPaymentRow; paidOrder: TQuoteRow | null };

const isOpen = (payment: TPaymentRow) => payment.status === 'pending' || payment.status === 'requires_action';

/** The order a quote is, if it was paid by card. */
async function paidOrderOf(tx: TDbOrTx, quote: TQuoteRow): Promise<TQuoteRow | null> {
  return isOrder(quote) && (await findSucceededPayment(tx, quote.id)) ? quote : null;
}

/** A charge succeeded: the attempt is paid and, while the quote is still a quote, it becomes the order. */
async function settleSuccess(
  tx: TTx,
  afterCommit: TAfterCommit,
  ctx: TOrderContext,
  quote: TQuoteRow,
  payment: TPaymentRow,
  providerPaymentId: string,
): Promise<TSettlement> {
  const now = ctx.deps.clock();
  const earlier = await findSucceededPayment(tx, quote.id);
  // A charge for a quote that is already paid (an abandoned attempt completed after another card paid) or already
  // ordered otherwise (an administrator placed it by purchase order meanwhile): the order keeps what it has, and
  // this charge is marked for a person to refund.
  const paidAlready = earlier && earlier.id !== payment.id ? `already paid (payment ${earlier.id})` : null;
  const orderedAlready = !earlier && isOrder(quote) ? 'already ordered by purchase order' : null;
  const refusal = paidAlready ?? orderedAlready;
  if (refusal) {
    ctx.log.error({ paymentId: payment.id, quoteId: quote.id }, 'card charge for a quote that is already an order');
    const refused = await updatePayment(tx, payment.id, {
      status: 'failed',
      providerPaymentId,
      failureMessage: `Charged after quote #${quote.id} was ${refusal}: refund this charge.`,
      updatedAt: now,
    });
    return { payment: refused, paidOrder: await paidOrderOf(tx, quote) };
  }
  const paid = await updatePayment(tx, payment.id, {
    status: 'succeeded',
    providerPaymentId,
    failureMessage: null,
    updatedAt: now,
  });
  if (isQuote(quote)) {
    const order = await convertToOrder(tx, afterCommit, ctx, quote, { kind: 'card', amountCents: payment.amountCents });
    return { payment: paid, paidOrder: order };
  }
  if (!isOrder(quote)) {
    ctx.log.error({ paymentId: payment.id, quoteId: quote.id }, 'card payment succeeded for a quote request');
  }
  return { payment: paid, paidOrder: isOrder(quote) ? quote : null };
}

/**
 * Records what the provider said about an attempt, in the caller's transaction, with the quote and the attempt
 * locked (quote first, as every payment path locks them): the one place where a card payment turns a quote into an
 * order, shared by the payment call and the webhook, so whichever arrives first applies it and the other finds it
 * done. A success is never undone by a later decline; a late success still counts after a decline.
 */
export async function settlePayment(
  tx: TTx,
  afterCommit: TAfterCommit,
  ctx: TOrderContext,
  paymentId: number,
  outcome: TChargeOutcome,
): Promise<TSettlement> {
  const known = await findPayment(tx, paymentId);
  if (!known) throw new Error(`payment ${paymentId} vanished`);
  const quote = await findQuoteRow(tx, known.quoteId, true);
  const payment = await lockPayment(tx, paymentId);
  if (!quote || !payment) throw new Error(`payment ${paymentId} lost its quote ${known.quoteId}`);
  const unchanged = async (): Promise<TSettlement> => ({
    payment,
    paidOrder: await paidOrderOf(tx, quote),
  });
  const now = ctx.deps.clock();
  const providerPaymentId = outcome.providerPaymentId ?? payment.providerPaymentId;
  switch (outcome.status) {
    case 'succeeded':
      if (payment.status === 'succeeded') return unchanged();
      return settleSuccess(tx, afterCommit, ctx, quote, payment, outcome.providerPaymentId);
    case 'declined': {
      if (!isOpen(payment)) return unchanged();
      const failed = await updatePayment(tx, payment.id, {
        status: 'failed',
        providerPaymentId,
        failureMessage: outcome.message,
        updatedAt: now,
      });
      return { payment: failed, paidOrder: null };
    }
    case 'requires_action':
    case 'processing': {
      if (!isOpen(payment)) return unchanged();
      const status = outcome.status === 'requires_action' ? 'requires_action' : payment.status;
      const waiting = await updatePayment(tx, payment.id, { status, providerPaymentId, updatedAt: now });
      return { payment: waiting, paidOrder: null };
    }
  }
}
