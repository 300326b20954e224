import { type Environment, evaluate, evaluateTruth, roundHalfAway } from '../expr';
import type { ProductModel } from '../model/model';
import type { ParsedExpressions } from '../model/model-expressions';

/** Ids of a quantity option, in order of preference (a number option a model may declare for quantity breaks). */
const QUANTITY_OPTIONS = ['Quantity', 'quantity'];
/** Params that carry the line quantity, in order of preference (`Line_Qty` is the spec's initial parameter). */
const QUANTITY_PARAMS = ['Quantity', 'Line_Qty'];

/** The quantity price breaks read: a `Quantity` option, else the `Quantity` or `Line_Qty` param, else 1. */
export const quantityOf = (env: Environment): number => {
  for (const id of QUANTITY_OPTIONS) {
    const value = env.valueOf(id);
    if (typeof value === 'number' && value > 0) return value;
  }
  for (const name of QUANTITY_PARAMS) {
    const raw = env.param(name);
    const value = typeof raw === 'string' ? Number(raw.replace(/,/g, '')) : raw;
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value;
  }
  return 1;
};

/** The factor of the largest break whose `minQuantity` the quantity reaches (1 without one). */
export const breakFactor = (breaks: readonly { minQuantity: number; factor: number }[] | undefined, quantity: number) =>
  (breaks ?? [])
    .filter((entry) => quantity >= entry.minQuantity)
    .reduce((best, entry) => (entry.minQuantity >= best.minQuantity ? entry : best), { minQuantity: 0, factor: 1 })
    .factor;

/**
 * One priced component of a configured unit price: what it is, in words, and its integer cents. A value's price
 * also names its option and value (what a price list may price on its own).
 */
export type PriceItem = {
  readonly caption: string;
  readonly cents: number;
  readonly optionId?: string;
  readonly value?: string;
};

/** The caption of a priced line: its own, else its id; with the quantity-break factor when one applies. */
const lineCaption = (line: { id: string; caption?: string | undefined }, factor: number): string => {
  const caption = line.caption ?? line.id;
  return factor === 1 ? caption : `${caption} (quantity break x ${factor})`;
};

/**
 * Every priced component of the configured unit price, in integer cents, in model order: `base` ('Base price'),
 * then the `price` of each counted option's value ('Opener: Standard motor'), then every pricing line whose
 * `when` is true (unknown counts as false), its `amount` rounded half away from zero to cents, then multiplied by
 * its quantity-break factor and rounded again. Components of zero cents are left out; the items add up exactly
 * to {@link priceCents}. `valueOf` should read hidden options as unknown.
 */
export const priceItems = (
  model: ProductModel,
  expressions: ParsedExpressions,
  env: Environment,
  countedValue: (optionId: string) => string | undefined,
): PriceItem[] => {
  const items: PriceItem[] = [];
  const base = model.pricing?.base ?? 0;
  if (base !== 0) items.push({ caption: 'Base price', cents: base });
  for (const option of model.options) {
    const value = countedValue(option.id);
    if (value === undefined) continue;
    const entry = option.values?.find((candidate) => candidate.value === value);
    const cents = entry?.price ?? 0;
    if (cents !== 0)
      items.push({ caption: `${option.caption}: ${entry?.caption ?? value}`, cents, optionId: option.id, value });
  }
  const quantity = quantityOf(env);
  model.pricing?.lines?.forEach((line, i) => {
    const when = expressions.get(`pricing.lines[${i}].when`);
    if (when && evaluateTruth(when, env) !== true) return;
    const amount = expressions.get(`pricing.lines[${i}].amount`);
    const value = amount ? evaluate(amount, env) : null;
    if (typeof value !== 'number') return;
    const factor = breakFactor(line.quantityBreaks, quantity);
    const cents = roundHalfAway((roundHalfAway(value) ?? 0) * factor) ?? 0;
    if (cents !== 0) items.push({ caption: lineCaption(line, factor), cents });
  });
  return items;
};

/** The configured unit price in integer cents: the sum of its {@link priceItems}. */
export const priceCents = (
  model: ProductModel,
  expressions: ParsedExpressions,
  env: Environment,
  countedValue: (optionId: string) => string | undefined,
): number => priceItems(model, expressions, env, countedValue).reduce((total, item) => total + item.cents, 0);

/** Cents as the spec's dollar amount with two decimals, e.g. 123456 -> '1234.56'. */
export const formatDollars = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};
