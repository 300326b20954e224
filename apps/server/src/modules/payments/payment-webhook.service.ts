import type { FastifyBaseLogger } from 'fastify';
import type { TChargeOutcome, TPaymentEvent } from '../../adapters/payments/payment-gateway';
import type { TDbOrTx } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import type { TAppDeps } from '../../deps';
import { findActingUser } from '../../http/actor.repository';
import type { TActor } from '../../lib/actor';
import type { TOrderContext } from '../orders/order-context';
import { settlePayment } from './payment-outcome';
import { findPayment, findPaymentByProviderId, recordWebhookEvent, type TPaymentRow } from './payments.repository';

/** The buyer who started the attempt: the order the webhook places is theirs, as if their request had finished. */
async function buyerOf(tx: TDbOrTx, payment: TPaymentRow): Promise<TActor> {
  const buyer = await findActingUser(tx, payment.createdByUserId, 'webhook');
  if (!buyer) throw new Error(`payment ${payment.id} of a missing user`);
  return buyer;
}

/**
 * Our attempt a provider event is about: by the id in its metadata (an attempt whose answer was lost has no
 * provider id yet), unless the attempt already names another provider payment; else by the provider's id.
 */
async function paymentOfEvent(tx: TDbOrTx, provider: string, event: TPaymentEvent): Promise<TPaymentRow | null> {
  const about = event.payment;
  if (!about) return null;
  const byMetadata = about.paymentId === null ? null : await findPayment(tx, about.paymentId);
  const isSamePayment =
    byMetadata?.providerPaymentId == null || byMetadata.providerPaymentId === about.providerPaymentId;
  if (byMetadata?.provider === provider && isSamePayment) return byMetadata;
  return findPaymentByProviderId(tx, provider, about.providerPaymentId);
}

const outcomeOfEvent = (about: NonNullable<TPaymentEvent['payment']>): TChargeOutcome | null => {
  if (about.outcome === 'succeeded') return { status: 'succeeded', providerPaymentId: about.providerPaymentId };
  if (about.outcome === 'failed') {
    return {
      status: 'declined',
      providerPaymentId: about.providerPaymentId,
      message: about.message ?? 'Your card was declined.',
    };
  }
  return null;
};

/**
 * Applies a verified provider event once: the event id is recorded in the same transaction as its effect, so a
 * retried or replayed event (or two deliveries at once) finds it recorded and changes nothing. A success settles
 * the attempt exactly as the payment call does (the quote becomes the order); a failure marks it failed. Answers
 * whether the event was new.
 */
export async function applyPaymentEvent(deps: TAppDeps, log: FastifyBaseLogger, ip: string, event: TPaymentEvent) {
  const provider = deps.payments.provider;
  const isNew = await withTransaction(deps.db, log, async (tx, afterCommit) => {
    if (!(await recordWebhookEvent(tx, { provider, eventId: event.id, type: event.type }))) return false;
    const payment = await paymentOfEvent(tx, provider, event);
    const outcome = event.payment ? outcomeOfEvent(event.payment) : null;
    if (!payment || !outcome) return true;
    const ctx: TOrderContext = { deps, actor: await buyerOf(tx, payment), ip, log };
    await settlePayment(tx, afterCommit, ctx, payment.id, outcome);
    return true;
  });
  return { isNew };
}
