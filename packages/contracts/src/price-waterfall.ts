import Big from 'big.js';
import { ADMIN_LEVEL } from './enums';
import { formatMoney, isLineCounted, type TMoney, toDecimal, unitPrice } from './money';

/**
 * The price waterfall of a quote line: from its list price through the customer's price list, the quantity tier,
 * the line discount and its share of the quote discount down to its net, each step an exact amount in cents for
 * the whole line (unit price times quantity), the steps adding up exactly to the net. The server stores totals by
 * these rules and the Lines tab, the Summary, the PDF and the e-mail show them, so every surface agrees to the cent.
 *
 * Rules, each rounding once, half away from zero:
 * - a line's amount before discounts is its unit price (held to cents) times its quantity (`lineTotal`);
 * - its amount after the line discount is that times (100 - discount) / 100, held to cents;
 * - the quote's subtotal is the sum of those over the counted lines; the quote discount is the subtotal times the
 *   quote's per cent, held to cents; the total is the subtotal less the quote discount;
 * - the quote discount is shared among the counted lines in proportion to their amounts, each share rounded down to
 *   the cent and the cents left over given to the lines with the largest remainders (the first line on a tie), so
 *   the shares add up to the quote discount exactly and none exceeds its line's amount.
 */

/** One line as the waterfall reads it: unit amounts as the line stores them, a per cent as decimal text. */
export type TWaterfallLineInput = {
  /** Unit price after the price list and its tier, before any discount (the line's `price`). */
  price: TMoney;
  quantity: number;
  /** Unit list price before any price list; unknown (null) reads as the price. */
  listPrice?: TMoney | null;
  /** Unit price of the price list at its first tier; null when no list priced the line. */
  priceListPrice?: TMoney | null;
  /** Line discount in per cent, '0'..'100'. */
  discountPercent?: string;
  /** Unit cost; null when unknown. */
  cost?: TMoney | null;
  /** An optional line the customer left out is outside the totals (isLineCounted). */
  selected?: boolean;
};

export const WATERFALL_STEPS = ['list', 'priceList', 'tier', 'lineDiscount', 'quoteDiscount'] as const;
export type TWaterfallStepKind = (typeof WATERFALL_STEPS)[number];
export type TWaterfallStep = { kind: TWaterfallStepKind; amount: TMoney };

/** Cost and margin of a line or a quote: null where the cost is not known. */
export type TMargin = { cost: TMoney | null; margin: TMoney | null; marginPercent: string | null };

export type TLineWaterfall = TMargin & {
  /** list (the starting amount), then the changes; they add up to `net`. */
  steps: TWaterfallStep[];
  /** Unit price times quantity, before discounts. */
  gross: TMoney;
  /** After the line discount. */
  afterLineDiscount: TMoney;
  net: TMoney;
  isCounted: boolean;
};

export type TQuoteWaterfall = TMargin & {
  lines: TLineWaterfall[];
  /** Sum of the counted lines after their line discounts. */
  subtotal: TMoney;
  discountPercent: string;
  /** The quote discount as an amount (not negative for a subtotal that is not). */
  discount: TMoney;
  total: TMoney;
};

/**
 * Whether a caller sees cost and margin: administrators (level 5 and up) always, others when their role allows
 * (`showsMargin`). The server leaves cost out of its answers to everyone else.
 */
export const canSeeMargin = (viewer: { roleLevel: number; showsMargin?: boolean | undefined }): boolean =>
  viewer.roleLevel >= ADMIN_LEVEL || viewer.showsMargin === true;

const Decimal = Big();
Decimal.DP = 20;
Decimal.RM = Big.roundHalfUp;

const cents = (value: Big): TMoney => unitPrice(value);
const PERCENT_TEXT = /^\d{1,3}(\.\d{1,4})?$/;

/** A per cent as decimal text, checked to lie in 0..100. Throws otherwise. */
export function toPercent(percent: string | undefined): Big {
  const text = (percent ?? '0').trim();
  if (!PERCENT_TEXT.test(text)) throw new RangeError(`Not a per cent: ${String(percent)}`);
  const value = new Decimal(text);
  if (value.gt(100)) throw new RangeError(`Not a per cent: ${text}`);
  return value;
}

