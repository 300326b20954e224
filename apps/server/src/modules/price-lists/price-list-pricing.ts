import {
  fromCents,
  percentOf,
  type TCurrency,
  type TMoney,
  type TPriceListEntry,
  toCents,
  toDecimal,
  unitPrice,
} from '@cpq/contracts';
import type { PriceItem } from '@cpq/engine';

/** A customer's price list as it prices a quote: its name (for messages), its currency and its entries. */
export type TAppliedPriceList = { name: string; currency: TCurrency; entries: readonly TPriceListEntry[] };

/** The tier for a quantity among `entries`: the one with the highest `fromQuantity` at or below it. */
function highestTier(entries: Iterable<TPriceListEntry>, quantity: number): TPriceListEntry | null {
  let found: TPriceListEntry | null = null;
  for (const entry of entries) {
    if (entry.fromQuantity > quantity) continue;
    if (!found || entry.fromQuantity > found.fromQuantity) found = entry;
  }
  return found;
}

/** The product's own tier for a quantity (entries naming a value aside); null when none is. */
export function tierFor(
  entries: readonly TPriceListEntry[],
  productId: number,
  quantity: number,
): TPriceListEntry | null {
  return highestTier(
    entries.filter((entry) => entry.productId === productId && entry.optionId === null),
    quantity,
  );
}

/** The tier of one priced value of a product for a quantity; null when the list does not price that value. */
export function valueTierFor(
  entries: readonly TPriceListEntry[],
  productId: number,
  optionId: string,
  valueId: string,
  quantity: number,
): TPriceListEntry | null {
  return highestTier(
    entries.filter(
      (entry) => entry.productId === productId && entry.optionId === optionId && entry.valueId === valueId,
    ),
    quantity,
  );
}

const priceOfTier = (tier: TPriceListEntry, listPrice: TMoney): TMoney =>
  tier.kind === 'price' ? unitPrice(tier.value) : percentOf(listPrice, tier.value);

/**
 * A line's unit price under a price list, held to cents. `listPrice` is the product's price or the configuration's
 * as the engine priced it, `items` (a configured line's) its priced components. Each priced value the list names
 * is priced by its own tier (a price, or a percentage of the value's price) in place of the engine's; the rest of
 * the price follows the product's own tier when it has one. Null when the list prices nothing of the line.
 */
export function priceByList(
  list: TAppliedPriceList | null,
  productId: number | null,
  quantity: number,
  listPrice: TMoney,
  items: readonly PriceItem[] = [],
): TMoney | null {
  if (!list || productId === null) return null;
  let valuesCents = 0;
  let valuesPriced = toDecimal(0);
  let isValuePriced = false;
  for (const item of items) {
    if (item.optionId === undefined || item.value === undefined) continue;
    const tier = valueTierFor(list.entries, productId, item.optionId, item.value, quantity);
    if (!tier) continue;
    isValuePriced = true;
    valuesCents += item.cents;
    valuesPriced = valuesPriced.plus(priceOfTier(tier, fromCents(item.cents)));
  }
  const tier = tierFor(list.entries, productId, quantity);
  if (!isValuePriced) return tier ? priceOfTier(tier, listPrice) : null;
  const rest = fromCents(toCents(listPrice) - valuesCents);
  const restPriced = tier ? priceOfTier(tier, rest) : rest;
  return unitPrice(toDecimal(restPriced).plus(valuesPriced));
}

/** Today as the price lists' validity dates are written (YYYY-MM-DD, UTC). */
export const pricingDay = (now: Date = new Date()): string => now.toISOString().slice(0, 10);
