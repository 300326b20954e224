import { percentOf, type TMoney, type TPriceListEntry, unitPrice } from '@cpq/contracts';

/** A customer's price list as it prices a quote: its name (for messages) and its entries. */
export type TAppliedPriceList = { name: string; entries: readonly TPriceListEntry[] };

/** The product's tier for a quantity: the one with the highest `fromQuantity` at or below it; null when none is. */
export function tierFor(
  entries: readonly TPriceListEntry[],
  productId: number,
  quantity: number,
): TPriceListEntry | null {
  let found: TPriceListEntry | null = null;
  for (const entry of entries) {
    if (entry.productId !== productId || entry.fromQuantity > quantity) continue;
    if (!found || entry.fromQuantity > found.fromQuantity) found = entry;
  }
  return found;
}

/**
 * A line's unit price under a price list: its tier's price, or its tier's percentage of `listPrice` (the product's
 * price, or the configuration's as the engine priced it), held to cents. Null when the list has no tier for it.
 */
export function priceByList(
  list: TAppliedPriceList | null,
  productId: number | null,
  quantity: number,
  listPrice: TMoney,
): TMoney | null {
  if (!list || productId === null) return null;
  const tier = tierFor(list.entries, productId, quantity);
  if (!tier) return null;
  return tier.kind === 'price' ? unitPrice(tier.value) : percentOf(listPrice, tier.value);
}

/** Today as the price lists' validity dates are written (YYYY-MM-DD, UTC). */
export const pricingDay = (now: Date = new Date()): string => now.toISOString().slice(0, 10);
