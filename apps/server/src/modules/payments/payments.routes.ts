import type { TAppDeps } from '../../deps';
import { signedIn, type THandlers } from '../../http/handlers';
import { payByCard, paymentConfigOf } from './payments.service';

/** paymentManagement/*: card checkout (the webhook is a raw-body route: payment-webhook.routes.ts). */
export function createPaymentHandlers(
  deps: TAppDeps,
): THandlers<'paymentManagement/payment' | 'paymentManagement/getPaymentConfig'> {
  return {
    'paymentManagement/payment': (body, ctx) =>
      payByCard({ deps, actor: signedIn(ctx), ip: ctx.ip, log: ctx.log }, body),
    'paymentManagement/getPaymentConfig': async () => paymentConfigOf(deps),
  };
}
