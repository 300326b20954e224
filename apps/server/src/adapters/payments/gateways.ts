import type { TConfig } from '../../config';
import type { TPaymentGateway } from './payment-gateway';
import { createStripeGateway } from './stripe-gateway';
import { createTestGateway } from './test-gateway';

/** Stripe when STRIPE_SECRET_KEY is set, else the built-in test gateway (no setup). */
export function createPaymentGateway(config: Pick<TConfig, 'stripe'>): TPaymentGateway {
  return config.stripe ? createStripeGateway(config.stripe) : createTestGateway();
}
