import { isOrder, MSG, msgAlreadyOrdered, type TParsedRequestOf, type TQuote } from '@cpq/contracts';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { loadQuote } from '../quotes/quotes.repository';
import { findVisibleQuote } from '../quotes/quotes.service';
import type { TOrderContext } from './order-context';
import { assertOrderable, checkoutTypeOf, convertToOrder } from './order-placement';

export const CARD_CHECKOUT = 'stripe';

/**
 * Places an order by purchase order: the quote, locked for the transaction, becomes a type 2 order with the PO
 * number. The same request again (a double click, a retry, a second tab) answers the order it placed; an order
 * placed otherwise (another PO number, a card) answers 409.
 */
export async function placeOrder(
  ctx: TOrderContext,
  body: TParsedRequestOf<'quoteManagement/placeOrder'>,
): Promise<TQuote> {
  const { db } = ctx.deps;
  if ((await checkoutTypeOf(db, ctx.actor)) === CARD_CHECKOUT) {
    throw new AppError('FORBIDDEN', MSG.cardCheckoutOnly);
  }
  const order = await withTransaction(db, ctx.log, async (tx, afterCommit) => {
    const quote = await findVisibleQuote(tx, ctx.actor, body.id, true);
    if (isOrder(quote)) {
      if (quote.poNumber === body.poNumber) return quote;
      throw new AppError('CONFLICT', msgAlreadyOrdered(quote.id));
    }
    await assertOrderable(tx, quote, body.version);
    return convertToOrder(tx, afterCommit, ctx, quote, { kind: 'po', poNumber: body.poNumber });
  });
  return loadQuote(db, order);
}