/** A per cent as the API answers it: shortest decimal text ('40.0000' -> '40', '12.5000' -> '12.5'). */
export const percentText = (percent: string | undefined): string => toPercent(percent).toFixed();

/** An amount less a per cent of it, held to cents: ('200.00', '12.5') -> '175.00'. */
export function afterDiscount(amount: TMoney | Big, percent: string | undefined): TMoney {
  return cents(
    toDecimal(amount)
      .times(new Decimal(100).minus(toPercent(percent)))
      .div(100),
  );
}

/** A per cent of an amount, held to cents: the quote discount of a subtotal. */
export function discountOf(amount: TMoney | Big, percent: string | undefined): TMoney {
  return cents(toDecimal(amount).times(toPercent(percent)).times(0.01));
}

/** Margin of an amount over a cost, with its per cent of the amount (2 decimals; null on a zero amount). */
export function marginOf(net: TMoney, cost: TMoney | null): TMargin {
  if (cost === null) return { cost: null, margin: null, marginPercent: null };
  const margin = toDecimal(net).minus(cost);
  const percent = toDecimal(net).eq(0) ? null : margin.times(100).div(net).round(2, Big.roundHalfUp).toFixed(2);
  return { cost, margin: cents(margin), marginPercent: percent };
}

const lineCost = (line: TWaterfallLineInput): TMoney | null =>
  line.cost === null || line.cost === undefined ? null : cents(toDecimal(line.cost).times(line.quantity));

/**
 * A line's waterfall with its share of the quote discount (an amount in cents, 0 when the quote has none or the
 * line is not counted). See the module's rules.
 */
export function lineWaterfall(line: TWaterfallLineInput, quoteDiscountShare: TMoney = '0'): TLineWaterfall {
  if (!Number.isSafeInteger(line.quantity)) throw new RangeError(`Not a whole quantity: ${line.quantity}`);
  const quantity = line.quantity;
  const price = toDecimal(unitPrice(line.price));
  const listed = toDecimal(unitPrice(line.priceListPrice ?? line.price));
  const list = toDecimal(unitPrice(line.listPrice ?? line.priceListPrice ?? line.price));
  const gross = price.times(quantity);
  const afterLine = toDecimal(afterDiscount(gross, line.discountPercent));
  const net = afterLine.minus(quoteDiscountShare);
  const steps: TWaterfallStep[] = [
    { kind: 'list', amount: cents(list.times(quantity)) },
    { kind: 'priceList', amount: cents(listed.minus(list).times(quantity)) },
    { kind: 'tier', amount: cents(price.minus(listed).times(quantity)) },
    { kind: 'lineDiscount', amount: cents(afterLine.minus(gross)) },
    { kind: 'quoteDiscount', amount: cents(new Decimal(0).minus(quoteDiscountShare)) },
  ];
  return {
    steps,
    gross: cents(gross),
    afterLineDiscount: cents(afterLine),
    net: cents(net),
    isCounted: isLineCounted(line),
    ...marginOf(cents(net), lineCost(line)),
  };
}

/** Whole cents of an amount held to cents, as a BigInt. */
const centsOf = (amount: TMoney): bigint => BigInt(toDecimal(amount).times(100).toFixed(0));
const fromCentsBig = (value: bigint): TMoney => cents(new Decimal(value.toString()).div(100));

/**
 * The quote discount shared among amounts (each in cents): proportional shares rounded down to the cent, the
 * leftover cents to the largest remainders (first on a tie), adding up to `discount` exactly.
 */
