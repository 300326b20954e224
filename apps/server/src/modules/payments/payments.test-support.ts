import {
  PaymentUnavailableError,
  type TChargeRequest,
  type TPaymentGateway,
} from '../../adapters/payments/payment-gateway';
import { createTestGateway } from '../../adapters/payments/test-gateway';

/** How the scripted gateway answers the next charges: as the test gateway, unreachable, or with a 3-D Secure step. */
export type TGatewayMode = 'normal' | 'unavailable' | 'challenge';

/**
 * The built-in test gateway with a switch, for API tests: `unavailable` throws PaymentUnavailableError (a network
 * failure), `challenge` answers requires_action until `confirm(id)`, after which `retrieve` charges the card.
 * `chargeCount` counts the cards actually charged; `calls` every charge request (with its idempotency key).
 */
export function scriptedGateway() {
  const inner = createTestGateway();
  const challenged = new Map<string, { request: TChargeRequest; isConfirmed: boolean }>();
  const calls: TChargeRequest[] = [];
  let mode: TGatewayMode = 'normal';

  const gateway: TPaymentGateway = {
    ...inner,
    async charge(request) {
      calls.push(request);
      if (mode === 'unavailable') throw new PaymentUnavailableError('scripted: the provider timed out');
      if (mode === 'challenge') {
        const providerPaymentId = `pi_challenge_${request.idempotencyKey}`;
        if (!challenged.has(providerPaymentId)) challenged.set(providerPaymentId, { request, isConfirmed: false });
        return { status: 'requires_action', providerPaymentId, clientSecret: `${providerPaymentId}_secret` };
      }
      return inner.charge(request);
    },
    async retrieve(providerPaymentId) {
      if (mode === 'unavailable') throw new PaymentUnavailableError('scripted: the provider timed out');
      const challenge = challenged.get(providerPaymentId);
      if (!challenge) return inner.retrieve(providerPaymentId);
      if (!challenge.isConfirmed) {
        return { status: 'requires_action', providerPaymentId, clientSecret: `${providerPaymentId}_secret` };
      }
      const outcome = await inner.charge(challenge.request);
      return outcome.status === 'succeeded' ? { status: 'succeeded', providerPaymentId } : outcome;
    },
  };
  return {
    gateway,
    calls,
    chargeCount: () => inner.chargeCount(),
    setMode(next: TGatewayMode) {
      mode = next;
    },
    confirm(providerPaymentId: string) {
      const challenge = challenged.get(providerPaymentId);
      if (challenge) challenge.isConfirmed = true;
    },
  };
}
