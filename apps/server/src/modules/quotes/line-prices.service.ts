import { fromCents, unitPrice } from '@cpq/contracts';
import type { CompiledModels } from '../../compiler/compiled-models';
import type { TDbOrTx } from '../../db/client';
import { findConfigurationRow, updateConfigurationRow } from '../configurations/configurations.repository';
import { priceConfiguration, type TPricingFacts } from '../configurations/line-pricing';
import { findProductRow } from '../products/products.repository';
import type { TQuoteLineRow, TQuoteRow } from './quotes.repository';
import { dealerPricingOf } from './quotes.repository';

export type TPricingContext = { db: TDbOrTx; models: CompiledModels };

/**
 * A configured line re-priced by the server for `quantity`: its configuration replayed under the quote's customer's
 * dealer pricing and that quantity (a quantity break, or a quantity option set to it), the configuration row keeping
 * what the line now shows. A line without its configuration keeps its price. Answers the line's new values.
 */
async function configuredLinePrice(
  ctx: TPricingContext,
  quote: TQuoteRow,
  line: TQuoteLineRow,
  facts: TPricingFacts,
  field: string,
) {
  const row = line.configurationId === null ? null : await findConfigurationRow(ctx.db, line.configurationId);
  if (!row) return { price: unitPrice(line.price) };
  const priced = await priceConfiguration(ctx, row, facts, field);
  // Only the line's own configuration follows it (a copied quote's lines name the original's configurations).
  if (row.quoteId === quote.id && row.lineId === line.id) {
    await updateConfigurationRow(ctx.db, row.id, {
      choices: priced.choices,
      params: priced.params,
      priceCents: priced.priceCents,
      details: priced.ui.Details,
    });
  }
  return { price: fromCents(priced.priceCents), details: priced.ui.Details };
}

/**
 * The price the server gives a line of `quantity` now, when its quantity changes (`updateLine`): a configured line
 * is priced again from its configuration (quantity breaks follow the quantity); a fixed-price line keeps its price.
 */
export async function priceForQuantity(
  ctx: TPricingContext,
  quote: TQuoteRow,
  line: TQuoteLineRow,
  quantity: number,
  field: string,
) {
  if (line.isNonConfigurable) return { price: unitPrice(line.price) };
  return configuredLinePrice(ctx, quote, line, { isDealer: await dealerPricingOf(ctx.db, quote.id), quantity }, field);
}

/**
 * The price the server gives a line as it stands, for the pricing step (`updateSolidfitLinePricing`): a configured
 * line from its configuration (`isDealer`: the quote's customer's pricing, read once by the caller), a fixed-price
 * line at its product's price today (its own price when the product is gone or no longer has one). Nothing a client
 * sends enters it.
 */
export async function currentLinePrice(
  ctx: TPricingContext,
  quote: TQuoteRow,
  line: TQuoteLineRow,
  isDealer: boolean,
  field: string,
) {
  if (!line.isNonConfigurable) {
    return configuredLinePrice(ctx, quote, line, { isDealer, quantity: line.quantity }, field);
  }
  const product =
    line.productId === null ? null : await findProductRow(ctx.db, { kind: 'platform', pid: quote.pid }, line.productId);
  return { price: unitPrice(product?.defaultPrice ?? line.price) };
}
