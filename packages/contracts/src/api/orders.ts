import { z } from 'zod';
import { ZEmail, ZId, ZVersion } from '../common';
import { ZQuote } from '../entities/quotes';

/**
 * Ordering (spec sections 4 "Quote state", 6 and 7 "Other"): a type 1 quote becomes a type 2 order by purchase order
 * (`quoteManagement/placeOrder`, our path) or by card (`paymentManagement/payment`, the spec's path). Both are
 * idempotent: the same request twice, a double click or two tabs make one order and one charge. The client sends
 * the version of the quote it shows, so nobody orders lines that changed under them.
 */

/** A purchase-order number as the PO panel takes it. */
export const ZPoNumber = z
  .string({ error: 'Enter the purchase-order number.' })
  .trim()
  .min(1, 'Enter the purchase-order number.')
  .max(100, 'A purchase-order number can be at most 100 characters.');

/** placeOrder: `{ id, version, poNumber }`; answers the order (the quote, now type 2). */
export const ZPlaceOrderRequest = z.strictObject({ id: ZId, version: ZVersion, poNumber: ZPoNumber });

/**
 * paymentManagement/payment: the spec's `{ amount, id }` (amount = total x 100 in integer cents, id = the card
 * payment method the browser's card form created) plus the quote being paid and the version the buyer saw. The
 * server charges the quote's own total and refuses an amount that differs from it; a card number never reaches it.
 */
/** The largest card charge, in cents ($999,999,999.99): a larger total is ordered with a purchase-order number. */
export const CARD_MAX_CENTS = 99_999_999_999;

export const ZPaymentRequest = z.strictObject({
  amount: z.number().int().positive().max(CARD_MAX_CENTS),
  id: z
    .string()
    .trim()
    .min(3)
    .max(255)
    .regex(/^[A-Za-z0-9_]+$/, 'A payment method id is letters, digits and underscores.'),
  quoteId: ZId,
  version: ZVersion,
});

/**
 * What a payment ended in: `succeeded` with the order, or `requires_action` when the card issuer wants the buyer to
 * confirm (3-D Secure): the browser completes it with the provider's script and sends the same request again.
 * A declined card answers PAYMENT_DECLINED (402) with the provider's message; an unreachable provider
 * PAYMENT_UNAVAILABLE (502). Either way the quote stays a quote.
 */
export const ZPaymentResult = z.discriminatedUnion('status', [
  z.object({ status: z.literal('succeeded'), order: ZQuote }),
  z.object({ status: z.literal('requires_action'), clientSecret: z.string() }),
]);
export type TPaymentResult = z.infer<typeof ZPaymentResult>;

/** The card provider the browser talks to: the built-in test gateway, or Stripe with its publishable key. */
export const PAYMENT_PROVIDERS = ['test', 'stripe'] as const;
export type TPaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const ZPaymentConfig = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Stripe's publishable key (public by design); null for the test gateway. */
  publishableKey: z.string().nullable(),
});
export type TPaymentConfig = z.infer<typeof ZPaymentConfig>;

/** setOrderStatus: an administrator sets an order's status (a status type at or below their level; null clears). */
export const ZSetOrderStatusRequest = z.strictObject({ id: ZId, statusTypeId: ZId.nullable() });

/**
 * The spec's send-e-mail payload `{ emails, subject, htmlBody }`: the addresses as a list or a comma-separated
 * string, a subject line and an HTML body, which the server sanitises. Recipients are limited to what the caller
 * may mail (see the routes' rules).
 */
export const ZSendEmailRequest = z.strictObject({
  emails: z.union([
    z.array(ZEmail).min(1).max(50),
    z
      .string()
      .max(50 * 254)
      .transform((value) =>
        value
          .split(',')
          .map((email) => email.trim())
          .filter(Boolean),
      )
      .pipe(z.array(ZEmail).min(1, 'Name at least one recipient.').max(50)),
  ]),
  subject: z.string().trim().min(1, 'Write a subject.').max(200, 'A subject can be at most 200 characters.'),
  htmlBody: z.string().min(1, 'Write a message.').max(100_000, 'A message can be at most 100,000 characters.'),
});
export const ZSendEmailResult = z.object({ ok: z.literal(true), recipients: z.number().int() });

/**
 * The built-in test gateway's cards: the well-known test numbers, each standing for a payment method the browser's
 * card form sends instead of the number (the same `pm_card_*` ids Stripe's test mode accepts), and the message a
 * declined one answers with (Stripe's wording). Any other number is refused by the form.
 */
export const TEST_CARDS = [
  { number: '4242424242424242', brand: 'Visa', paymentMethod: 'pm_card_visa', decline: null },
  { number: '4000056655665556', brand: 'Visa (debit)', paymentMethod: 'pm_card_visa_debit', decline: null },
  { number: '5555555555554444', brand: 'Mastercard', paymentMethod: 'pm_card_mastercard', decline: null },
  { number: '378282246310005', brand: 'American Express', paymentMethod: 'pm_card_amex', decline: null },
  {
    number: '4000000000000002',
    brand: 'Visa',
    paymentMethod: 'pm_card_chargeDeclined',
    decline: 'Your card was declined.',
  },
  {
    number: '4000000000009995',
    brand: 'Visa',
    paymentMethod: 'pm_card_chargeDeclinedInsufficientFunds',
    decline: 'Your card has insufficient funds.',
  },
  {
    number: '4000000000000069',
    brand: 'Visa',
    paymentMethod: 'pm_card_chargeDeclinedExpiredCard',
    decline: 'Your card has expired.',
  },
  {
    number: '4000000000000127',
    brand: 'Visa',
    paymentMethod: 'pm_card_chargeDeclinedIncorrectCvc',
    decline: "Your card's security code is incorrect.",
  },
  {
    number: '4000000000000119',
    brand: 'Visa',
    paymentMethod: 'pm_card_chargeDeclinedProcessingError',
    decline: 'An error occurred while processing your card. Try again in a little bit.',
  },
] as const;
export type TTestCard = (typeof TEST_CARDS)[number];
