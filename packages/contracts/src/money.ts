import Big from 'big.js';

/**
 * Money, once, for the server, the web app, the documents and the mails. An amount is decimal text, as PostgreSQL's
 * `numeric(19,4)` arrives and as the API carries it ('1140.5', '-0.05'); arithmetic is exact decimal arithmetic
 * (big.js), never binary floats. The rules:
 * - a unit price is held to the currency's minor unit (cents) when a line is priced, half away from zero;
 * - a line total is that unit price times the quantity;
 * - a quote total is the sum of its line totals;
 * so every surface that shows a line or a total shows the same figures, and every document's lines add up to its
 * total.
 */
export type TMoney = string;

/** Digits of the currency's minor unit (US dollars: cents). */
export const MINOR_UNIT_DIGITS = 2;

/**
 * The largest amount a price or a total may reach: what `numeric(19,4)` holds, at whole cents. A total past it is
 * refused with a message that names the field, before anything is written.
 */
export const MONEY_MAX: TMoney = '999999999999999.99';

// A constructor of our own: its settings cannot be changed by anyone else's use of big.js.
const Decimal = Big();
Decimal.DP = 20;
Decimal.RM = Big.roundHalfUp;

const MONEY_TEXT = /^-?\d+(\.\d+)?$/;
const max = new Decimal(MONEY_MAX);

/** An amount as an exact decimal: decimal text, a number (as JS writes it), or a big.js value. Throws on nonsense. */
export function toDecimal(amount: TMoney | number | Big): Big {
  if (amount instanceof Big) return amount;
  const text = typeof amount === 'number' ? numberText(amount) : amount.trim();
  if (!MONEY_TEXT.test(text)) throw new RangeError(`Not a decimal amount: ${String(amount)}`);
  return new Decimal(text);
}

/** A finite number as plain decimal text (no exponent): 1e-7 -> '0.0000001'. */
function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a decimal amount: ${value}`);
  return new Decimal(value).toFixed();
}

/** Whether text is an amount the money functions take. */
export const isMoneyText = (text: string): boolean => MONEY_TEXT.test(text.trim());

/** An amount held to the minor unit, half away from zero: '0.125' -> '0.13', '1.005' -> '1.01', '-2.345' -> '-2.35'. */
export function unitPrice(amount: TMoney | number | Big): TMoney {
  return fixed(toDecimal(amount).round(MINOR_UNIT_DIGITS, Big.roundHalfUp));
}

/** Two decimals, without the minus of a negative zero ('-0.001' held to cents is '0.00'). */
const fixed = (value: Big): TMoney => (value.eq(0) ? '0.00' : value.toFixed(MINOR_UNIT_DIGITS));

/** A line's total: its unit price (held to cents) times its quantity. */
export function lineTotal(line: { price: TMoney | number; quantity: number }): TMoney {
  if (!Number.isSafeInteger(line.quantity)) throw new RangeError(`Not a whole quantity: ${line.quantity}`);
  return fixed(toDecimal(unitPrice(line.price)).times(line.quantity));
}

/**
 * Whether a line counts in its quote's total and is ordered: every line but an optional one the customer left out
 * (`selected` false; a line without the flag counts).
 */
export const isLineCounted = (line: { selected?: boolean }): boolean => line.selected !== false;

/** A quote's total: the sum of the line totals of its counted lines (isLineCounted). */
export function quoteTotal(lines: readonly { price: TMoney | number; quantity: number; selected?: boolean }[]): TMoney {
  let total = new Decimal(0);
  for (const line of lines) if (isLineCounted(line)) total = total.plus(lineTotal(line));
  return fixed(total);
}

/** Whether an amount, held to cents, is within the range prices and totals may take (±MONEY_MAX). */
export function isMoneyInRange(amount: TMoney | number | Big): boolean {
  return toDecimal(unitPrice(amount)).abs().lte(max);
}

/** Whether two amounts are the same money (at whole cents): '4.0150' and '4.02' are, '4.01' and '4.02' are not. */
export const isSameMoney = (a: TMoney | number, b: TMoney | number): boolean =>
  toDecimal(unitPrice(a)).eq(unitPrice(b));

/** An amount in whole cents, as card gateways take it: '4.015' -> 402. Throws past what a number holds exactly. */
export function toCents(amount: TMoney | number | Big): number {
  const cents = toDecimal(unitPrice(amount)).times(100);
  const value = Number(cents.toFixed(0));
  if (!Number.isSafeInteger(value)) throw new RangeError(`Too many cents: ${cents}`);
  return value;
}

/** Whole cents as an amount: 114000 -> '1140.00', -5 -> '-0.05'. */
export function fromCents(cents: number): TMoney {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  return fixed(new Decimal(cents).div(100));
}

/** Whole cents as the number of dollars the API's number fields carry (the engine's `ConfiguredPrice`). */
export const dollarsOf = (cents: number): number => Number(fromCents(cents));

/**
 * The currencies a price list, and so a quote, may be in (ISO 4217), each with how its amounts are written. All have
 * a minor unit of cents, so the money rules hold for each. US dollars are the platform's currency and the default.
 */
export const CURRENCY_SYMBOLS = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  CAD: 'CA$',
  AUD: 'A$',
  NZD: 'NZ$',
  CHF: 'CHF ',
  SEK: 'SEK ',
  NOK: 'NOK ',
  DKK: 'DKK ',
  PLN: 'PLN ',
  MXN: 'MX$',
} as const;
export type TCurrency = keyof typeof CURRENCY_SYMBOLS;
export const CURRENCIES = Object.keys(CURRENCY_SYMBOLS) as [TCurrency, ...TCurrency[]];
export const DEFAULT_CURRENCY: TCurrency = 'USD';

/** Whether text is one of {@link CURRENCIES}. */
export const isCurrency = (text: string): text is TCurrency => Object.hasOwn(CURRENCY_SYMBOLS, text);

/**
 * An amount as people read it: the currency's symbol and two decimals with thousands commas ('$1,234.50',
 * '-€0.05', 'CHF 12.00'), exact at any size (no float in between), held to cents the same way as line prices. An
 * unknown currency is written by its code.
 */
export function formatMoney(amount: TMoney | number | Big, currency: string = DEFAULT_CURRENCY): string {
  const text = unitPrice(amount);
  const isNegative = text.startsWith('-');
  const [whole = '0', cents = '00'] = (isNegative ? text.slice(1) : text).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const symbol = isCurrency(currency) ? CURRENCY_SYMBOLS[currency] : `${currency} `;
  return `${isNegative ? '-' : ''}${symbol}${grouped}.${cents}`;
}

/**
 * `percent` per cent of an amount, held to cents as every line price is: ('199.99', '85') -> '169.99'. A price list's
 * '% of list' entries price lines this way.
 */
export function percentOf(amount: TMoney | number | Big, percent: TMoney | number): TMoney {
  return unitPrice(toDecimal(amount).times(toDecimal(percent)).div(100));
}
