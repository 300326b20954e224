import Stripe from 'stripe';
import {
  GENERIC_DECLINE,
  PaymentUnavailableError,
  type TChargeOutcome,
  type TPaymentEvent,
  type TPaymentGateway,
  WebhookSignatureError,
} from './payment-gateway';

/** Webhooks older than this (seconds) are refused, so a captured request cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type TStripeSettings = {
  secretKey: string;
  publishableKey: string;
  /** Absent: the webhook route answers that webhooks are not configured. */
  webhookSecret: string | null;
  /** Another address for the API (a stand-in in tests); absent means Stripe's own. */
  apiUrl: URL | null;
  /** Retries of connection errors, 409s and 5xx, always with the same idempotency key (default 2). */
  maxNetworkRetries?: number;
  /** Per request, in milliseconds (default 20 s: the buyer is waiting). */
  timeoutMs?: number;
};

/** The SDK's address options from a URL (`http://127.0.0.1:4010` -> host, port, protocol). */
function addressOf(apiUrl: URL | null) {
  if (!apiUrl) return {};
  const protocol = apiUrl.protocol === 'http:' ? 'http' : 'https';
  return { host: apiUrl.hostname, port: apiUrl.port || (protocol === 'http' ? 80 : 443), protocol } as const;
}

/** A PaymentIntent's state as the app's outcome. */
export function outcomeOfIntent(intent: Stripe.PaymentIntent): TChargeOutcome {
  const providerPaymentId = intent.id;
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', providerPaymentId };
    case 'requires_action':
      return { status: 'requires_action', providerPaymentId, clientSecret: intent.client_secret ?? '' };
    case 'requires_payment_method':
      return { status: 'declined', providerPaymentId, message: intent.last_payment_error?.message ?? GENERIC_DECLINE };
    case 'canceled':
      return { status: 'declined', providerPaymentId, message: 'The payment was canceled.' };
    default:
      return { status: 'processing', providerPaymentId };
  }
}

const UNAVAILABLE_TYPES = new Set(['StripeConnectionError', 'StripeAPIError', 'StripeRateLimitError']);
// A wrong or revoked secret key: the buyer can do nothing about it, and nothing was charged.
const MISCONFIGURED_TYPES = new Set(['StripeAuthenticationError', 'StripePermissionError']);

/** Maps the SDK's errors: a card error is a decline, an unreachable or failing API is PaymentUnavailableError. */
function outcomeOfError(error: unknown): TChargeOutcome {
  if (!(error instanceof Stripe.errors.StripeError)) throw error;
  if (error.type === 'StripeCardError') {
    return { status: 'declined', providerPaymentId: error.payment_intent?.id ?? null, message: error.message };
  }
  // Another request with the same key is still in flight (the SDK already retried): it settles the charge.
  if (error.type === 'StripeIdempotencyError' && error.statusCode === 409) {
    return { status: 'processing', providerPaymentId: null };
  }
  // An unknown or unusable payment method: for the buyer, a declined card.
  if (error.type === 'StripeInvalidRequestError' && error.param === 'payment_method') {
    return { status: 'declined', providerPaymentId: error.payment_intent?.id ?? null, message: GENERIC_DECLINE };
  }
  if (UNAVAILABLE_TYPES.has(error.type) || MISCONFIGURED_TYPES.has(error.type)) {
    throw new PaymentUnavailableError(`Stripe: ${error.type} (${error.statusCode ?? 'no response'})`, {
      cause: error,
    });
  }
  throw error;
}

/** The payment intent a `payment_intent.*` event is about, in the app's terms. */
function paymentOfEvent(event: Stripe.Event): TPaymentEvent['payment'] {
  if (!event.type.startsWith('payment_intent.')) return null;
  const intent = event.data.object as Stripe.PaymentIntent;
  const paymentId = Number(intent.metadata?.paymentId);
  const outcome =
    event.type === 'payment_intent.succeeded'
      ? 'succeeded'
      : event.type === 'payment_intent.payment_failed'
        ? 'failed'
        : null;
  return {
    providerPaymentId: intent.id,
    paymentId: Number.isSafeInteger(paymentId) && paymentId > 0 ? paymentId : null,
    outcome,
    message: intent.last_payment_error?.message ?? null,
  };
}

/**
 * Stripe through its official SDK: a PaymentIntent created and confirmed in one call with the browser's payment
 * method and our idempotency key (no redirects: cards only), retrieved again after 3-D Secure, and webhooks
 * verified over the raw body with a 300 s tolerance.
 */
export function createStripeGateway(settings: TStripeSettings): TPaymentGateway {
  const stripe = new Stripe(settings.secretKey, {
    ...addressOf(settings.apiUrl),
    maxNetworkRetries: settings.maxNetworkRetries ?? 2,
    timeout: settings.timeoutMs ?? 20_000,
    telemetry: false,
    appInfo: { name: 'Open CPQ' },
  });

  return {
    provider: 'stripe',
    publishableKey: settings.publishableKey,
    hasWebhooks: settings.webhookSecret !== null,
    async charge(request) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            payment_method: request.paymentMethodId,
            confirm: true,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            description: request.description,
            metadata: request.metadata,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return outcomeOfIntent(intent);
      } catch (error) {
        return outcomeOfError(error);
      }
    },
    async retrieve(providerPaymentId) {
      try {
        return outcomeOfIntent(await stripe.paymentIntents.retrieve(providerPaymentId));
      } catch (error) {
        return outcomeOfError(error);
      }
    },
    parseWebhook(rawBody, signatureHeader) {
      if (!settings.webhookSecret) throw new WebhookSignatureError('Stripe webhooks are not configured.');
      if (!signatureHeader) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader,
          settings.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new WebhookSignatureError('The webhook signature is invalid or too old.');
        }
        throw new WebhookSignatureError('The webhook body is not a Stripe event.');
      }
      return { id: event.id, type: event.type, payment: paymentOfEvent(event) };
    },
  };
}
