import {
  DEFAULT_CURRENCY,
  formatMoney,
  isSameMoney,
  msgLinesRepriced,
  msgQuoteCurrencyChanged,
  type TRepricedLine,
} from '@cpq/contracts';
import type { TDbOrTx } from '../../db/client';
import { withdrawApprovalOnChange } from '../approvals/approval-withdrawal';
import { insertChangesBy, type TChangeCaller, type TRecordChange } from '../audit/change-trail';
import { findProductPrices } from '../products/products.repository';
import {
  currentLinePrice,
  linePricesOf,
  quotePricingOf,
  type TLinePrices,
  type TPricingContext,
} from './line-prices.service';
import { quoteLineTrail, quoteTrail } from './quote-trails';
import { updateQuoteRow } from './quote-writes.repository';
import {
  listQuoteLines,
  recomputeQuoteTotals,
  setLinePrices,
  type TQuoteLineRow,
  type TQuoteRow,
  updateLineRow,
} from './quotes.repository';

const nameOf = (line: TQuoteLineRow) => line.productName ?? line.partNumber ?? `Line ${line.id}`;

/**
 * Prices every line of a quote again as its customer now has it (price list valid today, dealer pricing), inside
 * the caller's transaction with the quote locked: each line whose price changes is written (its sales price
 * following, once the pricing step set one) and audited, and the total follows. Fixed-price lines are priced from
 * one read of their products and written in batches; a configured line is replayed from its configuration. The
 * quote takes the price list's currency (US dollars without one). Answers what changed in words, or null when
 * neither a price nor the currency changed.
 */
export async function repriceQuoteLines(
  ctx: TPricingContext & TChangeCaller & { db: TDbOrTx },
  quote: TQuoteRow,
): Promise<{ quote: TQuoteRow; message: string | null }> {
  const [pricing, lines] = await Promise.all([quotePricingOf(ctx.db, quote), listQuoteLines(ctx.db, quote.id)]);
  const currency = pricing.priceList?.currency ?? DEFAULT_CURRENCY;
  const before = quote.currency;
  const money = (from: string, to: string) => ({ from: formatMoney(from, before), to: formatMoney(to, currency) });
  const fixed = lines.filter((line) => line.isNonConfigurable);
  const productIds = [...new Set(fixed.flatMap((line) => (line.productId === null ? [] : [line.productId])))];
  const productPrices = await findProductPrices(ctx.db, quote.pid, productIds);
  const changed = new Map<number, TRepricedLine>();
  const fixedPrices: ({ id: number } & TLinePrices)[] = [];
  for (const line of fixed) {
    const listPrice = (line.productId === null ? undefined : productPrices.get(line.productId)) ?? line.price;
    const prices = linePricesOf(pricing, line.productId, line.quantity, listPrice);
    const { price } = prices;
    if (isSameMoney(price, line.price)) continue;
    fixedPrices.push({ id: line.id, ...prices });
    changed.set(line.id, { name: nameOf(line), ...money(line.price, price) });
  }
  const events: TRecordChange[] = [];
  const linesById = new Map(lines.map((line) => [line.id, line]));
  for (const updated of await setLinePrices(ctx.db, quote.id, fixedPrices)) {
    const line = linesById.get(updated.id);
    if (line) events.push(quoteLineTrail.updated(line, updated, { via: 'customer' }));
  }
  for (const line of lines.filter((row) => !row.isNonConfigurable)) {
    const priced = await currentLinePrice(ctx, quote, line, pricing, 'customerId');
    if (isSameMoney(priced.price, line.price)) continue;
    const salesPrice = line.salesPrice === null ? null : priced.price;
    const updated = await updateLineRow(ctx.db, line.id, { ...priced, salesPrice });
    events.push(quoteLineTrail.updated(line, updated, { via: 'customer' }));
    changed.set(line.id, { name: nameOf(line), ...money(line.price, priced.price) });
  }
  const isNewCurrency = currency !== before;
  if (changed.size === 0 && !isNewCurrency) return { quote, message: null };
  const listName = pricing.priceList?.name ?? null;
  const currencyMessage = isNewCurrency ? msgQuoteCurrencyChanged(before, currency, listName) : null;
  if (isNewCurrency) {
    const moved = await updateQuoteRow(ctx.db, quote.id, { currency });
    events.push(quoteTrail.updated(quote, moved, { via: 'customer' }));
  }
  await insertChangesBy(ctx.db, ctx, events);
  const totals = await recomputeQuoteTotals(ctx.db, quote.id, 'customerId');
  if (changed.size === 0) return { quote: totals, message: currencyMessage };
  // In the quote's line order, as the Lines tab shows them.
  const named = lines.flatMap((line) => changed.get(line.id) ?? []);
  const prices = msgLinesRepriced(listName, named, money(quote.totalCost, totals.totalCost));
  const repriced = currencyMessage ? `${prices} ${currencyMessage}` : prices;
  const withdrawn = await withdrawApprovalOnChange(ctx.db, ctx, quote);
  return { quote: totals, message: withdrawn ? `${repriced} ${withdrawn}` : repriced };
}
