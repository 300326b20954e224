import { MSG, type TPaymentResult, type TQuote, toCents } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, payments, quotes } from '../../db/schema';
import { withTransaction } from '../../db/transaction';
import { expectFailure, resultOf } from '../../testing/expect-api';
import { signedInUser } from '../../testing/factories';
import { createPlatformActors, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { quoteCalls } from '../quotes/quotes.test-support';
import { settlePayment } from './payment-outcome';
import { STRIPE_WEBHOOK_PATH, WEBHOOK_MESSAGES } from './payment-webhook.routes';
import { PAYMENT_MESSAGES } from './payments.service';
import { scriptedGateway } from './payments.test-support';

const gateway = scriptedGateway();
let t: TTestApp;
let a: TPlatformActors;
let calls: ReturnType<typeof quoteCalls>;
let productId: number;
/** A card-checkout buyer (checkoutType 'stripe') on platform a. */
let buyer: string;

beforeAll(async () => {
  t = await createTestApp({ payments: gateway.gateway });
  a = await createPlatformActors(t);
  calls = quoteCalls(t);
  productId = (await calls.fixedProduct('120.25', a.token[5])).ID;
  const { db, config } = t.deps;
  buyer = (await signedInUser(db, config.tokenSecret, { roleLevel: 1, pid: a.pid, checkoutType: 'stripe' })).token;
});
afterAll(() => t.close());
beforeEach(() => gateway.setMode('normal'));

const pay = (quote: TQuote, id = 'pm_card_visa', token = buyer, amount = toCents(quote.totalCost ?? '0')) =>
  t.call('paymentManagement/payment', { amount, id, quoteId: quote.id, version: quote.version }, token);

const paymentsOf = (quoteId: number) => t.deps.db.select().from(payments).where(eq(payments.quoteId, quoteId));
const quoteRow = async (id: number) => (await t.deps.db.select().from(quotes).where(eq(quotes.id, id)))[0];
const mailsOf = async (quoteId: number) =>
  (await t.deps.db.select().from(mailOutbox)).filter((row) => row.subject === `Order #${quoteId} confirmed`);

/** Asserts the quote is still the quote it was: type 1, same version, no order date. */
async function expectUnchanged(quote: TQuote): Promise<void> {
  expect(await quoteRow(quote.id)).toMatchObject({ type: 1, version: quote.version, dateOrderPlaced: null });
  expect(await mailsOf(quote.id)).toEqual([]);
}

describe('paymentManagement/getPaymentConfig', () => {
  it('names the built-in test gateway, with no publishable key', async () => {
    expect(resultOf(await t.call('paymentManagement/getPaymentConfig', {}, buyer))).toEqual({
      provider: 'test',
      publishableKey: null,
    });
  });
});

describe('paymentManagement/payment', () => {
  it('charges the total once and turns the quote into an order: type 2, date, integration, mail, payment row', async () => {
    const quote = await calls.orderableQuote(productId, buyer);
    const before = gateway.chargeCount();
    const paid = resultOf<TPaymentResult>(await pay(quote));
    if (paid.status !== 'succeeded') throw new Error(`expected succeeded, got ${paid.status}`);
    expect(paid.order).toMatchObject({ id: quote.id, type: 2, integration: 'default', version: quote.version + 1 });
    expect(Date.now() - Date.parse(paid.order.dateOrderPlaced ?? '')).toBeLessThan(60_000);
    expect(gateway.chargeCount() - before).toBe(1);
    expect(gateway.calls.at(-1)).toMatchObject({
      amountCents: 24_050,
      currency: 'usd',
      paymentMethodId: 'pm_card_visa',
    });

    const [mail, ...more] = await mailsOf(quote.id);
    expect(more).toEqual([]);
    expect(mail?.textBody).toContain('Paid by card: $240.50.');
    const [row] = await paymentsOf(quote.id);
    expect(row).toMatchObject({ provider: 'test', status: 'succeeded', amountCents: 24_050, failureMessage: null });
    expect(row?.providerPaymentId).toMatch(/^test_pi_/);

    // Sent again (a retry after the answer was lost): the same order, no second charge.
    const again = resultOf<TPaymentResult>(await pay(quote));
    expect(again).toMatchObject({ status: 'succeeded', order: { id: quote.id, type: 2 } });
    expect(gateway.chargeCount() - before).toBe(1);
  });

  it('refuses a quote without a contact name and e-mail (400 saying what to add), charging nothing', async () => {
    const quote = await calls.orderableQuote(productId, buyer);
    const bare = resultOf<TQuote>(
      await t.call(
        'quoteManagement/updateQuote',
        { id: quote.id, version: quote.version, input: { firstName: null, lastName: '', email: null } },
        buyer,
      ),
    );
    const before = gateway.chargeCount();
    const message = PAYMENT_MESSAGES.contactMissing(['first name', 'last name', 'e-mail']);
    expect(message).toBe(
      'Add the billing contact’s first name, last name and e-mail before paying by card: the order confirmation goes to that e-mail.',
    );
    const refused = expectFailure(await pay(bare), 'VALIDATION_FAILED', message, 400);
    expect(refused.details?.map((detail) => detail.path)).toEqual(['quote.firstName', 'quote.lastName', 'quote.email']);
    const named = resultOf<TQuote>(
      await t.call(
        'quoteManagement/updateQuote',
        { id: bare.id, version: bare.version, input: { firstName: 'Mary', lastName: 'Jackson' } },
        buyer,
      ),
    );
    expectFailure(await pay(named), 'VALIDATION_FAILED', PAYMENT_MESSAGES.contactMissing(['e-mail']), 400);
    expect(gateway.chargeCount()).toBe(before);
    expect(await paymentsOf(quote.id)).toEqual([]);
    await expectUnchanged(named);

    // With the e-mail, the card is charged and the confirmation goes to that address.
    const reachable = resultOf<TQuote>(
      await t.call(
        'quoteManagement/updateQuote',
        { id: named.id, version: named.version, input: { email: 'mary@buyer.example' } },
        buyer,
      ),
    );
    expect(resultOf<TPaymentResult>(await pay(reachable)).status).toBe('succeeded');
    const [mail] = await mailsOf(quote.id);
    expect(mail?.to).toContain('mary@buyer.example');
  });

  it("declines with the provider's message (402) and leaves the quote a quote", async () => {
    const quote = await calls.orderableQuote(productId, buyer);
    const before = gateway.chargeCount();
    const declined = await pay(quote, 'pm_card_chargeDeclinedInsufficientFunds');
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({
      success: false,
      code: 'PAYMENT_DECLINED',
      error: 'Your card has insufficient funds.',
    });
    await expectUnchanged(quote);
    expect(gateway.chargeCount()).toBe(before);
    expect(await paymentsOf(quote.id)).toMatchObject([
      { status: 'failed', failureMessage: 'Your card has insufficient funds.' },
    ]);

    // Another card then pays it.
    expect(resultOf<TPaymentResult>(await pay(quote, 'pm_card_mastercard')).status).toBe('succeeded');
  });

  it('answers 502 when the provider cannot be reached; the retry with the same card settles it, one charge', async () => {
    const quote = await calls.orderableQuote(productId, buyer);
    gateway.setMode('unavailable');
    const failed = await pay(quote);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ success: false, code: 'PAYMENT_UNAVAILABLE', error: PAYMENT_MESSAGES.unavailable });
    await expectUnchanged(quote);
    const [pending] = await paymentsOf(quote.id);
    expect(pending?.status).toBe('pending');

    // While that attempt may still charge, another card is refused rather than risking two charges.
    gateway.setMode('normal');
    expectFailure(await pay(quote, 'pm_card_mastercard'), 'CONFLICT', PAYMENT_MESSAGES.inProgress, 409);
    const before = gateway.chargeCount();
    expect(resultOf<TPaymentResult>(await pay(quote)).status).toBe('succeeded');
    expect(gateway.chargeCount() - before).toBe(1);
    const keys = new Set(
      gateway.calls.filter((call) => call.metadata.quoteId === String(quote.id)).map((call) => call.idempotencyKey),
    );
    expect(keys).toEqual(new Set([pending?.idempotencyKey]));
    expect(await paymentsOf(quote.id)).toHaveLength(1);
  });

  it('answers requires_action with the client secret, and the same request after 3-D Secure places the order', async () => {
    const quote = await calls.orderableQuote(productId, buyer);
    gateway.setMode('challenge');
    const first = resultOf<TPaymentResult>(await pay(quote));
    if (first.status !== 'requires_action') throw new Error(`expected requires_action, got ${first.status}`);
    const [waiting] = await paymentsOf(quote.id);
    expect(waiting).toMatchObject({ status: 'requires_action' });
    expect(first.clientSecret).toBe(`${waiting?.providerPaymentId}_secret`);
    await expectUnchanged(quote);

    // Not yet confirmed: the challenge again.
    expect(resultOf<TPaymentResult>(await pay(quote)).status).toBe('requires_action');
    gateway.confirm(waiting?.providerPaymentId ?? '');
    const before = gateway.chargeCount();
    expect(resultOf<TPaymentResult>(await pay(quote))).toMatchObject({ status: 'succeeded', order: { type: 2 } });
    expect(gateway.chargeCount() - before).toBe(1);
    expect(await paymentsOf(quote.id)).toMatchObject([{ status: 'succeeded' }]);
  });

  it('a card that completes after an administrator ordered the quote by PO is marked for a refund', async () => {
    const quote = await calls.orderableQuote(productId, buyer);
    gateway.setMode('challenge');
    resultOf<TPaymentResult>(await pay(quote));
    const [waiting] = await paymentsOf(quote.id);
    const byPo = await t.call(
      'quoteManagement/placeOrder',
      { id: quote.id, version: quote.version, poNumber: 'PO-ADMIN' },
      a.token[5],
    );
    expect(byPo.statusCode, byPo.body).toBe(200);
    // The buyer's request now answers that the quote is an order; Stripe still reports the charge (the webhook).
    expectFailure(await pay(quote), 'CONFLICT', `Quote #${quote.id} is already an order. Open it from Orders.`);
    const actor = { userId: 0, username: 'webhook', roleId: 'registered', roleLevel: 1, pid: a.pid, sessionId: 'x' };
    const ctx = { deps: t.deps, actor, ip: '127.0.0.1', log: pino({ level: 'silent' }) };
    const outcome = { status: 'succeeded', providerPaymentId: waiting?.providerPaymentId ?? '' } as const;
    await withTransaction(t.deps.db, ctx.log, (tx, afterCommit) =>
      settlePayment(tx, afterCommit, ctx, waiting?.id ?? 0, outcome),
    );
    expect(await paymentsOf(quote.id)).toMatchObject([
      {
        status: 'failed',
        failureMessage: `Charged after quote #${quote.id} was already ordered by purchase order: refund this charge.`,
      },
    ]);
    expect(await quoteRow(quote.id)).toMatchObject({ type: 2, poNumber: 'PO-ADMIN' });
    expect(await mailsOf(quote.id)).toHaveLength(1);
  });

  it('the same request ten times at once: one charge, one payment row, one order, one mail, all succeed', async () => {
    const quote = await calls.orderableQuote(productId, buyer);
    const before = gateway.chargeCount();
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(quote)));
    const results = answers.map((answer) => resultOf<TPaymentResult>(answer));
    expect(results.every((result) => result.status === 'succeeded' && result.order.type === 2)).toBe(true);
    expect(gateway.chargeCount() - before).toBe(1);
    expect(await paymentsOf(quote.id)).toHaveLength(1);
    expect(await mailsOf(quote.id)).toHaveLength(1);
    expect(await quoteRow(quote.id)).toMatchObject({ type: 2, version: quote.version + 1 });
  });

  it('refuses an amount other than the total (409), a zero total, and what cannot be ordered', async () => {
    const quote = await calls.orderableQuote(productId, buyer);
    expectFailure(
      await pay(quote, 'pm_card_visa', buyer, 24_000),
      'CONFLICT',
      'The quote total changed to $240.50. Review it and pay again.',
      409,
    );
    expectFailure(await pay({ ...quote, version: quote.version - 1 }), 'CONFLICT', MSG.conflict, 409);
    await t.deps.db.update(quotes).set({ isLocked: true }).where(eq(quotes.id, quote.id));
    expectFailure(await pay(quote), 'CONFLICT', MSG.quoteLocked, 409);
    await expectUnchanged(quote);

    const empty = await calls.newQuote(buyer);
    expectFailure(await pay(empty, 'pm_card_visa', buyer, 100), 'VALIDATION_FAILED', MSG.addLine, 400);
    const free = await calls.orderableQuote((await calls.fixedProduct('0', a.token[5])).ID, buyer, 1);
    expectFailure(await pay(free, 'pm_card_visa', buyer, 100), 'CONFLICT', PAYMENT_MESSAGES.nothingToPay, 409);
    expect(await paymentsOf(quote.id)).toEqual([]);
  });

  it('is for card-checkout users, on quotes they may see', async () => {
    const poQuote = await calls.orderableQuote(productId, a.token[1]);
    expectFailure(await pay(poQuote, 'pm_card_visa', a.token[1]), 'FORBIDDEN', PAYMENT_MESSAGES.usePurchaseOrder, 403);
    await expectUnchanged(poQuote);

    const quote = await calls.orderableQuote(productId, buyer);
    const { db, config } = t.deps;
    const otherBuyer = await signedInUser(db, config.tokenSecret, { roleLevel: 1, pid: a.pid, checkoutType: 'stripe' });
    expectFailure(await pay(quote, 'pm_card_visa', otherBuyer.token), 'NOT_FOUND', MSG.notFound, 404);
    expectFailure(await pay(quote, 'pm_card_visa', a.otherAdmin), 'NOT_FOUND', MSG.notFound, 404);
    await expectUnchanged(quote);
    expect([...(await paymentsOf(quote.id)), ...(await paymentsOf(poQuote.id))]).toEqual([]);
  });

  it('has no webhook with the test gateway', async () => {
    const response = await t.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, payload: { id: 'evt_1' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, code: 'NOT_FOUND', error: WEBHOOK_MESSAGES.notConfigured });
  });
});
