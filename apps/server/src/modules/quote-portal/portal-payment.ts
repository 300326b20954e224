import type { TDbOrTx } from '../../db/client';
import type { TActor } from '../../lib/actor';
import { checkoutTypeOf } from '../orders/order-placement';
import { CARD_CHECKOUT } from '../orders/place-order.service';

/**
 * How the customer pays when accepting through a link: by card when the quote's owner checks out by card (the rule
 * paymentManagement/payment applies to them), else with a purchase-order number, as Place Order takes it.
 */
export async function portalPaymentMethodOf(db: TDbOrTx, owner: Pick<TActor, 'userId'>): Promise<'card' | 'po'> {
  return (await checkoutTypeOf(db, owner)) === CARD_CHECKOUT ? 'card' : 'po';
}
