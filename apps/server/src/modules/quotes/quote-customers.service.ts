import { CUSTOMER_PICK_LIMIT, type TParsedRequestOf, type TResultOf } from '@cpq/contracts';
import { listCustomers } from '../customers/customers.repository';
import { findVisibleQuote, type TQuoteContext } from './quotes.service';

/**
 * The customers a quote may be autofilled from: those of the quote's own platform (setQuoteCustomer takes no
 * other), for whoever may see the quote, registered users included, so they need not type a known customer again.
 */
export async function findQuoteCustomers(
  ctx: TQuoteContext,
  body: TParsedRequestOf<'quoteManagement/findQuoteCustomers'>,
): Promise<TResultOf<'quoteManagement/findQuoteCustomers'>> {
  const quote = await findVisibleQuote(ctx.db, ctx.actor, body.quoteId);
  const page = await listCustomers(
    ctx.db,
    { kind: 'platform', pid: quote.pid },
    { search: body.search || undefined, limit: body.limit ?? CUSTOMER_PICK_LIMIT, offset: 0 },
  );
  return { rows: page.rows };
}
