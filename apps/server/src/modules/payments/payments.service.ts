import { createHash, randomUUID } from 'node:crypto';
import {
  CARD_MAX_CENTS,
  formatMoney,
  fromCents,
  isOrder,
  MSG,
  type TParsedRequestOf,
  type TPaymentConfig,
  type TPaymentResult,
  toCents,
  toDecimal,
  unitPrice,
} from '@cpq/contracts';
import { PaymentUnavailableError, type TChargeOutcome } from '../../adapters/payments/payment-gateway';
import type { TDbOrTx } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import type { TOrderContext } from '../orders/order-context';
import { assertOrderable, checkoutTypeOf } from '../orders/order-placement';
import { CARD_CHECKOUT } from '../orders/place-order.service';
import { loadQuote, type TQuoteRow } from '../quotes/quotes.repository';
import { findVisibleQuote } from '../quotes/quotes.service';
import { settlePayment, type TSettlement } from './payment-outcome';
import {
  findOpenPayments,
  findSucceededPayment,
  insertPayment,
  type TPaymentRow,
  updatePayment,
} from './payments.repository';

/** 'a', 'a and b', 'a, b and c'. */
const listOf = (items: string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

export const PAYMENT_MESSAGES = {
  usePurchaseOrder: 'Your account orders by purchase order: use the purchase-order panel on the Summary tab.',
  inProgress: 'A card payment for this quote is already being processed.',
  unavailable: 'We could not reach the payment service. Your card was not charged; try again in a moment.',
  nothingToPay: 'This quote’s total is $0.00: there is nothing to pay by card.',
  contactMissing: (fields: string[]) =>
    `Add the billing contact’s ${listOf(fields)} before paying by card: the order confirmation goes to that e-mail.`,
  totalChanged: (totalCents: number, currency?: string) =>
    `The quote total changed to ${formatMoney(fromCents(totalCents), currency)}. Review it and pay again.`,
} as const;

/**
 * An open attempt with another card blocks a new one while it may still charge; after this long without news it
 * is given up (the webhook still settles it if it did charge). An attempt waiting for 3-D Secure is given up at
 * once: the buyer chose another card instead of confirming.
 */
export const STALE_ATTEMPT_MS = 5 * 60_000;

type TPaymentBody = TParsedRequestOf<'paymentManagement/payment'>;
type TStart =
  | { kind: 'paid'; order: Awaited<ReturnType<typeof findVisibleQuote>> }
  | { kind: 'charge'; payment: TPaymentRow };

/** Which card form the browser shows. */
export function paymentConfigOf(deps: TAppDeps): TPaymentConfig {
  return { provider: deps.payments.provider, publishableKey: deps.payments.publishableKey };
}

/**
 * The attempt's idempotency key: its quote, a digest of the card's payment method, and a random part, so that two
 * installations sharing a Stripe account (or a database restored from a backup) never reuse one another's keys. A
 * retried request reuses the attempt row, and with it this key.
 */
const idempotencyKeyOf = (quoteId: number, paymentMethodId: string) =>
  `cpq-q${quoteId}-${createHash('sha256').update(paymentMethodId).digest('hex').slice(0, 16)}-${randomUUID()}`;

/** Gives up the quote's other open attempts, or refuses while one may still be charging. */
async function supersedeOpenAttempts(tx: TDbOrTx, now: Date, open: TPaymentRow[]): Promise<void> {
  const isLive = (attempt: TPaymentRow) =>
    attempt.status === 'pending' && now.getTime() - attempt.updatedAt.getTime() < STALE_ATTEMPT_MS;
  if (open.some(isLive)) throw new AppError('CONFLICT', PAYMENT_MESSAGES.inProgress);
  for (const attempt of open) {
    await updatePayment(tx, attempt.id, {
      status: 'failed',
      failureMessage: 'Replaced by a newer attempt.',
      updatedAt: now,
    });
  }
}

/**
 * First short transaction, with the quote locked: card-checkout callers only; answers the order if this quote is
 * already paid by card; else
 * checks the quote can be ordered at the amount the buyer saw, and finds the open attempt with this card (a retry,
 * a double click, the second pass after 3-D Secure) or starts a new one.
 */
async function startAttempt(tx: TDbOrTx, ctx: TOrderContext, body: TPaymentBody): Promise<TStart> {
  const quote = await findVisibleQuote(tx, ctx.actor, body.quoteId, true);
  // After the quote is found, so that a quote the caller may not see is NOT_FOUND whatever their checkout type.
  if ((await checkoutTypeOf(tx, ctx.actor)) !== CARD_CHECKOUT) {
    throw new AppError('FORBIDDEN', PAYMENT_MESSAGES.usePurchaseOrder);
  }
  if (isOrder(quote)) {
    if (await findSucceededPayment(tx, quote.id)) return { kind: 'paid', order: quote };
    throw new AppError('CONFLICT', `Quote #${quote.id} is already an order. Open it from Orders.`);
  }
  await assertOrderable(tx, quote, body.version);
  assertBillingContact(quote);
  const totalCents = cardCents(quote.totalCost);
  if (totalCents <= 0) throw new AppError('CONFLICT', PAYMENT_MESSAGES.nothingToPay);
  if (body.amount !== totalCents)
    throw new AppError('CONFLICT', PAYMENT_MESSAGES.totalChanged(totalCents, quote.currency));
  const open = await findOpenPayments(tx, quote.id);
  const same = open.find((attempt) => attempt.paymentMethodId === body.id && attempt.amountCents === totalCents);
  if (same) return { kind: 'charge', payment: same };
  await supersedeOpenAttempts(tx, ctx.deps.clock(), open);
  const payment = await insertPayment(tx, {
    pid: quote.pid,
    quoteId: quote.id,
    provider: ctx.deps.payments.provider,
    paymentMethodId: body.id,
    idempotencyKey: idempotencyKeyOf(quote.id, body.id),
    amountCents: totalCents,
    currency: quote.currency.toLowerCase(),
    status: 'pending',
    createdByUserId: ctx.actor.userId,
  });
  return { kind: 'charge', payment };
}

const BILLING_CONTACT_FIELDS = [
  ['firstName', 'first name'],
  ['lastName', 'last name'],
  ['email', 'e-mail'],
] as const;

/** The billing contact's fields a card payment needs that the quote lacks, as [field, label] pairs. */
export function billingContactGaps(quote: Pick<TQuoteRow, 'firstName' | 'lastName' | 'email'>) {
  return BILLING_CONTACT_FIELDS.filter(([field]) => !quote[field]?.trim());
}

/**
 * A card is charged only for a named buyer the confirmation can reach: the quote's contact needs a first and last
 * name and an e-mail (the order confirmation goes there). Refused with what to add, before anything is charged.
 */
function assertBillingContact(quote: Pick<TQuoteRow, 'firstName' | 'lastName' | 'email'>): void {
  const missing = billingContactGaps(quote);
  if (missing.length === 0) return;
  const message = PAYMENT_MESSAGES.contactMissing(missing.map(([, label]) => label));
  throw new AppError(
    'VALIDATION_FAILED',
    message,
    missing.map(([field]) => ({ path: `quote.${field}`, message })),
  );
}

/** The charge of a total in whole cents; a total past what a card charge carries exactly is refused. */
function cardCents(total: string): number {
  if (toDecimal(unitPrice(total)).gt(fromCents(CARD_MAX_CENTS))) throw new AppError('CONFLICT', MSG.cardAmountTooLarge);
  return toCents(total);
}

/** Asks the provider, outside any transaction: the charge (same key, same charge) or, once it has an id, its state. */
async function askProvider(ctx: TOrderContext, payment: TPaymentRow): Promise<TChargeOutcome> {
  const gateway = ctx.deps.payments;
  try {
    if (payment.providerPaymentId) return await gateway.retrieve(payment.providerPaymentId);
    return await gateway.charge({
      amountCents: payment.amountCents,
      currency: payment.currency,
      paymentMethodId: payment.paymentMethodId,
      idempotencyKey: payment.idempotencyKey,
      description: `Order of quote #${payment.quoteId}`,
      metadata: { quoteId: String(payment.quoteId), paymentId: String(payment.id), pid: payment.pid },
    });
  } catch (error) {
    if (!(error instanceof PaymentUnavailableError)) throw error;
    // The attempt stays pending: after a timeout the charge may have happened, and the same key (a retry) or the
    // webhook settles it without a second charge.
    ctx.log.warn({ err: error, paymentId: payment.id }, 'payment provider unavailable');
    throw new AppError('PAYMENT_UNAVAILABLE', PAYMENT_MESSAGES.unavailable);
  }
}

/** The answer for a settled attempt: the order, the 3-D Secure challenge, or the refusal. */
async function answerOf(ctx: TOrderContext, settled: TSettlement, outcome: TChargeOutcome): Promise<TPaymentResult> {
  if (settled.paidOrder) return { status: 'succeeded', order: await loadQuote(ctx.deps.db, settled.paidOrder) };
  const { payment } = settled;
  if (payment.status === 'failed') {
    throw new AppError('PAYMENT_DECLINED', payment.failureMessage ?? 'Your card was declined.');
  }
  if (payment.status === 'requires_action' && outcome.status === 'requires_action') {
    return { status: 'requires_action', clientSecret: outcome.clientSecret };
  }
  throw new AppError('CONFLICT', PAYMENT_MESSAGES.inProgress);
}

/**
 * Pays a quote by card and turns it into an order (spec 4 "Quote state", 7 "Other"). Two short transactions
 * around the provider call, which holds no lock: the first starts or finds the attempt, the second records the
 * outcome and places the order. However often the same request comes (a double click, a retry, ten at once) the
 * quote is charged once, with one key, and ordered once; every one of them answers the order.
 */
export async function payByCard(ctx: TOrderContext, body: TPaymentBody): Promise<TPaymentResult> {
  const { db } = ctx.deps;
  const start = await db.transaction((tx) => startAttempt(tx, ctx, body));
  if (start.kind === 'paid') return { status: 'succeeded', order: await loadQuote(db, start.order) };
  const outcome = await askProvider(ctx, start.payment);
  const settled = await withTransaction(db, ctx.log, (tx, afterCommit) =>
    settlePayment(tx, afterCommit, ctx, start.payment.id, outcome),
  );
  return answerOf(ctx, settled, outcome);
}