export function shareDiscount(amounts: readonly TMoney[], percent: string | undefined, discount: TMoney): TMoney[] {
  // The per cent has at most 4 decimals: shares are exact in units of 1 / 1,000,000 of a cent.
  const scaled = BigInt(toPercent(percent).times(10000).toFixed(0));
  const whole = 1_000_000n;
  const parts = amounts.map((amount) => {
    const numerator = centsOf(amount) * scaled;
    let floor = numerator / whole;
    if (numerator < 0n && floor * whole !== numerator) floor -= 1n;
    return { floor, remainder: numerator - floor * whole };
  });
  let left = centsOf(discount) - parts.reduce((sum, part) => sum + part.floor, 0n);
  const order = parts
    .map((part, index) => ({ index, remainder: part.remainder }))
    .filter((part) => part.remainder > 0n)
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  const shares = parts.map((part) => part.floor);
  for (const { index } of order) {
    if (left <= 0n) break;
    shares[index] = (shares[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return shares.map(fromCentsBig);
}

/**
 * A quote's waterfall: every line's (with its share of the quote discount), the subtotal, the quote discount, the
 * total, and cost and margin (known when every counted line's cost is). See the module's rules.
 */
export function quoteWaterfall(lines: readonly TWaterfallLineInput[], discountPercent = '0'): TQuoteWaterfall {
  const before = lines.map((line) => lineWaterfall(line));
  const counted = before.flatMap((line, index) => (line.isCounted ? [index] : []));
  const subtotal = counted.reduce((sum, index) => sum.plus(before[index]?.afterLineDiscount ?? '0'), new Decimal(0));
  const discount = discountOf(subtotal, discountPercent);
  const shares = shareDiscount(
    counted.map((index) => before[index]?.afterLineDiscount ?? '0'),
    discountPercent,
    discount,
  );
  const shareOf = new Map(counted.map((index, position) => [index, shares[position] ?? '0']));
  const waterfalls = lines.map((line, index) => lineWaterfall(line, shareOf.get(index) ?? '0'));
  const total = cents(subtotal.minus(discount));
  const costs = waterfalls.filter((line) => line.isCounted).map((line) => line.cost);
  const cost = costs.every((value): value is TMoney => value !== null)
    ? cents(costs.reduce((sum, value) => sum.plus(value), new Decimal(0)))
    : null;
  return {
    lines: waterfalls,
    subtotal: cents(subtotal),
    discountPercent: percentText(discountPercent),
    discount,
    total,
    ...marginOf(total, cost),
  };
}

/** The waterfall's steps in words, as every surface shows them. */
export const WATERFALL_LABEL: Record<TWaterfallStepKind | 'net', string> = {
  list: 'List price',
  priceList: 'Price list',
  tier: 'Quantity tier',
  lineDiscount: 'Line discount',
  quoteDiscount: 'Quote discount',
  net: 'Net',
};

/** One row of a waterfall as shown: its label (with the per cent of a discount), amount and amount as text. */
export type TWaterfallRow = { kind: TWaterfallStepKind | 'net'; label: string; amount: TMoney; text: string };

/** The money text of every surface (Lines tab, Summary, PDF, e-mail), in the quote's currency. */
export const waterfallMoney = (amount: TMoney, currency?: string): string => formatMoney(amount, currency);

/**
 * A line's waterfall as rows: the list price, each step that changes it (with the discount's per cent), and the
 * net; the amounts add up to the net.
 */
export function waterfallRows(
  line: TLineWaterfall,
  percents: { line?: string | undefined; quote?: string | undefined } = {},
  currency?: string,
): TWaterfallRow[] {
  const labelOf = (kind: TWaterfallStepKind): string => {
    if (kind === 'lineDiscount') return `${WATERFALL_LABEL.lineDiscount} ${percentText(percents.line)}%`;
    if (kind === 'quoteDiscount') return `${WATERFALL_LABEL.quoteDiscount} ${percentText(percents.quote)}%`;
    return WATERFALL_LABEL[kind];
  };
  const steps = line.steps.filter((step) => step.kind === 'list' || !toDecimal(step.amount).eq(0));
  return [
    ...steps.map((step) => ({
      kind: step.kind,
      label: labelOf(step.kind),
      amount: step.amount,
      text: waterfallMoney(step.amount, currency),
    })),
    { kind: 'net' as const, label: WATERFALL_LABEL.net, amount: line.net, text: waterfallMoney(line.net, currency) },
  ];
}

/** A line's waterfall on one line of text: 'List price $300.00 · Line discount 40% -$120.00 · Net $180.00'. */
export const waterfallText = (rows: readonly TWaterfallRow[]): string =>
  rows.map((row) => `${row.label} ${row.text}`).join(' · ');

/** The subtotal and the quote discount (as taken off it) that lead to a quote's total, as rows. */
export function quoteDiscountRows(
  quote: Pick<TQuoteWaterfall, 'subtotal' | 'discountPercent' | 'discount'>,
  currency?: string,
): { label: string; text: string }[] {
  return [
    { label: 'Subtotal', text: waterfallMoney(quote.subtotal, currency) },
    {
      label: `${WATERFALL_LABEL.quoteDiscount} ${quote.discountPercent}%`,
      text: waterfallMoney(toDecimal(0).minus(quote.discount).toFixed(2), currency),
    },
  ];
}

/**
 * The quote's totals as rows: the subtotal and the quote discount when there is one, then the total; with `cost`
 * and margin (amount and per cent) when known and asked for.
 */
export function quoteTotalRows(
  quote: TQuoteWaterfall,
  withMargin = false,
  currency?: string,
): { label: string; text: string }[] {
  const money = (amount: TMoney) => waterfallMoney(amount, currency);
  const rows = toDecimal(quote.discount).eq(0) ? [] : quoteDiscountRows(quote, currency);
  rows.push({ label: 'Total', text: money(quote.total) });
  if (withMargin && quote.cost !== null && quote.margin !== null) {
    rows.push({ label: 'Cost', text: money(quote.cost) });
    const percent = quote.marginPercent === null ? '' : ` (${quote.marginPercent}%)`;
    rows.push({ label: 'Margin', text: `${money(quote.margin)}${percent}` });
  }
  return rows;
}

/** Part of a line as an outside system takes it: a quantity at a unit price in whole cents. */
export type TNetPart = { quantity: number; unitPrice: TMoney };

/**
 * A line's net amount as unit prices in whole cents whose quantities times prices add up to the net exactly: one part
 * when the net divides evenly by the quantity, else two (100.00 over 3 is 1 at 33.34 and 2 at 33.33), the dearer
 * unit price first. For the ERP and CRM hand-offs, whose lines carry a unit price and nothing that holds the exact
 * extended amount. A quantity below 1 cannot carry an amount and answers one part at the net.
 */
export function netUnitParts(net: TMoney, quantity: number): TNetPart[] {
  if (!Number.isSafeInteger(quantity)) throw new RangeError(`Not a whole quantity: ${quantity}`);
  if (quantity < 1) return [{ quantity, unitPrice: unitPrice(net) }];
  const total = centsOf(unitPrice(net));
  const count = BigInt(quantity);
  let unit = total / count;
  if (total < 0n && unit * count !== total) unit -= 1n;
  // 0 <= extra < quantity units take one cent more than the rest.
  const extra = Number(total - unit * count);
  const parts: TNetPart[] = [];
  if (extra > 0) parts.push({ quantity: extra, unitPrice: fromCentsBig(unit + 1n) });
  if (quantity - extra > 0) parts.push({ quantity: quantity - extra, unitPrice: fromCentsBig(unit) });
  return parts;
}

/** A counted line of a quote with what it is worth after every discount, as the hand-offs send it. */
export type TNetLine<TLine> = {
  line: TLine;
  /** Unit price before discounts, held to cents. */
  grossUnitPrice: TMoney;
  /** The line's amount after its discount and its share of the quote discount. */
  net: TMoney;
  parts: TNetPart[];
};

/**
 * The counted lines of a quote at their net amounts (`quoteWaterfall`), each with the unit-price parts that add up
 * to it: the nets add up to the quote's total exactly, and so do the parts.
 */
export function quoteNetLines<TLine extends TWaterfallLineInput>(
  lines: readonly TLine[],
  discountPercent = '0',
): TNetLine<TLine>[] {
  const waterfall = quoteWaterfall(lines, discountPercent);
  return lines.flatMap((line, index) => {
    const step = waterfall.lines[index];
    if (!step?.isCounted) return [];
    return [
      { line, grossUnitPrice: unitPrice(line.price), net: step.net, parts: netUnitParts(step.net, line.quantity) },
    ];
  });
}
