import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from '@cpq/contracts';
import {
  GENERIC_DECLINE,
  type TChargeOutcome,
  type TChargeRequest,
  type TPaymentGateway,
  WebhookSignatureError,
} from './payment-gateway';

/** The built-in test gateway with its ledger open to tests: how many charges it made. */
export type TTestGateway = TPaymentGateway & { chargeCount(): number };

/**
 * The built-in card gateway (no setup, no network): TEST_CARDS' payment methods without a decline succeed, the
 * decline ones answer their message, anything else is declined. Idempotent by key like a real provider: the same
 * key answers the same outcome and never charges again. The ledger lives in the process; it stands in for a
 * provider in the demo and in tests, and moves no money.
 */
export function createTestGateway(): TTestGateway {
  const byKey = new Map<string, TChargeOutcome>();
  const byId = new Map<string, TChargeOutcome>();
  let charges = 0;

  function decide(request: TChargeRequest): TChargeOutcome {
    const providerPaymentId = `test_pi_${randomUUID().replaceAll('-', '')}`;
    const card = TEST_CARDS.find((item) => item.paymentMethod === request.paymentMethodId);
    if (!card) return { status: 'declined', providerPaymentId, message: GENERIC_DECLINE };
    if (card.decline !== null) return { status: 'declined', providerPaymentId, message: card.decline };
    charges += 1;
    return { status: 'succeeded', providerPaymentId };
  }

  return {
    provider: 'test',
    publishableKey: null,
    hasWebhooks: false,
    async charge(request) {
      const known = byKey.get(request.idempotencyKey);
      if (known) return known;
      const outcome = decide(request);
      byKey.set(request.idempotencyKey, outcome);
      if (outcome.providerPaymentId) byId.set(outcome.providerPaymentId, outcome);
      return outcome;
    },
    async retrieve(providerPaymentId) {
      return byId.get(providerPaymentId) ?? { status: 'declined', providerPaymentId, message: GENERIC_DECLINE };
    },
    parseWebhook() {
      throw new WebhookSignatureError('The built-in test gateway sends no webhooks.');
    },
    chargeCount: () => charges,
  };
}
