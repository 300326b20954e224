import type { TPaymentProvider } from '@cpq/contracts';

/** One card charge as the app asks for it: integer cents, the browser's payment method, and a key that makes it once. */
export type TChargeRequest = {
  amountCents: number;
  /** The quote's currency, lower-case ISO 4217 as card providers take it ('usd', 'eur'). */
  currency: string;
  paymentMethodId: string;
  /** The same key always answers the same charge: a retry never charges twice. */
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
};

/**
 * Where a charge stands. `processing`: the provider has not decided yet (or the same key is in flight in another
 * request); the webhook or a later retry settles it.
 */
export type TChargeOutcome =
  | { status: 'succeeded'; providerPaymentId: string }
  | { status: 'requires_action'; providerPaymentId: string; clientSecret: string }
  | { status: 'declined'; providerPaymentId: string | null; message: string }
  | { status: 'processing'; providerPaymentId: string | null };

/** A verified webhook event, reduced to what the app acts on. */
export type TPaymentEvent = {
  id: string;
  /** The provider's event type, e.g. `payment_intent.succeeded`. */
  type: string;
  /** The charge it is about, when it is about one the app may know. */
  payment: {
    providerPaymentId: string;
    /** Our payments row id, from the charge's metadata. */
    paymentId: number | null;
    outcome: 'succeeded' | 'failed' | null;
    message: string | null;
  } | null;
};

/**
 * The card provider (ARCHITECTURE "Integrations"): the built-in test gateway by default, Stripe when
 * STRIPE_SECRET_KEY is set. `charge` and `retrieve` throw PaymentUnavailableError when the provider cannot be reached
 * or fails, so the caller can say that nothing is known to be charged and keep the attempt open.
 */
export type TPaymentGateway = {
  provider: TPaymentProvider;
  /** The key the browser's card form needs (Stripe's publishable key); null for the test gateway. */
  publishableKey: string | null;
  charge(request: TChargeRequest): Promise<TChargeOutcome>;
  /** The current state of a charge, for the second pass after the buyer confirmed it (3-D Secure). */
  retrieve(providerPaymentId: string): Promise<TChargeOutcome>;
  /** Whether the provider sends webhooks here (Stripe with STRIPE_WEBHOOK_SECRET). */
  hasWebhooks: boolean;
  /** Verifies a webhook's signature (and age) over the raw body; throws WebhookSignatureError when it fails. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): TPaymentEvent;
};

/** The provider could not be reached, timed out or failed on its side: the charge may or may not have happened. */
export class PaymentUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentUnavailableError';
  }
}

/** A webhook whose signature does not verify, is missing, or is older than the tolerance. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** The message for a card declined without one of its own (Stripe's generic wording). */
export const GENERIC_DECLINE = 'Your card was declined.';
