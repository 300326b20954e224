import { z } from 'zod';
import { ZId, ZIsoDate, ZVersion } from '../common';
import { CURRENCIES } from '../money';
import { ZMoney } from './reference';

/** The currencies a price list may be in (ISO 4217); its customers' quotes are in its currency. */
export const PRICE_LIST_CURRENCIES = CURRENCIES;
export const ZPriceListCurrency = z.enum(PRICE_LIST_CURRENCIES, { error: 'Choose a currency from the list.' });

/** How an entry prices a product: a price of its own, or a percentage of the product's list price. */
export const PRICE_ENTRY_KINDS = ['price', 'percent'] as const;
export const ZPriceEntryKind = z.enum(PRICE_ENTRY_KINDS);
export type TPriceEntryKind = z.infer<typeof ZPriceEntryKind>;

/**
 * One tier of a product in a price list: from `fromQuantity` units on a line, the product is priced at `value`
 * (kind 'price') or at `value` per cent of its list price (kind 'percent'). A line takes the product's tier with the
 * highest `fromQuantity` at or below its quantity. With `optionId` and `valueId` the tier prices one priced value of
 * a configurable product's model instead (its part of a configured line's price), when a configuration has it.
 */
export const ZPriceListEntry = z.object({
  productId: ZId,
  optionId: z.string().nullable(),
  valueId: z.string().nullable(),
  fromQuantity: z.number().int().min(1),
  kind: ZPriceEntryKind,
  value: ZMoney,
});
export type TPriceListEntry = z.infer<typeof ZPriceListEntry>;

/** An entry as the API answers it: with its product's part number and name, for the form's table. */
export const ZPriceListEntryView = ZPriceListEntry.extend({ productNumber: z.string(), productName: z.string() });
export type TPriceListEntryView = z.infer<typeof ZPriceListEntryView>;

export const ZPriceList = z.object({
  version: ZVersion,
  id: ZId,
  name: z.string(),
  currency: ZPriceListCurrency,
  /** First and last day (YYYY-MM-DD, inclusive) the list prices quotes; null is open-ended. */
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  pid: z.string(),
  entries: z.array(ZPriceListEntryView),
  /** How many customers are assigned this list (a list in use cannot be deleted). */
  customerCount: z.number().int(),
  createdAt: ZIsoDate,
});
export type TPriceList = z.infer<typeof ZPriceList>;

/** A priced value of a configurable product's current model, as a price list entry may name it. */
export const ZPricedValue = z.object({
  optionId: z.string(),
  valueId: z.string(),
  /** 'Frame: Carbon', as the line's pricing document names it. */
  caption: z.string(),
  /** The value's price in the model (its list price). */
  price: ZMoney,
});
export type TPricedValue = z.infer<typeof ZPricedValue>;
