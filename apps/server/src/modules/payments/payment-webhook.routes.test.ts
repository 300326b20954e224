import { Writable } from 'node:stream';
import { type TPaymentResult, type TQuote, toCents } from '@cpq/contracts';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_TOLERANCE_SECONDS } from '../../adapters/payments/stripe-gateway';
import {
  STAND_IN_SECRET_KEY,
  startStripeStandIn,
  THREE_D_SECURE_CARD,
  type TStripeStandIn,
} from '../../adapters/payments/stripe-stand-in.test-support';
import { mailOutbox, payments, quotes, webhookEvents } from '../../db/schema';
import { resultOf } from '../../testing/expect-api';
import { signedInUser } from '../../testing/factories';
import { createPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { quoteCalls } from '../quotes/quotes.test-support';
import { STRIPE_WEBHOOK_PATH } from './payment-webhook.routes';
import type { TPaymentRow } from './payments.repository';
import { PAYMENT_MESSAGES } from './payments.service';

const WEBHOOK_SECRET = 'whsec_app_test_secret';
let standIn: TStripeStandIn;
let t: TTestApp;
let calls: ReturnType<typeof quoteCalls>;
let productId: number;
let buyer: string;
let eventCounter = 0;
/** The app's log lines (trace level), checked for secrets at the end. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, callback) {
    logLines.push(String(chunk));
    callback();
  },
});
/** Signature headers and client secrets the tests handled: none may reach the log. */
const handledSecrets = new Set<string>([STAND_IN_SECRET_KEY, WEBHOOK_SECRET]);

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({
    logStream,
    env: {
      STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_app',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: standIn.url,
    },
  });
  const a = await createPlatformActors(t);
  calls = quoteCalls(t);
  productId = (await calls.fixedProduct('99.99', a.token[5])).ID;
  const { db, config } = t.deps;
  buyer = (await signedInUser(db, config.tokenSecret, { roleLevel: 1, pid: a.pid, checkoutType: 'stripe' })).token;
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

const pay = (quote: TQuote, id: string) =>
  t.call(
    'paymentManagement/payment',
    { amount: toCents(quote.totalCost ?? '0'), id, quoteId: quote.id, version: quote.version },
    buyer,
  );
const paymentOf = async (quoteId: number): Promise<TPaymentRow> => {
  const [row] = await t.deps.db.select().from(payments).where(eq(payments.quoteId, quoteId));
  if (!row) throw new Error(`no payment for quote ${quoteId}`);
  return row;
};
const quoteRow = async (id: number) => (await t.deps.db.select().from(quotes).where(eq(quotes.id, id)))[0];
const mailsOf = async (quoteId: number) =>
  (await t.deps.db.select().from(mailOutbox)).filter((row) => row.subject === `Order #${quoteId} confirmed`);

/** A Stripe event about our attempt, as Stripe would send it (the PaymentIntent carries our metadata). */
function eventAbout(payment: TPaymentRow, type: 'payment_intent.succeeded' | 'payment_intent.payment_failed') {
  eventCounter += 1;
  const isSuccess = type === 'payment_intent.succeeded';
  return JSON.stringify({
    id: `evt_app_${Date.now()}_${eventCounter}`,
    object: 'event',
    type,
    data: {
      object: {
        id: payment.providerPaymentId ?? `pi_unknown_${eventCounter}`,
        object: 'payment_intent',
        status: isSuccess ? 'succeeded' : 'requires_payment_method',
        metadata: { quoteId: String(payment.quoteId), paymentId: String(payment.id) },
        last_payment_error: isSuccess ? null : { message: 'Your card was declined.' },
      },
    },
  });
}

const deliver = (
  payload: string,
  header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
) => {
  handledSecrets.add(header);
  return t.app.inject({
    method: 'POST',
    url: STRIPE_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
    payload,
  });
};

describe('card payments through Stripe (a stand-in of its API)', () => {
  it('gives the browser Stripe and its publishable key', async () => {
    expect(resultOf(await t.call('paymentManagement/getPaymentConfig', {}, buyer))).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_app',
    });
  });

  it('places the order when the PaymentIntent succeeds', async () => {
    const quote = await calls.orderableQuote(productId, buyer, 1);
    const paid = resultOf<TPaymentResult>(await pay(quote, 'pm_card_visa'));
    expect(paid).toMatchObject({ status: 'succeeded', order: { id: quote.id, type: 2 } });
    expect(await paymentOf(quote.id)).toMatchObject({ provider: 'stripe', status: 'succeeded', amountCents: 9_999 });
    expect(standIn.requests.at(-1)?.form['metadata[quoteId]']).toBe(String(quote.id));
  });
});

