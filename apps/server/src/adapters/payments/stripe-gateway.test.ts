import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentUnavailableError, type TChargeRequest, WebhookSignatureError } from './payment-gateway';
import { createStripeGateway, WEBHOOK_TOLERANCE_SECONDS } from './stripe-gateway';
import {
  STAND_IN_SECRET_KEY,
  startStripeStandIn,
  THREE_D_SECURE_CARD,
  type TStripeStandIn,
} from './stripe-stand-in.test-support';

const WEBHOOK_SECRET = 'whsec_stand_in_secret';
let standIn: TStripeStandIn;
let gateway: ReturnType<typeof createStripeGateway>;
let keyCounter = 0;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  const settings = {
    secretKey: STAND_IN_SECRET_KEY,
    publishableKey: 'pk_test_stand_in',
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: new URL(standIn.url),
  };
  gateway = createStripeGateway({ ...settings, maxNetworkRetries: 1, timeoutMs: 2_000 });
});
afterAll(() => standIn.close());

const chargeOf = (paymentMethodId: string, extra: Partial<TChargeRequest> = {}): TChargeRequest => {
  keyCounter += 1;
  return {
    amountCents: 24_050,
    currency: 'usd',
    paymentMethodId,
    idempotencyKey: `contract-${Date.now()}-${keyCounter}`,
    description: 'Order of quote #7',
    metadata: { quoteId: '7', paymentId: '3' },
    ...extra,
  };
};

describe('the Stripe adapter against a stand-in of the API', () => {
  it('creates and confirms a PaymentIntent: amount, usd, the payment method, metadata, the idempotency key', async () => {
    const request = chargeOf('pm_card_visa');
    const outcome = await gateway.charge(request);
    expect(outcome).toEqual({ status: 'succeeded', providerPaymentId: expect.stringMatching(/^pi_/) });
    const sent = standIn.requests.at(-1);
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/payment_intents', idempotencyKey: request.idempotencyKey });
    expect(sent?.form).toMatchObject({
      amount: '24050',
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: 'true',
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
      'metadata[quoteId]': '7',
      'metadata[paymentId]': '3',
    });
  });

  it("answers a card error (402) as declined with Stripe's message", async () => {
    const outcome = await gateway.charge(chargeOf('pm_card_chargeDeclinedInsufficientFunds'));
    expect(outcome).toEqual({
      status: 'declined',
      providerPaymentId: expect.stringMatching(/^pi_/),
      message: 'Your card has insufficient funds.',
    });
  });

  it('answers an unknown payment method as a declined card', async () => {
    const outcome = await gateway.charge(chargeOf('pm_no_such_card'));
    expect(outcome).toEqual({ status: 'declined', providerPaymentId: null, message: 'Your card was declined.' });
  });

  it('answers requires_action with the client secret, and retrieve sees it succeed after the buyer confirms', async () => {
    const outcome = await gateway.charge(chargeOf(THREE_D_SECURE_CARD));
    if (outcome.status !== 'requires_action') throw new Error(`expected requires_action, got ${outcome.status}`);
    expect(outcome.clientSecret).toMatch(new RegExp(`^${outcome.providerPaymentId}_secret_`));
    expect(await gateway.retrieve(outcome.providerPaymentId)).toMatchObject({ status: 'requires_action' });
    standIn.completeAction(outcome.providerPaymentId);
    expect(await gateway.retrieve(outcome.providerPaymentId)).toEqual({
      status: 'succeeded',
      providerPaymentId: outcome.providerPaymentId,
    });
  });

  it('is idempotent: the same key twice is one charge with one id', async () => {
    const request = chargeOf('pm_card_mastercard');
    const before = standIn.created();
    const first = await gateway.charge(request);
    const second = await gateway.charge(request);
    expect(second).toEqual(first);
    expect(standIn.created() - before).toBe(1);
  });

  it('retries a connection dropped after the charge with the same key: still one charge', async () => {
    const before = standIn.created();
    standIn.failNext('dropAfterCharge');
    const outcome = await gateway.charge(chargeOf('pm_card_amex'));
    expect(outcome.status).toBe('succeeded');
    expect(standIn.created() - before).toBe(1);
    const [drop, retry] = standIn.requests.slice(-2);
    expect(retry?.idempotencyKey).toBe(drop?.idempotencyKey);
  });

  it('throws PaymentUnavailableError on 5xx and on dropped connections once retries are spent', async () => {
    standIn.failNext('http500', 2);
    await expect(gateway.charge(chargeOf('pm_card_visa'))).rejects.toBeInstanceOf(PaymentUnavailableError);
    standIn.failNext('drop', 2);
    await expect(gateway.charge(chargeOf('pm_card_visa'))).rejects.toBeInstanceOf(PaymentUnavailableError);
  });

  it('throws PaymentUnavailableError when the secret key is refused, without the key in the message', async () => {
    const wrongKey = createStripeGateway({
      secretKey: 'sk_test_wrong_key_123456',
      publishableKey: 'pk_test_stand_in',
      webhookSecret: null,
      apiUrl: new URL(standIn.url),
      maxNetworkRetries: 0,
    });
    const failure = await wrongKey.charge(chargeOf('pm_card_visa')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PaymentUnavailableError);
    expect(String((failure as Error).message)).not.toContain('sk_test_wrong_key');
  });
});

describe('Stripe webhooks', () => {
  const event = (type: string, status: string) =>
    JSON.stringify({
      id: `evt_${keyCounter++}`,
      object: 'event',
      type,
      data: {
        object: {
          id: 'pi_webhook',
          object: 'payment_intent',
          status,
          metadata: { paymentId: '12' },
          last_payment_error: status === 'succeeded' ? null : { message: 'Your card was declined.' },
        },
      },
    });
  const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, ...options });

  it('verifies a signed event and reduces it to the payment it is about', () => {
    const succeeded = event('payment_intent.succeeded', 'succeeded');
    expect(gateway.parseWebhook(Buffer.from(succeeded), sign(succeeded))).toMatchObject({
      type: 'payment_intent.succeeded',
      payment: { providerPaymentId: 'pi_webhook', paymentId: 12, outcome: 'succeeded' },
    });
    const failed = event('payment_intent.payment_failed', 'requires_payment_method');
    expect(gateway.parseWebhook(Buffer.from(failed), sign(failed)).payment).toMatchObject({
      outcome: 'failed',
      message: 'Your card was declined.',
    });
  });

  it('refuses another secret, a changed body, a missing header, and a signature older than 300 s', () => {
    const payload = event('payment_intent.succeeded', 'succeeded');
    const old = Math.floor(Date.now() / 1000) - WEBHOOK_TOLERANCE_SECONDS - 5;
    const attempts: [string, string | undefined][] = [
      [payload, sign(payload, { secret: 'whsec_someone_else' })],
      [payload.replace('pi_webhook', 'pi_forged'), sign(payload)],
      [payload, undefined],
      [payload, sign(payload, { timestamp: old })],
    ];
    for (const [body, header] of attempts) {
      expect(() => gateway.parseWebhook(Buffer.from(body), header)).toThrow(WebhookSignatureError);
    }
    const recent = Math.floor(Date.now() / 1000) - WEBHOOK_TOLERANCE_SECONDS + 30;
    expect(gateway.parseWebhook(Buffer.from(payload), sign(payload, { timestamp: recent })).id).toMatch(/^evt_/);
  });
});
