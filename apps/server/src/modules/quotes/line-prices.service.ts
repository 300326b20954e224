import { fromCents, type TMoney, toCents, unitPrice } from '@cpq/contracts';
import type { PriceItem } from '@cpq/engine';
import type { CompiledModels } from '../../compiler/compiled-models';
import type { TDbOrTx } from '../../db/client';
import { findConfigurationRow, updateConfigurationRow } from '../configurations/configurations.repository';
import { priceConfiguration } from '../configurations/line-pricing';
import { priceByList, pricingDay, type TAppliedPriceList } from '../price-lists/price-list-pricing';
import { findCustomerPriceList } from '../price-lists/price-lists.repository';
import { findProductRow } from '../products/products.repository';
import type { TQuoteLineRow, TQuoteRow } from './quotes.repository';
import { dealerPricingOf } from './quotes.repository';

export type TPricingContext = { db: TDbOrTx; models: CompiledModels };

/**
 * What prices a quote's lines besides each line itself, from the quote's customer: dealer pricing (configured
 * lines' `co_type`) and the customer's price list when it is valid today.
 */
export type TQuotePricing = { isDealer: boolean; priceList: TAppliedPriceList | null };

/**
 * The quote's pricing as its customer now gives it; `productIds` narrows the price list's entries read to those
 * products (a single line's change).
 */
export async function quotePricingOf(
  db: TDbOrTx,
  quote: Pick<TQuoteRow, 'id' | 'contactId'> | null,
  productIds?: number[],
): Promise<TQuotePricing> {
  if (!quote || quote.contactId === null) return { isDealer: false, priceList: null };
  const [isDealer, priceList] = await Promise.all([
    dealerPricingOf(db, quote.id),
    findCustomerPriceList(db, quote.contactId, pricingDay(), productIds),
  ]);
  return { isDealer, priceList };
}

/** A line's prices as the waterfall keeps them: unit list price, the list's first-tier price, the price at its tier. */
export type TLinePrices = { price: TMoney; listPrice: TMoney; priceListPrice: TMoney | null };

/**
 * A line's unit price from its list price (the price list's, when it prices the product at this quantity) with what
 * the waterfall shows of it: the list price and the price list's price at the product's first tier (null when the
 * list does not price the line).
 */
export function linePricesOf(
  pricing: TQuotePricing,
  productId: number | null,
  quantity: number,
  listPrice: TMoney,
): TLinePrices {
  const listed = priceByList(pricing.priceList, productId, quantity, listPrice);
  const list = unitPrice(listPrice);
  if (listed === null || productId === null || !pricing.priceList) {
    return { price: list, listPrice: list, priceListPrice: null };
  }
  const first = Math.min(
    ...pricing.priceList.entries.filter((entry) => entry.productId === productId).map((entry) => entry.fromQuantity),
  );
  return {
    price: listed,
    listPrice: list,
    priceListPrice: priceByList(pricing.priceList, productId, first, listPrice),
  };
}

/** Whether the quote's price list has any entry for the product (its tiers then decide the line's price). */
const isListed = (pricing: TQuotePricing, productId: number | null): boolean =>
  productId !== null && (pricing.priceList?.entries.some((entry) => entry.productId === productId) ?? false);

/**
 * A configured line re-priced by the server for `quantity`: its configuration replayed under the quote's customer's
 * dealer pricing and that quantity (a quantity break, or a quantity option set to it), then the customer's price
 * list applied to that list price; the configuration row keeps what the engine priced. A line without its
 * configuration keeps its price. Answers the line's new values.
 */
async function configuredLinePrice(
  ctx: TPricingContext,
  quote: TQuoteRow,
  line: TQuoteLineRow,
  pricing: TQuotePricing,
  quantity: number,
  field: string,
) {
  const row = line.configurationId === null ? null : await findConfigurationRow(ctx.db, line.configurationId);
  if (!row) return { price: unitPrice(line.price) };
  const priced = await priceConfiguration(ctx, row, { isDealer: pricing.isDealer, quantity }, field);
  // Only the line's own configuration follows it (a copied quote's lines name the original's configurations).
  if (row.quoteId === quote.id && row.lineId === line.id) {
    await updateConfigurationRow(ctx.db, row.id, {
      choices: priced.choices,
      params: priced.params,
      priceCents: priced.priceCents,
      details: priced.ui.Details,
    });
  }
  return {
    ...linePricesOf(pricing, line.productId, quantity, fromCents(priced.priceCents)),
    details: priced.ui.Details,
  };
}

/**
 * A fixed-price line's price now: from its product's price today under the price list's tiers when the list prices
 * the product, else as it was (`keep`) or at the product's price today.
 */
async function fixedLinePrice(
  ctx: TPricingContext,
  quote: TQuoteRow,
  line: TQuoteLineRow,
  pricing: TQuotePricing,
  quantity: number,
  keep: boolean,
) {
  if (keep && !isListed(pricing, line.productId)) return { price: unitPrice(line.price) };
  const product =
    line.productId === null ? null : await findProductRow(ctx.db, { kind: 'platform', pid: quote.pid }, line.productId);
  return linePricesOf(pricing, line.productId, quantity, product?.defaultPrice ?? line.price);
}

/**
 * The price the server gives a line of `quantity` now, when its quantity changes (`updateLine`): a configured line
 * is priced again from its configuration (quantity breaks follow the quantity); a fixed-price line follows its price
 * list's tiers when the customer's list prices its product, else keeps its price.
 */
export async function priceForQuantity(
  ctx: TPricingContext,
  quote: TQuoteRow,
  line: TQuoteLineRow,
  quantity: number,
  field: string,
) {
  const pricing = await quotePricingOf(ctx.db, quote, line.productId === null ? [] : [line.productId]);
  if (line.isNonConfigurable) return fixedLinePrice(ctx, quote, line, pricing, quantity, true);
  return configuredLinePrice(ctx, quote, line, pricing, quantity, field);
}

/**
 * The price the server gives a line as it stands, for the pricing step (`updateSolidfitLinePricing`) and a change
 * of the quote's customer: a configured line from its configuration, a fixed-price line at its product's price today
 * (its own price when the product is gone or no longer has one), either under the customer's price list (`pricing`,
 * read once by the caller). Nothing a client sends enters it.
 */
export async function currentLinePrice(
  ctx: TPricingContext,
  quote: TQuoteRow,
  line: TQuoteLineRow,
  pricing: TQuotePricing,
  field: string,
) {
  if (!line.isNonConfigurable) return configuredLinePrice(ctx, quote, line, pricing, line.quantity, field);
  return fixedLinePrice(ctx, quote, line, pricing, line.quantity, false);
}

/**
 * A configured line's priced components with the price list's part added (`Price list <name>`), so that a line's
 * pricing document still adds up to its unit price when the list changed the engine's price.
 */
export function withPriceListItem(
  items: readonly PriceItem[],
  pricing: TQuotePricing,
  listCents: number,
  price: TMoney,
): PriceItem[] {
  const cents = toCents(price) - listCents;
  if (cents === 0 || !pricing.priceList) return [...items];
  return [...items, { caption: `Price list ${pricing.priceList.name}`, cents }];
}
