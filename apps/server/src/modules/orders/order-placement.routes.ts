import type { TAppDeps } from '../../deps';
import { signedIn, type THandlers } from '../../http/handlers';
import { placeOrder } from './place-order.service';

/** quoteManagement/placeOrder: ordering by purchase order (card payments are paymentManagement/*). */
export function createOrderPlacementHandlers(deps: TAppDeps): THandlers<'quoteManagement/placeOrder'> {
  return {
    'quoteManagement/placeOrder': (body, ctx) =>
      placeOrder({ deps, actor: signedIn(ctx), ip: ctx.ip, log: ctx.log }, body),
  };
}
