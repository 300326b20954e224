import { formatMoney, isMoneyText } from './money';

export { formatNumber } from './format-number';

/** Shown wherever a value is empty. */
export const EM_DASH = '\u2014';

const isEmpty = (value: unknown): value is null | undefined | '' =>
  value === null || value === undefined || value === '';

/**
 * Formats money as the spec shows it: the currency's symbol (US dollars unless a quote's currency is given) then 2
 * decimals with thousands commas (`$1,234.50`, `€1,234.50`), by the money module's one rule (exact, held to cents
 * half away from zero). Takes decimal text (as PostgreSQL `numeric` arrives) or a number; empty or not an amount
 * gives an em dash.
 */
export function formatCurrency(amount: number | string | null | undefined, currency?: string): string {
  if (isEmpty(amount)) return EM_DASH;
  if (typeof amount === 'number' ? !Number.isFinite(amount) : !isMoneyText(amount)) return EM_DASH;
  return formatMoney(amount, currency);
}

/**
 * Formats a US phone number as (AAA) BBB-CCCC, keeping a leading +1 when the input had a country code.
 * Input that is not a 10-digit US number is returned as typed; empty gives an em dash.
 */
export function formatPhone(phone: string | null | undefined): string {
  if (isEmpty(phone)) return EM_DASH;
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10) return phone;
  const formatted = `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
  return national === digits ? formatted : `+1 ${formatted}`;
}

/** Formats a date as MM/DD/YYYY in the viewer's calendar day; empty or invalid gives an em dash. */
export function formatDate(date: Date | string | number | null | undefined): string {
  if (isEmpty(date)) return EM_DASH;
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return EM_DASH;
  const mm = String(value.getMonth() + 1).padStart(2, '0');
  const dd = String(value.getDate()).padStart(2, '0');
  return `${mm}/${dd}/${value.getFullYear()}`;
}

/** Shows a value, or an em dash when it is empty. */
export function orDash(value: string | number | null | undefined): string {
  return isEmpty(value) ? EM_DASH : String(value);
}

/**
 * Whether text is a calendar date written MM/DD/YYYY (section 9): a day that month has, 02/29 only in leap years.
 * The engine checks date options by the same rule on the server.
 */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return false;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1000 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}