describe('POST /api/webhooks/stripe', () => {
  it('a succeeded event after 3-D Secure places the order once, however often it is delivered', async () => {
    const quote = await calls.orderableQuote(productId, buyer, 1);
    expect(resultOf<TPaymentResult>(await pay(quote, THREE_D_SECURE_CARD)).status).toBe('requires_action');
    const payment = await paymentOf(quote.id);
    standIn.completeAction(payment.providerPaymentId ?? '');
    const payload = eventAbout(payment, 'payment_intent.succeeded');

    const first = await deliver(payload);
    expect(first.json()).toEqual({ success: true, result: { received: true, duplicate: false } });
    const replays = await Promise.all(Array.from({ length: 9 }, () => deliver(payload)));
    for (const replay of replays)
      expect(replay.json()).toEqual({ success: true, result: { received: true, duplicate: true } });

    expect(await quoteRow(quote.id)).toMatchObject({ type: 2, version: quote.version + 1 });
    expect(await paymentOf(quote.id)).toMatchObject({ status: 'succeeded' });
    expect(await mailsOf(quote.id)).toHaveLength(1);
    const eventId = JSON.parse(payload).id as string;
    const recorded = await t.deps.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.provider, 'stripe'), eq(webhookEvents.eventId, eventId)));
    expect(recorded).toMatchObject([{ type: 'payment_intent.succeeded' }]);

    // The browser's second pass after the webhook: the order, no new charge.
    const created = standIn.created();
    expect(resultOf<TPaymentResult>(await pay(quote, THREE_D_SECURE_CARD))).toMatchObject({ status: 'succeeded' });
    expect(standIn.created()).toBe(created);
  });

  it('settles an attempt whose answer was lost (502) when the success event arrives', async () => {
    const quote = await calls.orderableQuote(productId, buyer, 1);
    // Charged, then the connection drops on the first try and on the retry: the buyer sees 502.
    standIn.failNext('dropAfterCharge', 3);
    const lost = await pay(quote, 'pm_card_visa');
    expect([lost.statusCode, lost.json().error]).toEqual([502, PAYMENT_MESSAGES.unavailable]);
    const pending = await paymentOf(quote.id);
    expect(pending).toMatchObject({ status: 'pending', providerPaymentId: null });

    const intent = standIn.requests.at(-1);
    expect(intent?.idempotencyKey).toBe(pending.idempotencyKey);
    const withId = { ...pending, providerPaymentId: 'pi_from_event' };
    expect((await deliver(eventAbout(withId, 'payment_intent.succeeded'))).statusCode).toBe(200);
    expect(await quoteRow(quote.id)).toMatchObject({ type: 2 });
    expect(await paymentOf(quote.id)).toMatchObject({ status: 'succeeded', providerPaymentId: 'pi_from_event' });
  });

  it('an event about another PaymentIntent that names our attempt in its metadata does not settle it', async () => {
    const quote = await calls.orderableQuote(productId, buyer, 1);
    await pay(quote, THREE_D_SECURE_CARD);
    const payment = await paymentOf(quote.id);
    const other = { ...payment, providerPaymentId: 'pi_someone_else' };
    expect((await deliver(eventAbout(other, 'payment_intent.succeeded'))).statusCode).toBe(200);
    expect(await paymentOf(quote.id)).toMatchObject({ status: 'requires_action' });
    expect(await quoteRow(quote.id)).toMatchObject({ type: 1, version: quote.version });
  });

  it('a payment_failed event marks the attempt failed and leaves the quote a quote', async () => {
    const quote = await calls.orderableQuote(productId, buyer, 1);
    await pay(quote, THREE_D_SECURE_CARD);
    const payment = await paymentOf(quote.id);
    expect((await deliver(eventAbout(payment, 'payment_intent.payment_failed'))).statusCode).toBe(200);
    expect(await paymentOf(quote.id)).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });
    expect(await quoteRow(quote.id)).toMatchObject({ type: 1, version: quote.version });
  });

  it('refuses a bad signature and one older than 300 s with 400, and applies nothing', async () => {
    const quote = await calls.orderableQuote(productId, buyer, 1);
    await pay(quote, THREE_D_SECURE_CARD);
    const payment = await paymentOf(quote.id);
    const payload = eventAbout(payment, 'payment_intent.succeeded');
    const old = Math.floor(Date.now() / 1000) - WEBHOOK_TOLERANCE_SECONDS - 1;
    const headers = [
      Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_forger' }),
      Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: old }),
      't=1,v1=00',
    ];
    for (const header of headers) {
      const refused = await deliver(payload, header);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    }
    // Signed for the body Stripe sent, delivered with one byte changed.
    const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await deliver(payload.replace('"succeeded"', '"succeeded "'), signed);
    expect(tampered.statusCode).toBe(400);
    const unsigned = await t.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, payload });
    expect(unsigned.statusCode).toBe(400);

    expect(await quoteRow(quote.id)).toMatchObject({ type: 1 });
    expect(await paymentOf(quote.id)).toMatchObject({ status: 'requires_action' });
    const eventId = JSON.parse(payload).id as string;
    expect(await t.deps.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId))).toEqual([]);
  });
});

describe('logs of card payments and webhooks', () => {
  it('never contain the secret key, the webhook secret, a signature or a client secret', async () => {
    const quote = await calls.orderableQuote(productId, buyer, 1);
    const challenge = resultOf<TPaymentResult>(await pay(quote, THREE_D_SECURE_CARD));
    if (challenge.status === 'requires_action') handledSecrets.add(challenge.clientSecret);
    const log = logLines.join('');
    expect(log).toContain('stripe webhook');
    for (const secret of handledSecrets) expect(log).not.toContain(secret);
  });
});
