import { formatMoney, isSameMoney, msgLinesRepriced, type TRepricedLine } from '@cpq/contracts';
import type { TDbOrTx } from '../../db/client';
import { insertChangesBy, type TChangeCaller } from '../audit/change-trail';
import { currentLinePrice, quotePricingOf, type TPricingContext } from './line-prices.service';
import { quoteLineTrail } from './quote-trails';
import { listQuoteLines, recomputeQuoteTotals, type TQuoteRow, updateLineRow } from './quotes.repository';

/**
 * Prices every line of a quote again as its customer now has it (price list valid today, dealer pricing), inside
 * the caller's transaction with the quote locked: each line whose price changes is written (its sales price
 * following, once the pricing step set one) and audited, and the total follows. Answers what changed in words, or
 * null when no price changed.
 */
export async function repriceQuoteLines(
  ctx: TPricingContext & TChangeCaller & { db: TDbOrTx },
  quote: TQuoteRow,
): Promise<{ quote: TQuoteRow; message: string | null }> {
  const pricing = await quotePricingOf(ctx.db, quote);
  const changed: TRepricedLine[] = [];
  for (const line of await listQuoteLines(ctx.db, quote.id)) {
    const priced = await currentLinePrice(ctx, quote, line, pricing, 'customerId');
    if (isSameMoney(priced.price, line.price)) continue;
    const salesPrice = line.salesPrice === null ? null : priced.price;
    const updated = await updateLineRow(ctx.db, line.id, { ...priced, salesPrice });
    await insertChangesBy(ctx.db, ctx, [quoteLineTrail.updated(line, updated, { via: 'customer' })]);
    const name = line.productName ?? line.partNumber ?? `Line ${line.id}`;
    changed.push({ name, from: formatMoney(line.price), to: formatMoney(priced.price) });
  }
  if (changed.length === 0) return { quote, message: null };
  const totals = await recomputeQuoteTotals(ctx.db, quote.id, 'customerId');
  const total = { from: formatMoney(quote.totalCost), to: formatMoney(totals.totalCost) };
  return { quote: totals, message: msgLinesRepriced(pricing.priceList?.name ?? null, changed, total) };
}
